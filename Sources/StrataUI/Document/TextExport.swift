import Foundation
import Strata

/// What a copy too large for the clipboard writes to a file instead: a parsed subtree or a mapped object as
/// JSON, or a string value as text, scrubbed of secrets, into `exports/` in the session.
///
/// The file is new (`NAME.json`, else `NAME-2.json`, …): an export never replaces one. It is written in pieces off
/// the UI loop, so a 150 MB subtree is never held whole, and atomically.
package struct TextExport: Sendable, Equatable {
    /// What is written.
    package enum Content: Sendable {
        /// Node `node` of `tree`: a string's text, else the canonical JSON (pretty).
        case parsed(Tree, node: Int)
        /// Mapped value `value`'s object as JSON (pretty).
        case mapped(MappingResult, value: Int)
    }

    /// What is written.
    package let content: Content
    /// The session folder; the file goes in its `exports/`.
    package let sessionDirectory: String
    /// The file name without its extension (`products-0-subtree`).
    package let name: String
    /// Replaces the session's secrets in what is written.
    package let scrubber: SecretScrubber

    /// The folder exports go to, relative to the session.
    package static let folder = "exports"

    /// How an export ended.
    package enum Outcome: Sendable, Equatable {
        /// `bytes` were written to `file` (absolute).
        case written(file: String, bytes: Int)
        /// Nothing was written, and why.
        case failed(String)
    }

    /// Creates an export of `content` named `name` (made safe for a file name) into the session's `exports/`.
    package init(content: Content, sessionDirectory: String, name: String, scrubber: SecretScrubber) {
        self.content = content
        self.sessionDirectory = sessionDirectory
        self.name = TextExport.fileName(name)
        self.scrubber = scrubber
    }

    /// `.txt` for a string value, else `.json`.
    package var fileExtension: String {
        if case .parsed(let tree, let node) = content, tree.kind(node) == .string { return "txt" }
        return "json"
    }

    /// The file the export goes to when no file of that name exists yet, relative to the session.
    package var relativeFile: String { "\(TextExport.folder)/\(name).\(fileExtension)" }

    /// Writes the export to a new file in `exports/`; off the UI loop.
    package func write() -> Outcome {
        let folder = (sessionDirectory as NSString).appendingPathComponent(TextExport.folder)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return .failed("cannot create \(TextExport.folder)/ in the session: \(error.localizedDescription)")
        }
        var file = (folder as NSString).appendingPathComponent("\(name).\(fileExtension)")
        var n = 2
        while FileManager.default.fileExists(atPath: file) {
            file = (folder as NSString).appendingPathComponent("\(name)-\(n).\(fileExtension)")
            n += 1
        }
        var written = 0
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(to: file, root: sessionDirectory) {
                (sink: AtomicFile.Sink) throws(AtomicFile.WriteError) in
                var stream = SecretScrubber.Stream(scrubber, json: false)
                var failure: AtomicFile.WriteError?
                func put(_ bytes: [UInt8]) {
                    guard failure == nil, !bytes.isEmpty else { return }
                    do throws(AtomicFile.WriteError) {
                        try sink.write(bytes)
                        written += bytes.count
                    } catch {
                        failure = error
                    }
                }
                switch content {
                case .parsed(let tree, let node) where tree.kind(node) == .string:
                    put(stream.feed(Array((tree.string(node) ?? "").utf8)))
                case .parsed(let tree, let node):
                    tree.writeJSON(node, pretty: true, chunkSize: 1 << 20) { put(stream.feed($0)) }
                case .mapped(let result, let value):
                    put(stream.feed(Array(result.jsonText(of: value, pretty: true).utf8)))
                }
                put(stream.finish())
                if let failure { throw failure }
            }
        } catch {
            return .failed(error.description)
        }
        return .written(file: file, bytes: written)
    }

    /// `name` with every character that is not a letter, digit, `-` or `_` as `-`, at most 80 characters.
    static func fileName(_ name: String) -> String {
        var out = ""
        for c in name.unicodeScalars.prefix(80) {
            let keep = (c.isASCII && (CharacterSet.alphanumerics.contains(c))) || c == "-" || c == "_"
            out.append(keep ? Character(c) : "-")
        }
        while out.contains("--") { out = out.replacingOccurrences(of: "--", with: "-") }
        out = out.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return out.isEmpty ? "export" : out
    }

    package static func == (a: TextExport, b: TextExport) -> Bool {
        guard a.sessionDirectory == b.sessionDirectory, a.name == b.name else { return false }
        switch (a.content, b.content) {
        case (.parsed(let t, let n), .parsed(let u, let m)): return n == m && t.count == u.count && t.source == u.source
        case (.mapped(let r, let v), .mapped(let s, let w)): return v == w && r.values.count == s.values.count
        default: return false
        }
    }
}
