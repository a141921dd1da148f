import Foundation

/// The documents of an OpenAPI import: the spec and the files its `$ref`s name, with reference resolution.
struct OpenAPIDocuments {
    var documents: [ImportDocument]
    var notCarried: [String] = []
    /// Values already found by pointer: a spec refers to the same schemas thousands of times.
    private var found: [Target: ImportValue] = [:]
    /// The members of each large object a pointer went through, by key (the first of a repeated key), so finding
    /// each of a few thousand schemas is not a scan of them all.
    private var memberIndexes: [Target: [String: Int]] = [:]
    /// Each document read so far, by file.
    private var documentByFile: [String: Int] = [:]
    /// The folder relative `$ref` files are read from; nothing outside it is read.
    let folder: String

    init(main: ImportDocument) {
        documents = [main]
        documentByFile[main.file] = 0
        let f = (main.file as NSString).deletingLastPathComponent
        folder = f.isEmpty ? "." : f
    }

    func location(_ v: ImportValue) -> String { documents[v.document].location(v.offset) }

    /// The identity of a reference target: `DOC#pointer`.
    struct Target: Hashable {
        var document: Int
        var pointer: String
    }

    /// The target `ref` names, written in document `from`.
    mutating func target(_ ref: String, from: Int, at value: ImportValue) -> Target? {
        let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = String(parts[0])
        let pointer = parts.count > 1 ? String(parts[1]) : ""
        if file.isEmpty { return Target(document: from, pointer: pointer) }
        if file.contains("://") || file.hasPrefix("/") || file.split(separator: "/").contains("..") {
            notCarried.append("\(location(value)): $ref \(ref) is outside the spec's folder; not followed")
            return nil
        }
        let base = (documents[from].file as NSString).deletingLastPathComponent
        let path = (base.isEmpty ? file : base + "/" + file)
        if let i = documentByFile[path] { return Target(document: i, pointer: pointer) }
        do {
            let doc = try ImportDocument.read(path, index: documents.count)
            documentByFile[path] = documents.count
            documents.append(doc)
            return Target(document: documents.count - 1, pointer: pointer)
        } catch {
            notCarried.append("\(location(value)): $ref \(ref): \(error)")
            return nil
        }
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
            guard let t = target(ref, from: current.document, at: current) else { return (current, last) }
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
