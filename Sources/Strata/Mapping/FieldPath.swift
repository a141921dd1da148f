/// A property's `field`: a data key, or a key path with dots and indexes (`pagination.page_number`, `items.0.name`).
///
/// A number step selects an array element (or, in an object without that key, its n-th member, which is how
/// repeated XML elements are indexed). A `\.` keeps a dot inside a key; a path starting with `$` is read as a
/// `TreePath` (`$["odd.key"][0]`).
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of the path.
    public enum Step: Sendable, Hashable {
        /// An object member by exact key; `index` is set when the key is also a valid array index.
        case key(String, index: Int?)
        /// An array element by position (from `$` paths).
        case element(Int)
    }

    /// The steps, from the object the property belongs to.
    public let steps: [Step]
    /// The text as configured.
    public let text: String

    /// Parses a field; nil when it is empty or has an empty step (`a..b`) or a malformed `$` path.
    public init?(_ text: String) {
        self.text = text
        if text.hasPrefix("$") {
            guard let p = TreePath(parsing: text), !p.components.isEmpty else { return nil }
            var steps: [Step] = []
            for c in p.components {
                switch c {
                case .key(let k, _): steps.append(.key(k, index: nil))
                case .index(let i): steps.append(.element(i))
                }
            }
            self.steps = steps
            return
        }
        var steps: [Step] = []
        var current = ""
        var escaped = false
        for ch in text {
            if escaped {
                current.append(ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "." {
                guard !current.isEmpty else { return nil }
                steps.append(FieldPath.step(current))
                current = ""
            } else {
                current.append(ch)
            }
        }
        guard !current.isEmpty else { return nil }
        steps.append(FieldPath.step(current))
        self.steps = steps
    }

    private static func step(_ s: String) -> Step {
        .key(s, index: s.allSatisfy(\.isASCII) && s.allSatisfy(\.isNumber) ? Int(s) : nil)
    }

    /// The first key of the path, when it starts with a key.
    public var firstKey: String? {
        if case .key(let k, _)? = steps.first { return k }
        return nil
    }

    /// The field as configured.
    public var description: String { text }

    /// Follows the path from `start`, returning the node reached, or where it stopped and why.
    func resolve(in tree: Tree, from start: Tree.Index) -> Resolution {
        var current = start
        var passed: [Tree.Index] = []
        for (n, step) in steps.enumerated() {
            if n > 0 { passed.append(current) }
            let next: Tree.Index?
            switch step {
            case .element(let i):
                next = tree.kind(current).isContainer ? tree.child(current, at: i) : nil
            case .key(let k, let index):
                switch tree.kind(current) {
                case .object:
                    next =
                        tree.children(current).first { tree.key($0) == k }
                        ?? index.flatMap { tree.child(current, at: $0) }
                case .array: next = index.flatMap { tree.child(current, at: $0) }
                default: next = nil
                }
            }
            guard let found = next else { return .stopped(at: current, step: n, intermediates: passed) }
            current = found
        }
        return .found(current, intermediates: passed)
    }

    /// The outcome of following a path.
    enum Resolution {
        /// The node reached, and the containers passed through on the way (not the start).
        case found(Tree.Index, intermediates: [Tree.Index])
        /// The last node reached and the index of the step that failed there.
        case stopped(at: Tree.Index, step: Int, intermediates: [Tree.Index])
    }

    /// The text of the steps up to (not including) step `n`, for messages.
    func prefix(_ n: Int) -> String {
        steps.prefix(n).map(\.text).joined(separator: ".")
    }
}

extension FieldPath.Step {
    /// The step as written in a dotted path.
    var text: String {
        switch self {
        case .key(let k, _): k
        case .element(let i): String(i)
        }
    }
}

extension FieldPath {
    /// The key-path form of `path` that a mapping's `field` or `keyPath` accepts: keys joined by dots (a dot in a
    /// key as `\.`), array positions as numbers (`products.0.name`); the root is `$`. A key that repeats among
    /// its siblings has no key-path form beyond the first, so the `$` path is returned for it.
    public static func text(for path: TreePath) -> String {
        guard !path.components.isEmpty else { return "$" }
        var steps: [String] = []
        for component in path.components {
            switch component {
            case .index(let i): steps.append(String(i))
            case .key(let k, let occurrence):
                guard occurrence == 0, !k.isEmpty else { return path.description }
                var step = ""
                for ch in k {
                    if ch == "." || ch == "\\" { step.append("\\") }
                    step.append(ch)
                }
                steps.append(step)
            }
        }
        return steps.joined(separator: ".")
    }
}
