import Foundation
import Strata
import Testing

/// The tree's compact storage (a container's parent found by its rank among the nodes) gives every node the parent
/// and subtree end that a walk of the generating value gives, across many 64-node words of container bits.
@Suite struct TreeStorageTests {
    /// A JSON value to generate: its text and, in document order, each node's parent and subtree end.
    indirect enum Value {
        case number(Int)
        case string(String)
        case array([Value])
        case object([(String, Value)])

        var json: String {
            switch self {
            case .number(let n): "\(n)"
            case .string(let s): "\"\(s)\""
            case .array(let items): "[" + items.map(\.json).joined(separator: ",") + "]"
            case .object(let members): "{" + members.map { "\"\($0.0)\":\($0.1.json)" }.joined(separator: ",") + "}"
            }
        }

        /// Appends this value's nodes, pre-order: (parent, subtree end, kind).
        func expected(parent: Int?, into nodes: inout [(parent: Int?, end: Int, kind: NodeKind)]) {
            let i = nodes.count
            switch self {
            case .number: nodes.append((parent, i + 1, .number))
            case .string: nodes.append((parent, i + 1, .string))
            case .array(let items):
                nodes.append((parent, 0, .array))
                for item in items { item.expected(parent: i, into: &nodes) }
                nodes[i].end = nodes.count
            case .object(let members):
                nodes.append((parent, 0, .object))
                for (_, value) in members { value.expected(parent: i, into: &nodes) }
                nodes[i].end = nodes.count
            }
        }

        /// Feeds this value to a builder as an XML-like reader would.
        func build(into builder: inout TreeBuilder, key: String?) {
            let start = builder.count
            switch self {
            case .number(let n): builder.scalar(.number, key: key, value: "\(n)", start: start, end: start + 1)
            case .string(let s): builder.scalar(.string, key: key, value: s, start: start, end: start + 1)
            case .array(let items):
                builder.beginContainer(.array, key: key, start: start)
                for item in items { item.build(into: &builder, key: nil) }
                builder.endContainer(end: builder.count)
            case .object(let members):
                builder.beginContainer(.object, key: key, start: start)
                for (k, value) in members { value.build(into: &builder, key: k) }
                builder.endContainer(end: builder.count)
            }
        }
    }

    /// A deterministic nested value of a few thousand nodes: records with nested objects and arrays (empty ones
    /// too) to depth 6, and some long flat runs near the top.
    static func generated(seed: UInt64) -> Value {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        func value(_ depth: Int) -> Value {
            let roll = depth > 5 ? next(2) : next(7)
            switch roll {
            case 0: return .number(next(1000))
            case 1: return .string("s\(next(100))")
            case 2, 3:
                let count = depth == 1 && next(4) == 0 ? 70 + next(80) : next(4)
                return .array((0..<count).map { _ in value(depth + 1) })
            default:
                let count = next(4)
                return .object((0..<count).map { k in ("k\(k)", value(depth + 1)) })
            }
        }
        return .array((0..<300).map { _ in value(1) })
    }

    static func check(_ tree: Tree, against value: Value) {
        var expected: [(parent: Int?, end: Int, kind: NodeKind)] = []
        value.expected(parent: nil, into: &expected)
        #expect(tree.count == expected.count)
        #expect(expected.count > 2_000 && expected.count < 200_000, "a few thousand nodes: \(expected.count)")
        guard tree.count == expected.count else { return }
        var wrong = 0
        for i in tree.indices {
            let e = expected[i]
            if tree.parent(i) != e.parent || tree.subtreeEnd(i) != e.end || tree.kind(i) != e.kind {
                wrong += 1
                if wrong <= 3 {
                    let got = "parent \(String(describing: tree.parent(i))), end \(tree.subtreeEnd(i)), \(tree.kind(i))"
                    let want = "parent \(String(describing: e.parent)), end \(e.end), \(e.kind)"
                    Issue.record("node \(i): \(got); expected \(want)")
                }
            }
        }
        #expect(wrong == 0)
    }

    @Test("JSON: every node's parent and subtree end match the generating value, over thousands of containers")
    func jsonParentsAndEnds() throws {
        for seed: UInt64 in [1, 2, 3] {
            let value = TreeStorageTests.generated(seed: seed)
            let tree = try JSONParser().parse(Array(value.json.utf8))
            TreeStorageTests.check(tree, against: value)
        }
    }

    @Test("TreeBuilder: every node's parent and subtree end match the generating value")
    func builderParentsAndEnds() {
        let value = TreeStorageTests.generated(seed: 4)
        var builder = TreeBuilder(source: [], format: .xml, flagDuplicates: false)
        value.build(into: &builder, key: nil)
        TreeStorageTests.check(builder.build(), against: value)
    }

    @Test("a scalar root has no parent and ends after itself; empty containers end after themselves")
    func scalarRootAndEmptyContainers() throws {
        let scalar = try JSONParser().parse(Array("42".utf8))
        #expect(scalar.parent(0) == nil)
        #expect(scalar.subtreeEnd(0) == 1)
        let empty = try JSONParser().parse(Array(#"[{},[],{"a":[]}]"#.utf8))
        #expect((0..<empty.count).map { empty.subtreeEnd($0) } == [5, 2, 3, 5, 5])
        #expect((0..<empty.count).map { empty.parent($0) } == [nil, 0, 0, 0, 3])
    }
}
