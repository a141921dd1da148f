/// A JSON-path-like address of a node: `$.bookstore.catalogue[1].title`, `$["odd key"]`.
///
/// A member whose key repeats among its siblings (duplicate JSON keys, repeated XML elements) is addressed by
/// occurrence after the first: `$.feed.entry#1` is the second `entry` member.
public struct TreePath: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Hashable, Sendable {
        /// An object member by key; `occurrence` counts earlier siblings with the same key.
        case key(String, occurrence: Int = 0)
        /// An array element by position.
        case index(Int)
    }

    /// The steps from the root.
    public var components: [Component]

    /// Creates a path from its steps.
    public init(_ components: [Component] = []) { self.components = components }

    /// The path as text, starting with `$`.
    public var description: String {
        var s = "$"
        for c in components {
            switch c {
            case .index(let i): s += "[\(i)]"
            case .key(let k, let occurrence):
                if TreePath.isIdentifier(k) { s += "." + k } else { s += "[" + JSONString.quote(k) + "]" }
                if occurrence > 0 { s += "#\(occurrence)" }
            }
        }
        return s
    }

    /// The path as text without the `$` (and without the dot after it): `catalogue[0].title`, `["odd key"].a`;
    /// the root is the empty string. Mapped values are shown this way.
    public var relativeDescription: String {
        let text = description.dropFirst()
        return String(text.hasPrefix(".") ? text.dropFirst() : text)
    }

    /// True when `k` can be written after a dot: a letter or `_` followed by letters, digits, `_` or `-`.
    package static func isIdentifier(_ k: String) -> Bool {
        guard let f = k.unicodeScalars.first, f == "_" || f.properties.isAlphabetic else { return false }
        return k.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
    }

    /// Parses the text form (`$.a.b[2]["c d"]#1`); a leading `$` is optional.
    public init?(parsing text: String) {
        var comps: [Component] = []
        let s = Array(text.unicodeScalars)
        var i = 0
        if i < s.count, s[i] == "$" { i += 1 }
        /// The `#n` after a key (0 when there is none); nil when `n` does not fit an Int.
        func occurrence() -> Int? {
            guard i < s.count, s[i] == "#" else { return 0 }
            i += 1
            var n = 0
            while i < s.count, let d = Int(String(s[i])) {
                let (times10, overflow) = n.multipliedReportingOverflow(by: 10)
                guard !overflow, times10 <= Int.max - d else { return nil }
                n = times10 + d
                i += 1
            }
            return n
        }
        while i < s.count {
            if s[i] == "." {
                i += 1
                var k = ""
                while i < s.count, s[i] != ".", s[i] != "[", s[i] != "#" {
                    k.unicodeScalars.append(s[i])
                    i += 1
                }
                guard !k.isEmpty, let n = occurrence() else { return nil }
                comps.append(.key(k, occurrence: n))
            } else if s[i] == "[" {
                i += 1
                if i < s.count, s[i] == "\"" {
                    var raw = "\""
                    i += 1
                    while i < s.count, s[i] != "\"" {
                        raw.unicodeScalars.append(s[i])
                        if s[i] == "\\", i + 1 < s.count {
                            i += 1
                            raw.unicodeScalars.append(s[i])
                        }
                        i += 1
                    }
                    guard i < s.count else { return nil }
                    raw += "\""
                    i += 1
                    guard i < s.count, s[i] == "]" else { return nil }
                    i += 1
                    let bytes = Array(raw.utf8)
                    guard let n = occurrence() else { return nil }
                    comps.append(.key(JSONString.decode(bytes, 1, bytes.count - 1), occurrence: n))
                } else {
                    var n = ""
                    while i < s.count, s[i] != "]" {
                        n.unicodeScalars.append(s[i])
                        i += 1
                    }
                    guard i < s.count, let v = Int(n), v >= 0 else { return nil }
                    i += 1
                    comps.append(.index(v))
                }
            } else {
                return nil
            }
        }
        components = comps
    }
}

extension Tree {
    /// The node at `path`, or nil when there is none.
    public func node(at path: TreePath, from start: Index = Tree.root) -> Index? {
        guard !nodes.isEmpty else { return nil }
        var current = start
        for comp in path.components {
            switch comp {
            case .index(let n):
                guard kind(current) == .array, let c = child(current, at: n) else { return nil }
                current = c
            case .key(let k, let occurrence):
                guard kind(current) == .object else { return nil }
                var seen = 0
                var found: Index? = nil
                for c in children(current) where key(c) == k {
                    if seen == occurrence {
                        found = c
                        break
                    }
                    seen += 1
                }
                guard let f = found else { return nil }
                current = f
            }
        }
        return current
    }

    /// The node at the textual `path`, or nil when the path is malformed or leads nowhere.
    public func node(at path: String) -> Index? { TreePath(parsing: path).flatMap { node(at: $0) } }
}
