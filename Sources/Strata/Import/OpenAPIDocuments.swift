import Foundation
import StrataDocuments

/// The documents of an OpenAPI import: the spec and the files its `$ref`s name, with reference resolution.
struct OpenAPIDocuments {
    var documents: [ImportDocument]
    var notCarried: [String] = []
    /// Values already found by pointer: a spec refers to the same schemas thousands of times.
    private var found: [Target: ImportValue] = [:]
    /// The members of each large object a pointer went through, by key (the first of a repeated key), so finding
    /// each of a few thousand schemas is not a scan of them all.
    private var memberIndexes: [Target: [String: Int]] = [:]
    /// Each document read so far, by real path.
    private var documentByFile: [String: Int] = [:]
    /// The folder of the spec: `$ref` files are read only when they resolve inside it.
    let folder: String

    init(main: ImportDocument) {
        documents = [main]
        documentByFile[SessionFiles.realPath(main.file) ?? main.file] = 0
        let f = (main.file as NSString).deletingLastPathComponent
        folder = f.isEmpty ? "." : f
    }

    func location(_ v: ImportValue) -> String { documents[v.document].location(v.offset) }

    /// The identity of a reference target: `DOC#pointer`.
    struct Target: Hashable {
        var document: Int
        var pointer: String
    }

    /// The target `ref` names, written in document `from`; nil, with a note, for a ref not followed.
    ///
    /// Another file is read only when it resolves (symlinks followed) to a regular file inside the spec's folder,
    /// by ``SessionFiles``' rule; a URL (`https:`, `file:`, any scheme, or `//host`) is never fetched or read.
    mutating func target(_ ref: String, from: Int, at value: ImportValue) -> Target? {
        let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = String(parts[0])
        let pointer = parts.count > 1 ? String(parts[1]) : ""
        if file.isEmpty { return Target(document: from, pointer: pointer) }
        if let scheme = OpenAPIDocuments.urlScheme(of: file) {
            notCarried.append(
                "\(location(value)): $ref \(ref) is a URL (\(scheme)); only files in the spec's folder are followed, "
                    + "so the schema is left open")
            return nil
        }
        let base = (documents[from].file as NSString).deletingLastPathComponent
        let path = file.hasPrefix("/") || base.isEmpty ? file : base + "/" + file
        let opened: SessionFiles.OpenedFile
        switch SessionFiles.open(path, inside: folder) {
        case .success(let file): opened = file
        case .failure(let refusal):
            notCarried.append(
                "\(location(value)): $ref \(ref) \(refusal.description(folder: "the spec's folder")); "
                    + "not followed, so the schema is left open")
            return nil
        }
        // One document per file, however it is named; what is read is the file that was opened where checked.
        let real = SessionFiles.realPath(path) ?? path
        if let i = documentByFile[real] { return Target(document: i, pointer: pointer) }
        let bytes: [UInt8]
        do {
            bytes = try opened.bytes()
        } catch {
            notCarried.append("\(location(value)): $ref \(ref): \(path) \(error)")
            return nil
        }
        do {
            let doc = try ImportDocument.parse(bytes, file: path, index: documents.count)
            documentByFile[real] = documents.count
            documents.append(doc)
            return Target(document: documents.count - 1, pointer: pointer)
        } catch {
            notCarried.append("\(location(value)): $ref \(ref): \(error)")
            return nil
        }
    }

    /// The scheme of a reference that is a URL (`https:`, `file:`: RFC 3986's letter, then letters, digits, `+`,
    /// `-` or `.`, then `:`), `//` for a network-path reference (`//host/x`), or nil for a path.
    static func urlScheme(of ref: String) -> String? {
        if ref.hasPrefix("//") { return "//" }
        guard let colon = ref.firstIndex(of: ":") else { return nil }
        let scheme = ref[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return String(scheme) + ":"
    }

    /// The value at `target`, or nil.
    mutating func value(at target: Target) -> ImportValue? {
        var v = documents[target.document].root
        var pointer = ""
        for raw in target.pointer.split(separator: "/", omittingEmptySubsequences: true) {
            let step = PercentEncoding.decode(String(raw)).replacingOccurrences(of: "~1", with: "/")
                .replacingOccurrences(of: "~0", with: "~")
            let members = v.members
            if members.count > 16 {
                let at = Target(document: target.document, pointer: pointer)
                if memberIndexes[at] == nil {
                    memberIndexes[at] = Dictionary(
                        members.enumerated().map { ($1.0, $0) }, uniquingKeysWith: { first, _ in first })
                }
                guard let k = memberIndexes[at]?[step] else { return nil }
                v = members[k].1
            } else if let next = v[step] {
                v = next
            } else if let n = Int(step), n >= 0, n < v.items.count {
                v = v.items[n]
            } else {
                return nil
            }
            pointer += "/" + raw
        }
        return v
    }

    /// `v` with its `$ref` chain followed (cycle-safe): the value and the last target followed.
    mutating func resolve(_ v: ImportValue) -> (value: ImportValue, target: Target?) {
        var current = v
        var last: Target? = nil
        var seen: Set<Target> = []
        while let ref = current["$ref"]?.string {
            guard let t = target(ref, from: current.document, at: current) else {
                return (ImportValue(kind: .object([]), document: current.document, offset: current.offset), last)
            }
            guard seen.insert(t).inserted else {
                notCarried.append("\(location(current)): $ref \(ref) refers to itself in a cycle; left unresolved")
                return (ImportValue(kind: .object([]), document: current.document, offset: current.offset), last)
            }
            let cached = found[t]
            guard let next = cached ?? value(at: t) else {
                notCarried.append("\(location(current)): $ref \(ref) leads nowhere")
                return (ImportValue(kind: .object([]), document: current.document, offset: current.offset), last)
            }
            if cached == nil { found[t] = next }
            last = t
            current = next
        }
        return (current, last)
    }
}
