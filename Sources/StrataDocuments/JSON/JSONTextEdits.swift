/// Changes to a JSON document made as text edits at its parsed spans, so every other byte (layout, key order,
/// other members) stays as the person wrote it.
package struct JSONTextEdits {
    /// The document's bytes as they were read.
    let bytes: [UInt8]
    /// Its parse, whose spans the edits are placed at.
    let tree: Tree
    private var edits: [(range: Range<Int>, text: String)] = []

    /// Edits to `bytes`, parsed as `tree`.
    package init(bytes: [UInt8], tree: Tree) {
        self.bytes = bytes
        self.tree = tree
    }

    /// The member of object `object` named `key`, if it has one.
    package func member(_ object: Tree.Index, _ key: String) -> Tree.Index? {
        guard tree.kind(object) == .object else { return nil }
        return tree.children(object).first { tree.key($0) == key }
    }

    /// The spaces before node `i` (its key, for a member) when it starts a line, else "".
    package func indent(of i: Tree.Index) -> String {
        let start = tree.keySpan(i)?.lowerBound ?? tree.span(i).lowerBound
        var j = start
        while j > 0, bytes[j - 1] == UInt8(ascii: " ") || bytes[j - 1] == UInt8(ascii: "\t") { j -= 1 }
        return j > 0 && bytes[j - 1] == UInt8(ascii: "\n") ? String(decoding: bytes[j..<start], as: UTF8.self) : ""
    }

    /// The source text of node `i`'s value.
    package func text(of i: Tree.Index) -> String { String(decoding: bytes[tree.span(i)], as: UTF8.self) }

    /// Inserts `text` at byte offset `at`.
    package mutating func insert(_ text: String, at offset: Int) { edits.append((offset..<offset, text)) }

    /// Replaces node `i`'s value with `text` (JSON written by the caller).
    package mutating func replaceValue(of i: Tree.Index, with text: String) { edits.append((tree.span(i), text)) }

    /// Adds members (`key`, JSON value text) at the end of object `object`, each on a line of its own when the
    /// object's members are on lines of their own, else after a space.
    package mutating func addMembers(to object: Tree.Index, _ members: [(key: String, valueText: String)]) {
        guard !members.isEmpty else { return }
        let pairs = members.map { JSONString.quote($0.key) + ": " + $0.valueText }
        if let last = tree.lastChild(object) {
            let ind = indent(of: last)
            let sep = "," + (ind.isEmpty ? " " : "\n" + ind)
            insert(sep + pairs.joined(separator: sep), at: tree.span(last).upperBound)
        } else {
            insert(" " + pairs.joined(separator: ", ") + " ", at: tree.span(object).upperBound - 1)
        }
    }

    /// Removes member `i` of its object with the comma that joined it to a neighbour.
    package mutating func removeMember(_ i: Tree.Index) {
        guard let object = tree.parent(i), let keyStart = tree.keySpan(i)?.lowerBound else { return }
        let members = Array(tree.children(object))
        guard let k = members.firstIndex(of: i) else { return }
        if k > 0 {
            // From just after the previous member to the end of this one: its comma and the space before it go.
            edits.append((tree.span(members[k - 1]).upperBound..<tree.span(i).upperBound, ""))
        } else if members.count > 1 {
            // The first member: up to the next member's key, so the next one takes its place on its line.
            let next = tree.keySpan(members[1])?.lowerBound ?? tree.span(members[1]).lowerBound
            edits.append((keyStart..<next, ""))
        } else {
            edits.append((keyStart..<tree.span(i).upperBound, ""))
        }
    }

    /// The bytes with every edit applied; edits must not overlap.
    package func applied() -> [UInt8] {
        var out = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            out.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return out
    }
}
