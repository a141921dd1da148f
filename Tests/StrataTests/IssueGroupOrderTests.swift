import Foundation
import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// Unmapped fields group by their path pattern whatever order they were recorded in.
@Suite struct IssueGroupOrderTests {
    /// Three levels of members, arrays of objects and of arrays, and keys written with escapes.
    static let document = #"""
        {"a": 1, "list": [{"x": 1, "deep": {"x": [1, {"x": 2, "\u0078y": 3}]}}, {"x": 4, "deep": {"x": 5}}],
         "grid": [[{"x": 6}], [{"x": 7}, {"xy": 8}]], "m": {"list": {"x": 9}}}
        """#

    /// Every member and element of `tree` but the root, recorded as unmapped in `order`.
    static func issues(_ tree: Tree, order: [Int]) -> MappingIssues {
        let positions = NodePositions(tree: tree)
        var issues = MappingIssues()
        for n in order { issues.appendUnmapped(n, className: "C", note: "", positions: positions) }
        return issues
    }

    @Test("in document order, reversed and shuffled, the groups are those the issues' own paths give")
    func anyOrderGroupsLikePaths() {
        let tree = MappingFixture.tree(Self.document)
        let nodes = Array(tree.indices.dropFirst())
        var generator = SystemRandomNumberGenerator()
        for order in [nodes, nodes.reversed(), nodes.shuffled(using: &generator), nodes.shuffled(using: &generator)] {
            let compact = Self.issues(tree, order: order)
            let whole = MappingIssues(Array(compact))
            #expect(compact.groups() == whole.groups(), "order \(order)")
        }
        let patterns = Set(Self.issues(tree, order: nodes).groups().map(\.pattern))
        #expect(patterns.contains("$.list[*].deep.x[*].xy"))
        #expect(patterns.contains("$.grid[*][*].xy"))
        #expect(patterns.contains("$.m.list.x"))
        #expect(patterns.contains("$.list[*].x"))
    }
}
