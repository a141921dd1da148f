import StrataDocuments

/// A mapped tree with its issues, linked both ways to the parsed tree it came from.
///
/// Values are stored flat in pre-order (`values[0]` is the root; a value's descendants follow it up to `end`),
/// so the explorer can fold and walk them like a `Tree`. Each value knows its `source` node, and each source node
/// can be asked which value used it (`value(forSource:)`) or how the mapping treated it (`usage(of:)`).
public struct MappingResult: Sendable {
    /// The parsed tree that was mapped.
    public let tree: Tree
    /// Every mapped value, in pre-order.
    public let values: MappedValues
    /// Every issue, in the order found.
    public let issues: MappingIssues
    /// Fields present in the source that no property consumed (roots of unused subtrees), in document order; read
    /// from the source marks, so it takes a pass over the tree (a response can have half a million of them, which
    /// the result does not keep a second list of).
    public var unmapped: [Tree.Index] {
        sourceIndex.indices.filter { sourceIndex[$0] == SourceMarks.unmapped }
    }
    let sourceIndex: SourceMarks
    /// Issue positions ordered by the value they mark (then by position), and that value for each: 8 bytes an
    /// issue, where a dictionary of arrays cost about 80 (a 100 MB response has half a million unmapped fields).
    private let issueOrder: [Int32]
    private let issueOrderValues: [Int32]
    /// The path of every value a JSON:API `reference` points at, built once: a path counts its siblings, so
    /// building one per reference would be quadratic in a document whose resources are shared many times.
    private var referencePaths: [MappedValue.ID: String] = [:]

    init(tree: Tree, values: MappedValues, issues: MappingIssues, sourceIndex: SourceMarks) {
        self.tree = tree
        self.values = values
        self.issues = issues
        self.sourceIndex = sourceIndex
        // Issues are found value by value, so the pairs are nearly always in order already.
        var pairs = issues.markedValues()
        if zip(pairs, pairs.dropFirst()).contains(where: { $0.value > $1.value }) {
            pairs.sort { $0.value != $1.value ? $0.value < $1.value : $0.issue < $1.issue }
        }
        self.issueOrder = pairs.map(\.issue)
        self.issueOrderValues = pairs.map(\.value)
        self.referencePaths = referenceTargetPaths()
    }

    /// The path of value `target` of a `reference` (see ``path(of:position:)``).
    func referencePath(_ target: MappedValue.ID) -> String {
        referencePaths[target] ?? path(of: target)
    }

    /// The paths of the reference targets, with sibling positions counted in one pass over the values.
    private func referenceTargetPaths() -> [MappedValue.ID: String] {
        guard values.hasReferences else { return [:] }
        let targets = values.indices.compactMap { values.reference($0) }
        guard !targets.isEmpty else { return [:] }
        var position = [Int32](repeating: 0, count: values.count)
        var next = [Int32](repeating: 0, count: values.count)
        for v in values.indices {
            guard let p = values.parent(v) else { continue }
            position[v] = next[p]
            next[p] += 1
        }
        var paths: [MappedValue.ID: String] = [:]
        for t in targets where paths[t] == nil {
            paths[t] = path(of: t, position: { Int(position[$0]) })
        }
        return paths
    }

    /// The root value: an object, an array of objects for a root array, or a JSON:API document.
    public var root: MappedValue { values[0] }

    /// The value with id `id`.
    public subscript(id: MappedValue.ID) -> MappedValue { values[id] }

    /// The ids of the children of `id`, in order (properties, elements or entries).
    public func children(of id: MappedValue.ID) -> [MappedValue.ID] {
        var out: [MappedValue.ID] = []
        var c = id + 1
        let end = values.end(id)
        while c < end {
            out.append(c)
            c = values.end(c)
        }
        return out
    }

    /// The child of object or dictionary `id` named `name`.
    public func child(of id: MappedValue.ID, named name: String) -> MappedValue.ID? {
        children(of: id).first { values.name($0) == name }
    }

    /// The value found by following property names and array positions from the root: `value(at: "catalogue", 0)`.
    public func value(at steps: any MappedPathStep...) -> MappedValue? {
        var current = 0
        for step in steps {
            if let name = step as? String {
                guard let c = child(of: current, named: name) else { return nil }
                current = c
            } else if let index = step as? Int {
                let kids = children(of: current)
                guard index >= 0, index < kids.count else { return nil }
                current = kids[index]
            }
        }
        return values[current]
    }

    /// The value read directly from source node `node`, if any.
    public func value(forSource node: Tree.Index) -> MappedValue.ID? {
        guard node >= 0, node < sourceIndex.count, sourceIndex[node] >= 0 else { return nil }
        return Int(sourceIndex[node])
    }

    /// How the mapping treated source node `node`.
    public enum SourceUsage: Sendable, Equatable {
        /// The node is the source of this value.
        case value(MappedValue.ID)
        /// The node is inside the source of this value (an `any` subtree, an unread part of a resource).
        case inside(MappedValue.ID)
        /// The node is a field no property consumed, or inside one.
        case unmapped
        /// A key path went through the node to reach a mapped value.
        case passed
        /// The mapping never looked at the node (outside the route's key path).
        case notReached
    }

    /// How the mapping treated source node `node`: read into a value, inside one, unmapped, or not reached.
    public func usage(of node: Tree.Index) -> SourceUsage {
        guard node >= 0, node < sourceIndex.count else { return .notReached }
        var c = node
        var first = true
        while true {
            let mark = sourceIndex[c]
            if mark >= 0 { return first ? .value(Int(mark)) : .inside(Int(mark)) }
            if mark == SourceMarks.unmapped { return .unmapped }
            if mark == SourceMarks.passed { return first ? .passed : .notReached }
            guard let p = tree.parent(c) else { return .notReached }
            c = p
            first = false
        }
    }

    /// The issues that mark value `id`.
    public func issues(for id: MappedValue.ID) -> [MappingIssue] {
        var low = 0
        var high = issueOrderValues.count
        while low < high {
            let mid = (low + high) / 2
            if Int(issueOrderValues[mid]) < id { low = mid + 1 } else { high = mid }
        }
        var found: [MappingIssue] = []
        while low < issueOrderValues.count, Int(issueOrderValues[low]) == id {
            found.append(issues[Int(issueOrder[low])])
            low += 1
        }
        return found
    }

    /// The most serious issue on value `id` or any value inside it (for marking folded objects), if any.
    public func subtreeSeverity(of id: MappedValue.ID) -> MappingIssue.Severity? {
        var worst: MappingIssue.Severity? = nil
        for v in id..<values.end(id) {
            if let s = values.severity(v), worst == nil || s.weight > worst!.weight { worst = s }
        }
        return worst
    }

    /// The number of issues of a severity.
    public func count(_ severity: MappingIssue.Severity) -> Int { issues.count(severity) }

    /// True when some issue is an error.
    public var hasErrors: Bool { issues.count(.error) > 0 }

    /// The position of value `id` in the mapped tree: `catalogue[0].title`; the root is the empty string.
    ///
    /// Built by the same path builder as parsed nodes (`FlatOutline.path`); `position` gives array positions from
    /// a memo when the caller has one.
    public func path(of id: MappedValue.ID, position: ((Int) -> Int)? = nil) -> String {
        path(id, position: position).relativeDescription
    }
}

extension MappingResult: FlatOutline {
    /// The number of values.
    public var count: Int { values.count }

    /// The value containing value `i`.
    public func parent(_ i: Int) -> Int? { values.parent(i) }

    /// The index after value `i`'s last descendant.
    public func subtreeEnd(_ i: Int) -> Int { values.end(i) }

    /// The name of property or dictionary entry `i`; nil for array elements and the root.
    public func pathKey(_ i: Int) -> String? {
        guard let p = values.parent(i), !values.isArray(p) else { return nil }
        return values.name(i)
    }

    /// False: a mapped value is addressed by its name alone (a class's properties are unique).
    public func mayRepeatKey(_ i: Int) -> Bool { false }
}

/// A step of `MappingResult.value(at:)`: a property name (`String`) or an array position (`Int`).
public protocol MappedPathStep {}
extension String: MappedPathStep {}
extension Int: MappedPathStep {}
