import StrataDocuments

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

    /// Follows the path from `start`, returning the node reached, the nodes collected through arrays, or where it
    /// stopped and why.
    ///
    /// A key step on an array (or, in XML, on a wrapper of repeated elements) is taken in every element and the
    /// results are collected, as key-value coding did (`events.name` → every event's name). In XML a key step that
    /// names a repeated element stands for all of them, as a JSON array there would (`catalogue.article.title` →
    /// every article's title), and a key step finds an attribute (`id` → `@id`) or an element (`@id` → `id`) when
    /// the exact key is not there.
    func resolve(in tree: Tree, from start: Tree.Index) -> Resolution {
        var passed: [Tree.Index] = []
        switch walk(tree, from: start, step: 0, passed: &passed) {
        case .one(let n): return .found(n, intermediates: passed)
        case .many(let nodes, let fan): return .collected(nodes, intermediates: passed, fan: fan)
        case .stop(let at, let step): return .stopped(at: at, step: step, intermediates: passed)
        }
    }

    private enum Walk {
        case one(Tree.Index)
        case many([Tree.Index], FanOut)
        case stop(Tree.Index, Int)
    }

    private func walk(_ tree: Tree, from start: Tree.Index, step first: Int, passed: inout [Tree.Index]) -> Walk {
        var current = start
        let isXML = tree.format == .xml
        for n in first..<steps.count {
            if n > first { passed.append(current) }
            let step = steps[n]
            var next: Tree.Index?
            switch step {
            case .element(let i):
                next = tree.kind(current).isContainer ? tree.child(current, at: i) : nil
            case .key(let k, let index):
                switch tree.kind(current) {
                case .object:
                    next = tree.children(current).first { tree.key($0) == k }
                    if isXML, let named = next {
                        let same = tree.children(current).filter { tree.key($0) == k }
                        if same.count > 1 {
                            let fan = FanOut(
                                step: n, position: position(of: named, in: current, tree), via: .repeated(k))
                            return collect(tree, same, from: n + 1, fan: fan, passed: &passed)
                        }
                    }
                    next = next ?? index.flatMap { tree.child(current, at: $0) }
                    if next == nil, isXML {
                        let other = Tree.xmlCounterpart(of: k)
                        next = tree.children(current).first { tree.key($0) == other }
                        if next == nil, index == nil, let items = tree.wrappedElements(current) {
                            let fan = FanOut(
                                step: n, position: position(of: items[0], in: current, tree),
                                via: .wrapper(tree.key(items[0]) ?? ""))
                            return collect(tree, items, from: n, fan: fan, passed: &passed)
                        }
                    }
                case .array:
                    next = index.flatMap { tree.child(current, at: $0) }
                    if next == nil, index == nil {
                        let fan = FanOut(step: n, position: 0, via: .array)
                        return collect(tree, Array(tree.children(current)), from: n, fan: fan, passed: &passed)
                    }
                default: next = nil
                }
            }
            guard let found = next else { return .stop(current, n) }
            current = found
        }
        return .one(current)
    }

    /// The position of child `c` among the children of `parent`.
    private func position(of c: Tree.Index, in parent: Tree.Index, _ tree: Tree) -> Int {
        tree.children(parent).enumerated().first { $0.element == c }?.offset ?? 0
    }

    /// Takes the rest of the path from step `n` in each item, flattening what several items collect; items where
    /// the rest leads nowhere are left out. An item the rest goes through is passed; with no step left, the items
    /// are the result.
    private func collect(
        _ tree: Tree, _ items: [Tree.Index], from n: Int, fan: FanOut, passed: inout [Tree.Index]
    ) -> Walk {
        var out: [Tree.Index] = []
        for item in items {
            if n < steps.count { passed.append(item) }
            switch walk(tree, from: item, step: n, passed: &passed) {
            case .one(let v): out.append(v)
            case .many(let vs, _): out += vs
            case .stop: break
            }
        }
        return .many(out, fan)
    }

    /// Where a path first went into several nodes, for messages.
    struct FanOut {
        /// What the path went through.
        enum Via: Equatable {
            /// An array: the step was taken in each element.
            case array
            /// An XML wrapper of repeated elements of this name: the step was taken in each.
            case wrapper(String)
            /// XML elements of this name, repeated where the step names them.
            case repeated(String)
        }

        /// The step taken in each node, or the step naming the repeated elements.
        var step: Int
        /// The position of the first node among its parent's members: the number step that picks it.
        var position: Int
        var via: Via

        /// What the path went through, for messages: `an array`, `repeated "article" elements`.
        var text: String {
            switch via {
            case .array: "an array"
            case .wrapper(let name), .repeated(let name): "repeated \(JSONString.quote(name)) elements"
            }
        }
    }

    /// The outcome of following a path.
    enum Resolution {
        /// The node reached, and the containers passed through on the way (not the start).
        case found(Tree.Index, intermediates: [Tree.Index])
        /// The nodes reached through arrays or repeated elements, in order, the containers passed through, and
        /// where the path first went into several nodes.
        case collected([Tree.Index], intermediates: [Tree.Index], fan: FanOut)
        /// The last node reached and the index of the step that failed there.
        case stopped(at: Tree.Index, step: Int, intermediates: [Tree.Index])
    }

    /// The path up to where it fanned out with the number step that picks the first node there, for hints:
    /// `e.0…`, `catalogue.1…`.
    func pickingOne(_ fan: FanOut) -> String {
        let head = prefix(fan.step)
        return (head.isEmpty ? "" : head + ".") + String(fan.position) + "…"
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
    /// The key-path form of node path `path` in `tree`: `text(for:)`, except that in an XML tree a repeated
    /// element is named by its position among its parent's members (`catalogue.1.title` for
    /// `$.catalogue.article#1.title`), since a key naming a repeated element collects all of them.
    public static func text(for path: TreePath, in tree: Tree) -> String {
        guard tree.format == .xml else { return text(for: path) }
        var steps: [String] = []
        var current = Tree.root
        for component in path.components {
            switch component {
            case .index(let i):
                guard let next = tree.child(current, at: i) else { return text(for: path) }
                steps.append(String(i))
                current = next
            case .key(let k, let occurrence):
                var seen = 0
                var found: (node: Tree.Index, position: Int)?
                for (position, c) in tree.children(current).enumerated() where tree.key(c) == k {
                    if seen == occurrence { found = (c, position) }
                    seen += 1
                }
                guard let found, !k.isEmpty else { return text(for: path) }
                steps.append(seen > 1 ? String(found.position) : escaped(k))
                current = found.node
            }
        }
        return steps.isEmpty ? "$" : steps.joined(separator: ".")
    }

    /// A key as one step of a dotted path: dots and backslashes escaped.
    private static func escaped(_ k: String) -> String {
        var step = ""
        for ch in k {
            if ch == "." || ch == "\\" { step.append("\\") }
            step.append(ch)
        }
        return step
    }

    /// The key-path form of `path` that a mapping's `field` or `keyPath` accepts: keys joined by dots (a dot in a
    /// key as `\.`), array positions as numbers (`products.0.name`); the root is `$`. A key that repeats among
    /// its siblings has no key-path form beyond the first, so the `$` path is returned for it. For an XML tree's
    /// nodes, use `text(for:in:)`.
    public static func text(for path: TreePath) -> String {
        guard !path.components.isEmpty else { return "$" }
        var steps: [String] = []
        for component in path.components {
            switch component {
            case .index(let i): steps.append(String(i))
            case .key(let k, let occurrence):
                guard occurrence == 0, !k.isEmpty else { return path.description }
                steps.append(escaped(k))
            }
        }
        return steps.joined(separator: ".")
    }
}
