import Foundation
import StrataDocuments

/// Writing pairs as text and splicing them into an existing fixture file.
extension FixtureWriter {
    /// How a recorded body is written.
    enum BodyKind {
        /// No body.
        case none
        /// A JSON document, written as a JSON value (its exact bytes, without surrounding white space).
        case json([UInt8])
        /// UTF-8 text, written as a JSON string.
        case text(String)
        /// Anything else, written to a body file.
        case binary
    }

    /// Decides how to write `response`'s body: JSON when it parses as JSON, text when it is UTF-8, else a file.
    static func bodyKind(_ response: Response) -> BodyKind {
        let body = response.body
        if body.isEmpty { return .none }
        guard let text = String(validating: body, as: UTF8.self) else { return .binary }
        if let tree = try? JSONParser().parse(body), tree.count > 0 {
            return .json(Array(body[tree.span(Tree.root)]))
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\r" && $0 != "\t" }) {
            return .binary
        }
        return .text(text)
    }

    /// The pair as JSON text; lines after the first start with `indent`.
    static func pairText(
        _ listed: (method: String, params: [(name: String, value: String)]), status: Int, headers: HTTPHeaders,
        body: BodyKind, bodyFile: String?, indent: String
    ) -> String {
        func object(_ pairs: [(String, String)]) -> String {
            "{ " + pairs.map { JSONString.quote($0.0) + ": " + JSONString.quote($0.1) }.joined(separator: ", ") + " }"
        }
        var request = "\"method\": " + JSONString.quote(listed.method)
        if !listed.params.isEmpty { request += ", \"params\": " + object(listed.params.map { ($0.name, $0.value) }) }
        var response = ["\"status\": \(status)"]
        if !headers.isEmpty { response.append("\"headers\": " + object(headers.map { ($0.name, $0.value) })) }
        switch body {
        case .none: break
        case .json(let bytes): response.append("\"body\": " + String(decoding: bytes, as: UTF8.self))
        case .text(let s): response.append("\"body\": " + JSONString.quote(s))
        case .binary: if let bodyFile { response.append("\"bodyFile\": " + JSONString.quote(bodyFile)) }
        }
        let inner = indent + "  "
        return "{\n" + inner + "\"request\": { " + request + " },\n" + inner + "\"response\": {\n"
            + response.map { inner + "  " + $0 }.joined(separator: ",\n") + "\n" + inner + "}\n" + indent + "}"
    }

    /// Splices a pair into fixture file text (nil: a new file) and returns the new text and the pair's index.
    ///
    /// `pair` makes the pair's text for a given indentation. Only the bytes between existing values change.
    static func insert(
        into original: [UInt8]?, path: String, replacing: Int?, pair: (String) -> String
    ) throws(SpliceError) -> ([UInt8], Int) {
        let key = JSONString.quote(path)
        guard let original, !original.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            return (Array("{\n  \(key): [\n    \(pair("    "))\n  ]\n}\n".utf8), 0)
        }
        let tree: Tree
        do {
            tree = try JSONParser().parse(original)
        } catch {
            throw SpliceError(message: "it is not valid JSON (\(error))")
        }
        guard tree.kind(Tree.root) == .object else {
            throw SpliceError(message: "it is not a JSON object of \"/path\": [pairs]")
        }
        let decoded = PercentEncoding.decode(path)
        let member = tree.children(Tree.root).first {
            tree.key($0).map { PercentEncoding.decode($0) } == decoded
        }
        func splice(_ range: Range<Int>, _ text: String) -> [UInt8] {
            var out = Array(original[..<range.lowerBound])
            out += Array(text.utf8)
            out += original[range.upperBound...]
            return out
        }
        guard let member else {
            // A new path: after the last member, or as the only member.
            let indent = lastMemberIndent(tree) ?? "  "
            let entry = JSONString.quote(path) + ": [\n" + indent + "  " + pair(indent + "  ") + "\n" + indent + "]"
            if let last = tree.lastChild(Tree.root) {
                let end = tree.span(last).upperBound
                return (splice(end..<end, ",\n" + indent + entry), 0)
            }
            return (splice(tree.span(Tree.root), "{\n" + indent + entry + "\n}"), 0)
        }
        guard tree.kind(member) == .array else {
            throw SpliceError(message: "the value of \(key) is not an array of pairs")
        }
        let keyIndent = lineIndent(tree.source, at: tree.keySpan(member)?.lowerBound ?? tree.startOffset(member))
        if let replacing, let old = tree.child(member, at: replacing) {
            let indent = elementIndent(tree, old, keyIndent: keyIndent)
            return (splice(tree.span(old), pair(indent)), replacing)
        }
        guard let last = tree.lastChild(member) else {
            let indent = keyIndent + "  "
            return (splice(tree.span(member), "[\n" + indent + pair(indent) + "\n" + keyIndent + "]"), 0)
        }
        let indent = elementIndent(tree, last, keyIndent: keyIndent)
        let end = tree.span(last).upperBound
        return (splice(end..<end, ",\n" + indent + pair(indent)), tree.childCount(member) - 1 + 1)
    }

    /// The white space at the start of the line holding byte `offset`.
    static func lineIndent(_ bytes: [UInt8], at offset: Int) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The indentation for a pair placed like `element`: its line's, or the key's plus two when it shares the
    /// key's line.
    static func elementIndent(_ tree: Tree, _ element: Tree.Index, keyIndent: String) -> String {
        let start = tree.startOffset(element)
        var k = start
        while k > 0, tree.source[k - 1] != 0x0A {
            let c = tree.source[k - 1]
            if c != 0x20 && c != 0x09 { return keyIndent + "  " }
            k -= 1
        }
        return lineIndent(tree.source, at: start)
    }

    /// The indentation of the root object's last member, if it starts its own line.
    static func lastMemberIndent(_ tree: Tree) -> String? {
        guard let last = tree.lastChild(Tree.root), let key = tree.keySpan(last) else { return nil }
        let indent = lineIndent(tree.source, at: key.lowerBound)
        return indent.isEmpty ? nil : indent
    }

    /// A name `base-N.ext` not yet used in `directory`.
    static func freeName(in directory: String, base: String, ext: String) -> String {
        var n = 1
        while FileManager.default.fileExists(atPath: Session.join(directory, "\(base)-\(n).\(ext)")) { n += 1 }
        return "\(base)-\(n).\(ext)"
    }

    /// A file extension for a media type (`bin` when unknown).
    static func fileExtension(_ contentType: String?) -> String {
        let media = contentType?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        if let media, media.hasSuffix("+json") { return "json" }
        if let media, media.hasSuffix("+xml") { return "xml" }
        switch media {
        case "application/json": return "json"
        case "application/xml", "text/xml": return "xml"
        case "text/plain": return "txt"
        case "text/csv": return "csv"
        case "text/html": return "html"
        case "image/png": return "png"
        case "image/jpeg": return "jpg"
        case "image/gif": return "gif"
        case "image/webp": return "webp"
        case "application/pdf": return "pdf"
        case "application/zip": return "zip"
        case "application/x-plist", "application/x-bplist": return "plist"
        case "application/gzip": return "gz"
        default: return "bin"
        }
    }
}

/// Why a pair cannot be spliced into an existing fixture file.
struct SpliceError: Error {
    /// What is wrong with the file.
    var message: String
}
