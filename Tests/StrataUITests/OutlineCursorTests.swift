import Strata
import StrataUI
import Testing

@Suite("Outline navigation without listing rows")
struct OutlineCursorTests {
    /// `{"a":[1,[2,3]],"b":{"c":4},"d":5}` — nodes: 0 {} · 1 a[] · 2 1 · 3 [] · 4 2 · 5 3 · 6 b{} · 7 c · 8 d.
    static let tree = try! JSONParser().parse(Array(#"{"a":[1,[2,3]],"b":{"c":4},"d":5}"#.utf8))

    /// Every visible row from the top, by walking.
    func rows(_ folds: FoldSet) -> [Int] {
        Self.tree.visibleRows(from: 0, limit: 100, folds: folds).map(\.node)
    }

    @Test("next and previous visible rows follow document order, skipping folded subtrees")
    func stepping() {
        let tree = Self.tree
        var folds = FoldSet.allExpanded
        #expect(rows(folds) == [0, 1, 2, 3, 4, 5, 6, 7, 8])
        folds.set(3, expanded: false)
        folds.set(6, expanded: false)
        #expect(rows(folds) == [0, 1, 2, 3, 6, 8])
        #expect(tree.nextVisible(3, folds: folds) == 6)
        #expect(tree.previousVisible(6, folds: folds) == 3)
        #expect(tree.previousVisible(8, folds: folds) == 6)
        #expect(tree.nextVisible(8, folds: folds) == nil)
        #expect(tree.previousVisible(0, folds: folds) == nil)
        folds.set(1, expanded: false)
        #expect(tree.previousVisible(6, folds: folds) == 1)
        #expect(tree.lastVisible(folds: folds) == 8)
        #expect(tree.visibleRow(for: 5, folds: folds) == 1)
    }

    @Test("rows carry their depth while walking")
    func depths() {
        let rows = Self.tree.visibleRows(from: 4, limit: 4, folds: .allExpanded)
        #expect(rows.map(\.node) == [4, 5, 6, 7])
        #expect(rows.map(\.depth) == [3, 3, 1, 2])
    }

    @Test("collapse all keeps the top level; expand all opens everything; both replace the fold set")
    func expandAndCollapseAll() {
        var cursor = OutlineCursor(selected: 5)
        cursor.setAll(expanded: false, in: Self.tree, height: 10)
        #expect(rows(cursor.folds) == [0, 1, 6, 8])
        #expect(cursor.selected == 1)
        #expect(cursor.folds.exceptions == [0])
        cursor.setAll(expanded: true, in: Self.tree, height: 10)
        #expect(rows(cursor.folds).count == 9)
    }

    @Test("the selection stays in view with context rows, and reveal unfolds ancestors")
    func scrolling() {
        let tree = Self.tree
        var cursor = OutlineCursor()
        cursor.move(by: 5, in: tree, height: 4)
        #expect(cursor.selected == 5)
        #expect(tree.rowDistance(from: cursor.top, to: cursor.selected, limit: 4, folds: cursor.folds) == 2)
        cursor.moveToLast(in: tree, height: 4)
        #expect(cursor.selected == 8)
        #expect(cursor.top == 5)
        cursor.moveToFirst(in: tree, height: 4)
        #expect(cursor.top == 0)
        cursor.setAll(expanded: false, in: tree, height: 4)
        cursor.reveal(4, in: tree, height: 4)
        #expect(cursor.selected == 4)
        #expect(tree.isVisible(4, folds: cursor.folds))
        #expect(!cursor.folds.isExpanded(6))
    }

    @Test("a 200 000-element array is walked without listing it")
    func largeArray() throws {
        var json = "["
        for k in 0..<200_000 { json += k == 0 ? "{\"k\":\(k)}" : ",{\"k\":\(k)}" }
        json += "]"
        let tree = try JSONParser().parse(Array(json.utf8))
        var cursor = OutlineCursor()
        cursor.moveToLast(in: tree, height: 30)
        #expect(cursor.selected == tree.count - 1)
        cursor.move(by: -1, in: tree, height: 30)
        #expect(cursor.selected == tree.count - 2)
        let memo = TreeMemo()
        #expect(memo.siblingIndex(cursor.selected, in: tree) == 199_999)
        #expect(memo.path(tree.count - 1, in: tree).description == "$[199999].k")
        cursor.setAll(expanded: false, in: tree, height: 30)
        #expect(cursor.selected == tree.count - 2)
        #expect(memo.childCount(0, in: tree) == 200_000)
    }

    @Test("a byte offset finds the deepest node covering it, keys included")
    func nodeAtByte() throws {
        let text = #"{"name": "Desk", "tags": ["a", "b"], "n": 12}"#
        let tree = try JSONParser().parse(Array(text.utf8))
        func node(at needle: String) -> String? {
            guard let range = text.range(of: needle) else { return nil }
            let byte = text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound)
            return tree.node(atByte: byte).map { tree.path($0).description }
        }
        #expect(node(at: "Desk") == "$.name")
        #expect(node(at: "\"tags\"") == "$.tags")
        #expect(node(at: "\"b\"") == "$.tags[1]")
        #expect(node(at: "12") == "$.n")
        #expect(node(at: "]") == "$.tags")
        #expect(node(at: "{") == "$")
    }

    @Test("a warmed memo counts and places the children of long containers, nested ones too, as the tree does")
    func warmedMemoAgrees() throws {
        let inner = "[" + (0..<1500).map { "[\($0)]" }.joined(separator: ",") + "]"
        let json = #"{"a": "# + inner + #", "b": ["# + (0..<2100).map(String.init).joined(separator: ",") + "]}"
        let tree = try JSONParser().parse(Array(json.utf8))
        let memo = TreeMemo()
        memo.warm(tree)
        for i in tree.indices where tree.isContainer(i) {
            #expect(memo.childCount(i, in: tree) == tree.childCount(i))
        }
        for i in stride(from: 1, to: tree.count, by: 97) {
            #expect(memo.siblingIndex(i, in: tree) == tree.siblingIndex(i))
        }
    }

    @Test("warming checkpoints exactly the containers of 1 024 children or more, however deep, past small records")
    func warmFindsEveryLongContainer() throws {
        let records = (0..<2000).map { #"{"id": \#($0), "tags": ["a", "b"], "n": {"m": null}}"# }
        let deep = "[" + (0..<1100).map(String.init).joined(separator: ",") + "]"
        let json =
            #"{"records": ["# + records.joined(separator: ",") + #"], "deep": {"x": {"y": "# + deep
            + #"}}, "short": [1, 2, 3], "edge": ["# + (0..<1023).map(String.init).joined(separator: ",") + "]}"
        let tree = try JSONParser().parse(Array(json.utf8))
        let memo = TreeMemo()
        memo.warm(tree)
        let long = tree.indices.filter { tree.isContainer($0) && tree.childCount($0) >= TreeMemo.warmThreshold }
        #expect(long.count == 2)
        #expect(memo.checkpointedContainers == long)
    }

    @Test("the memo's paths are the tree's and the mapping's: odd keys, duplicates, long arrays, XML elements")
    func memoPathsAgree() throws {
        var json = #"{"odd key": ["#
        for k in 0..<600 { json += (k == 0 ? "" : ",") + #"{"a.b": \#(k), "a.b": 0}"# }
        json += "]}"
        let xml = "<r>" + String(repeating: "<e><f>1</f></e>", count: 300) + "</r>"
        let trees = [try JSONParser().parse(Array(json.utf8)), try XMLFormat().parse(Array(xml.utf8))]
        for tree in trees {
            let memo = TreeMemo()
            memo.warm(tree)
            for i in tree.indices { #expect(memo.path(i, in: tree) == tree.path(i)) }
        }
        #expect(TreeMemo().path(trees[0].count - 1, in: trees[0]).description == #"$["odd key"][599]["a.b"]#1"#)

        let config = try JSONParser().parse(
            Array(#"{"Row": {"properties": {"a.b": "int"}}}"#.utf8))
        let (set, problems) = MappingSet.load(from: config, at: Tree.root, file: "session.json")
        #expect(problems.isEmpty)
        let result = Mapper(mappings: set).map(
            trees[0], with: RouteMapping(type: .array(.object("Row")), keyPath: "odd key"))
        let document = MappedDocument(result: result, routeMapping: nil, diagnostics: [])
        for value in result.values { #expect(document.path(of: value.id) == result.path(of: value.id)) }
        #expect(document.path(of: result.values.count - 1) == #"[599]["a.b"]"#)
    }
}
