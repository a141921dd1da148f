import Foundation

/// Reading one fixture file from bytes already in memory (the fuzz targets and tests use it).
extension FixtureSet {
    /// The fixture set of the single file `file` holding `bytes`; body files it names are looked up next to `file`
    /// and must resolve inside the session folder above it, as for fixtures read from disk.
    public static func parse(_ bytes: [UInt8], file: String) -> FixtureSet {
        let directory = (file as NSString).deletingLastPathComponent
        let contents = read(bytes, file: file, root: SessionFiles.root(ofFixtures: directory))
        return FixtureSet(
            directory: directory, pairs: contents.pairs, files: [file], bodies: [],
            diagnostics: contents.diagnostics, pathKeys: contents.keys)
    }
}
