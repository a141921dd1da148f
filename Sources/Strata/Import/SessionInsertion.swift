import Foundation
import StrataDocuments

/// Adding an imported route to an existing session.json as a text edit: every other byte (formatting, order,
/// other keys) stays as the user wrote it.
enum SessionInsertion {
    /// `bytes` with `route` appended to `routes` and `redact` names added (each once), or an error naming the
    /// place that prevents it.
    static func insert(
        _ route: SessionDraft.Route, redact: [String], baseURL: String?, into bytes: [UInt8], file: String
    ) throws(ImportError) -> (bytes: [UInt8], routeName: String) {
        let tree: Tree
        do {
            tree = try JSONFormat().parse(bytes)
        } catch {
            throw ImportError(error.located(in: file) + " (fix session.json first; nothing was written)")
        }
        guard tree.kind(Tree.root) == .object else {
            throw ImportError("\(file):1:1: session.json is not an object; nothing was written")
        }
        var edits = JSONTextEdits(bytes: bytes, tree: tree)
        func member(_ name: String) -> Tree.Index? { edits.member(Tree.root, name) }
        func indent(of i: Tree.Index) -> String { edits.indent(of: i) }
        var route = route
        let routes = member("routes")
        if let routes, tree.kind(routes) != .array {
            throw ImportError(
                TextPosition.describe(file, tree.span(routes).lowerBound, bytes)
                    + ": routes is not an array; nothing was written")
        }
        var taken: Set<String> = []
        if let routes {
            for r in tree.children(routes) {
                if let n = tree.children(r).first(where: { tree.key($0) == "name" }), let s = tree.string(n) {
                    taken.insert(s)
                }
            }
        }
        let base = route.name
        var n = 2
        while taken.contains(route.name) {
            route.name = base + String(n)
            n += 1
        }
        func block(_ json: OutputJSON, indent: String) -> String {
            json.text().split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
        }
        let topIndent = tree.firstChild(Tree.root).map(indent(of:)) ?? "  "
        if let routes {
            if let last = tree.lastChild(routes) {
                let ind = indent(of: last)
                let sep = ind.isEmpty ? " " : "\n" + ind
                edits.insert("," + sep + block(route.json, indent: ind), at: tree.span(last).upperBound)
            } else {
                let close = tree.span(routes).upperBound - 1
                let ind = topIndent + "  "
                edits.insert("\n" + ind + block(route.json, indent: ind) + "\n" + topIndent, at: close)
            }
        } else {
            let close = tree.span(Tree.root).upperBound - 1
            let comma = tree.childCount(Tree.root) > 0 ? "," : ""
            let text = OutputJSON.array([route.json])
            var at = close
            while at > 0, JSONBytes.isSpace(bytes[at - 1]) { at -= 1 }
            edits.insert(comma + "\n" + topIndent + "\"routes\": " + block(text, indent: topIndent), at: at)
        }
        let redactNode = member("redact")
        let existingRedact = RedactList(redactNode.map { tree.children($0).compactMap { tree.string($0) } } ?? [])
        let missing = redact.filter { !existingRedact.contains($0) }
        if !missing.isEmpty {
            let list = missing.map(JSONString.quote).joined(separator: ", ")
            if let redactNode, tree.kind(redactNode) == .array {
                if let last = tree.lastChild(redactNode) {
                    edits.insert(", " + list, at: tree.span(last).upperBound)
                } else {
                    edits.insert(list, at: tree.span(redactNode).upperBound - 1)
                }
            } else if redactNode == nil, let first = tree.firstChild(Tree.root), let key = tree.keySpan(first) {
                edits.insert("\"redact\": [\(list)],\n" + topIndent, at: key.lowerBound)
            }
        }
        if member("baseURL") == nil, let baseURL, let first = tree.firstChild(Tree.root), let key = tree.keySpan(first)
        {
            edits.insert("\"baseURL\": \(JSONString.quote(baseURL)),\n" + topIndent, at: key.lowerBound)
        }
        return (edits.applied(), route.name)
    }
}

extension CurlImport {
    /// A template with each variable replaced by its default (or nothing).
    static func expandedDefaults(_ template: Template) -> String {
        template.parts.map { part in
            switch part {
            case .literal(let s): s
            case .variable(_, let fallback): fallback ?? ""
            case .response: ""
            }
        }.joined()
    }
}

extension TextPosition {
    /// `FILE:LINE:COL` of a byte offset.
    static func describe(_ file: String, _ offset: Int, _ bytes: [UInt8]) -> String {
        let (line, column) = lineColumn(of: offset, in: bytes)
        return "\(file):\(line):\(column)"
    }
}

extension CurlImport {
    /// Adds the route of the curl command `text` to the session at `path` (a folder or its session.json),
    /// creating the session when it does not exist. Returns what was made and the files written.
    public static func add(_ text: String, routeName: String? = nil, intoSession path: String) throws(ImportError)
        -> (result: ImportResult, written: [String])
    {
        let (file, directory) = Session.location(of: path)
        guard let data = FileManager.default.contents(atPath: file) else {
            let folder = path.hasSuffix("session.json") ? directory : path
            let result = try session(text, routeName: routeName)
            return (result, try result.write(to: folder, force: false))
        }
        var draft = SessionDraft(name: "")
        var made: [String] = []
        var notCarried: [String] = []
        let bytes = Array(data)
        let existing = try? Session.parse(bytes, file: file, directory: directory)
        let base = existing.map { expandedDefaults($0.baseURL) }
        let origin = try add(
            text, routeName: routeName, to: &draft, made: &made, notCarried: &notCarried, sessionBase: base)
        let (edited, name) = try SessionInsertion.insert(
            draft.routes[0], redact: draft.redact.names, baseURL: origin.baseURL, into: bytes, file: file)
        if name != draft.routes[0].name {
            made[0] = made[0].replacingOccurrences(of: "route \(draft.routes[0].name) ", with: "route \(name) ")
        }
        if let base, !base.isEmpty, !base.hasPrefix(origin.baseURL) {
            notCarried.append("the session's baseURL is \(base); the command went to \(origin.baseURL)")
        }
        do {
            try AtomicFile.write(edited, to: file, root: directory)
        } catch {
            throw ImportError("\(error)")
        }
        return (ImportResult(files: [], made: made, notCarried: notCarried), [file])
    }
}
