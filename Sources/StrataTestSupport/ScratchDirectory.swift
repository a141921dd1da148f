import Foundation

/// A fresh temporary directory for one test, with helpers to write and read files in it.
public struct ScratchDirectory: Sendable {
    /// The directory's absolute path.
    public let path: String

    /// Creates an empty directory under the system's temporary folder and writes `files` (relative path: text).
    public init(_ files: [String: String] = [:]) throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/strata-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try write(name, text) }
    }

    /// The absolute path of `relative`.
    public func url(_ relative: String) -> String { path + "/" + relative }

    /// Writes `text` to `relative`, creating folders as needed.
    public func write(_ relative: String, _ text: String) throws {
        try write(relative, bytes: Array(text.utf8))
    }

    /// Writes `bytes` to `relative`, creating folders as needed.
    public func write(_ relative: String, bytes: [UInt8]) throws {
        let full = url(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
    }

    /// The text of `relative`, or nil when it does not exist.
    public func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: url(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names in folder `relative`, sorted.
    public func list(_ relative: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? path : url(relative))) ?? []).sorted()
    }

    /// Deletes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
