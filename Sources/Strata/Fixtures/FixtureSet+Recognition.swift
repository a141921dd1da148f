import Foundation
import StrataDocuments

/// Which `*.json` files of a fixtures folder are fixture files: the loader's rule (``FixtureSet/load(directory:cache:)``).
extension FixtureSet {
    /// What one `*.json` file of the folder turned out to be before bodies are set apart.
    enum Candidate {
        /// A fixture file, read.
        case fixture(FileContents)
        /// Refused or unreadable: reported as a fixture file that could not be read.
        case problem(Diagnostic)
        /// Not a fixture file: why, at the position of the first byte that says so.
        case other(line: Int, column: Int, why: String)

        /// A file that could not be read as `file`, at its start.
        static func problem(_ file: String, _ message: String) -> Candidate {
            .problem(Diagnostic(file: file, line: 1, column: 1, message: message))
        }
    }

    /// How a file's start reads: as a fixture file, or as something else (with where and why).
    public enum Recognition: Sendable, Equatable {
        /// `{` then a request path key (`"/…`) or `}`: a fixture file, to be read (and its problems reported).
        case fixtureFile
        /// Anything else (an array, an object whose first key is not a path, an empty file), at 1-based
        /// `line`:`column`.
        case other(line: Int, column: Int, why: String)
    }

    /// The most bytes read to recognise a file (white space before its first key beyond them is not looked at).
    static let recognitionBytes = 4096

    /// Whether the file starting with `start` (its first ``recognitionBytes`` bytes, or all of it) is a fixture
    /// file: white space aside, `{` followed by `}` or by a key starting with `/`. A start cut before it can tell
    /// (`{` or `{"` at the end) counts as a fixture file, so a fixture being written reports its parse error.
    public static func recognise(_ start: [UInt8]) -> Recognition {
        var i = 0
        func skipSpace() { while i < start.count, [0x20, 0x09, 0x0A, 0x0D].contains(start[i]) { i += 1 } }
        func other(_ why: String) -> Recognition {
            let (line, column) = TextPosition.lineColumn(of: min(i, start.count), in: start)
            return .other(line: line, column: column, why: why)
        }
        skipSpace()
        guard i < start.count else { return other(start.isEmpty ? "it is empty" : "it holds only white space") }
        guard start[i] == UInt8(ascii: "{") else {
            return other("a fixture file is an object of \"/path\": [pairs]; it starts with \(snippet(start, at: i))")
        }
        i += 1
        skipSpace()
        guard i < start.count, start[i] != UInt8(ascii: "}") else { return .fixtureFile }
        guard start[i] == UInt8(ascii: "\"") else {
            return other(
                "a fixture file's keys are request paths; its first member starts with \(snippet(start, at: i))")
        }
        guard i + 1 < start.count, start[i + 1] != UInt8(ascii: "/") else { return .fixtureFile }
        var end = i + 1
        while end < start.count, end - i < 40, start[end] != UInt8(ascii: "\""), start[end] != 0x0A { end += 1 }
        let key = String(decoding: start[(i + 1)..<min(end, start.count)], as: UTF8.self)
        let cut = end < start.count && start[end] == UInt8(ascii: "\"") ? "" : "…"
        return other("a fixture file's keys are request paths starting with '/'; its first key is '\(key)\(cut)'")
    }

    /// Up to 24 characters of `bytes` from `offset` to the end of the line, quoted, for a message.
    static func snippet(_ bytes: [UInt8], at offset: Int) -> String {
        var end = offset
        while end < bytes.count, end - offset < 24, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        return "'" + text + (end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D ? "…'" : "'")
    }

    /// A file as the file system knows it, whatever path reaches it.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// The files that the fixture files `read` name as bodies and that exist (symlinks followed): such a file is a
    /// body, never a fixture file, however its path is spelled (`x.json`, `./x.json`, `bodies/../x.json`).
    static func namedBodies(_ read: [FileContents]) -> Set<FileIdentity> {
        var named = Set<FileIdentity>()
        for contents in read {
            for (path, exists) in contents.bodyFiles where exists {
                var info = stat()
                if stat(path, &info) == 0 { named.insert(FileIdentity(info)) }
            }
        }
        return named
    }
}
