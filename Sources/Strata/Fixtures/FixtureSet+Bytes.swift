import Foundation

/// Reading one fixture file from bytes already in memory (the fuzz targets and tests use it).
extension FixtureSet {
    /// The fixture set of the single file `file` holding `bytes`; body files it names are looked up next to `file`.
    public static func parse(_ bytes: [UInt8], file: String) -> FixtureSet {
        let contents = read(bytes, file: file)
        return FixtureSet(
            directory: (file as NSString).deletingLastPathComponent, pairs: contents.pairs, files: [file],
            diagnostics: contents.diagnostics, pathKeys: contents.keys)
    }
}
