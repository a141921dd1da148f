import Foundation
import StrataDocuments

/// The state of one mapping: the growing value list, the issues, and the caches that keep it fast.
final class MappingRun {
    let tree: Tree
    let compiled: CompiledMappings
    let maxDepth: Int
    /// True when the source has typed scalars (JSON, property lists): only then are coercions noted.
    let typed: Bool
    /// True for XML trees: repeated elements, `#text`, `@attributes`.
    let isXML: Bool

    @exclusivity(unchecked) var values: MappedValues
    @exclusivity(unchecked) var issues = MappingIssues()
    /// Per source node: the first value read from it (≥ 0), or one of `SourceMarks`' marks.
    @exclusivity(unchecked) var sourceIndex: SourceMarks
    @exclusivity(unchecked) var depth = 0
    @exclusivity(unchecked) var readers: [DateReader?]
    @exclusivity(unchecked) var specs: [SpecKey: ObjectSpec] = [:]
    /// Specs by property serial, for the property's own class.
    @exclusivity(unchecked) var specCache: [ObjectSpec?]
    /// A property's name in each number, by property serial: formed the first time an object lacks its field by
    /// exact and normalized name, then shared by every shape.
    @exclusivity(unchecked) var nameForms: [NameMatching.Forms?]
    /// The members of the objects being mapped, innermost last (see `mapObject`).
    @exclusivity(unchecked) var memberStack = MemberStack()
    @exclusivity(unchecked) var keyScratch: [UInt8] = []
    @exclusivity(unchecked) var keyLengthScratch: [Int] = []
    /// The bytes from each member's key to its value, and their lengths, for the shape being collected.
    @exclusivity(unchecked) var layoutScratch: [UInt8] = []
    @exclusivity(unchecked) var layoutLengthScratch: [Int32] = []
    /// Sibling positions for paths, shared with the issues, which build unmapped fields' paths when read.
    let positions: NodePositions
    /// Containers key paths went through, whose unused members are reported at the end.
    var pendingPassed: [(Tree.Index, String)] = []
    var reportedPassed: Set<Tree.Index> = []
    /// JSON:API state, when mapping a JSON:API document.
    var jsonapi = JSONAPIState()

    init(tree: Tree, compiled: CompiledMappings, maxDepth: Int) {
        self.tree = tree
        self.compiled = compiled
        self.maxDepth = maxDepth
        self.typed = tree.format.hasTypedScalars
        self.isXML = tree.format == .xml
        self.values = MappedValues(tree: tree, names: compiled.names)
        self.positions = NodePositions(tree: tree)
        self.sourceIndex = SourceMarks(count: tree.count)
        self.readers = [DateReader?](repeating: nil, count: compiled.dateReaders.count)
        self.specCache = [ObjectSpec?](repeating: nil, count: compiled.propertyCount + 2)
        self.nameForms = [NameMatching.Forms?](repeating: nil, count: compiled.propertyCount + 2)
    }

    deinit { memberStack.deallocate() }

    /// Hands the finished values, issues and indexes over as a result.
    func finish() -> MappingResult {
        flushPassed()
        forgetUnmappedThatWereRead()
        for (value, target) in jsonapi.pendingReferences {
            if let id = jsonapi.expanded[target] {
                values.setContent(.reference(id), at: value)
            } else {
                values.setContent(.unresolved(type: target.type, id: target.id), at: value)
            }
        }
        return MappingResult(tree: tree, values: values, issues: issues, sourceIndex: sourceIndex)
    }

    // MARK: Building values

    /// Appends a value and returns its id; a container is closed later with `close`.
    @discardableResult
    func add(_ content: MappedValue.Content, name: String?, parent: Int?, source: Tree.Index?) -> Int {
        let id = values.count
        values.append(
            content, name: values.nameID(name), parent: Int32(truncatingIfNeeded: parent ?? -1),
            source: Int32(truncatingIfNeeded: source ?? -1))
        if let s = source { sourceIndex.setIfUnread(s, Int32(id)) }
        return id
    }

    /// Appends a value already encoded (the fast paths), read from source node `source`.
    @inline(__always)
    func add(_ kind: MappedValues.Kind, _ payload: UInt64, name: Int32, parent: Int, source: Tree.Index) {
        let id = Int32(truncatingIfNeeded: values.count)
        values.append(
            kind, payload, name: name, parent: Int32(truncatingIfNeeded: parent),
            source: Int32(truncatingIfNeeded: source))
        sourceIndex.setIfUnread(source, id)
    }

    /// Ends container `id` after its last descendant.
    func close(_ id: Int) { values.setEnd(values.count, of: id) }

    /// Records that value `id` also stands for source node `node` (a JSON:API linkage, an XML `#text`).
    func alsoSource(_ node: Tree.Index, of id: Int) {
        sourceIndex.setIfUnread(node, Int32(id))
    }

    /// Marks containers a key path went through (also one reported as unmapped before the path came by).
    func markPassed(_ nodes: [Tree.Index]) {
        for n in nodes where sourceIndex[n] == SourceMarks.untouched || sourceIndex[n] == SourceMarks.unmapped {
            sourceIndex[n] = SourceMarks.passed
        }
    }

    /// The date reader for a property's format slot, built on first use.
    func reader(_ slot: Int) -> DateReader {
        if let r = readers[slot] { return r }
        let key = compiled.dateReaders[slot]
        let r = DateReader(format: key.format ?? .iso8601, timeZone: key.timeZone)
        readers[slot] = r
        return r
    }

    // MARK: Issues

    /// Records an issue about `node` (its path, plus `suffix` or `steps` for a field that is not there) and marks
    /// `value`.
    func report(
        _ severity: MappingIssue.Severity, _ kind: MappingIssue.Kind, node: Tree.Index?, suffix: String? = nil,
        steps: [FieldPath.Step] = [],
        property: String?, expected: String? = nil, found: String? = nil, message: String, value: Int?
    ) {
        var path = node.map { pathText($0) } ?? "$"
        if let suffix { path += TreePath([.key(suffix)]).description.dropFirst() }
        for step in steps {
            switch step {
            case .element(let i), .key(_, index: let i?): path += "[\(i)]"
            case .key(let k, index: nil): path += TreePath([.key(k)]).description.dropFirst()
            }
        }
        issues.append(
            MappingIssue(
                severity: severity, kind: kind, node: node, path: path, property: property, expected: expected,
                found: found, message: message, value: value))
        if let v = value { values.raise(severity, at: v) }
    }

    /// Records a field no property consumed (one another property read already is not: a key path, or a `field`
    /// reading an XML element's attribute, consumes it whatever class it sits in).
    func reportUnmapped(_ member: Tree.Index, className: String, note: String = "") {
        guard sourceIndex[member] == SourceMarks.untouched else { return }
        if isXML, let k = tree.key(member), k.hasPrefix("@xmlns") { return }
        sourceIndex[member] = SourceMarks.unmapped
        issues.appendUnmapped(member, className: className, note: note, positions: positions)
    }

    /// Takes back the fields reported as unmapped that a property read later in the run (a key path into an object
    /// whose class does not read that field, an XML attribute beside the `#text` a property read): whether a field
    /// is consumed does not depend on the order properties are mapped in.
    private func forgetUnmappedThatWereRead() {
        issues.removeUnmappedFields { sourceIndex[$0] != SourceMarks.unmapped }
    }

    /// What node `n` holds, with container sizes and scalars cut short (`string "x1"`, `object with 3 fields`).
    /// In XML, a wrapper of repeated elements says so (`2 repeated "article" elements`): the array JSON would have.
    func found(_ n: Tree.Index) -> String {
        if isXML, let items = tree.wrappedElements(n), items.count > 1, let name = tree.key(items[0]) {
            return "\(items.count) repeated \(JSONString.quote(name)) elements"
        }
        return tree.describe(n, sizes: true)
    }

    // MARK: Paths

    /// The path of node `i` (`Tree.path`), fast for elements of very large containers (see `NodePositions`).
    func pathText(_ i: Tree.Index) -> String { positions.pathText(i) }
}

extension Diagnostic.Severity {
    /// Errors outweigh warnings, warnings outweigh info.
    var weight: Int {
        switch self {
        case .error: 3
        case .warning: 2
        case .info: 1
        }
    }
}
