extension TreeBuilder {
    /// Adds every node of `tree` as one value of the container being built (under `key` in an object), keeping
    /// kinds, keys and values.
    ///
    /// `tree` was parsed from bytes that start at `offset` of this builder's source, so its spans move by
    /// `offset`; when its text is not literally there (joined from several lines), `span` gives the one range
    /// every grafted node points at instead.
    mutating func graft(_ tree: Tree, key: String?, offset: Int, span: Range<Int>? = nil) {
        var open: [Int] = []
        for i in tree.indices {
            while let last = open.last, tree.subtreeEnd(last) <= i {
                open.removeLast()
                endContainer(end: span?.upperBound ?? offset + tree.span(last).upperBound)
            }
            let nodeKey = i == Tree.root ? key : tree.key(i)
            let range = span ?? (offset + tree.span(i).lowerBound)..<(offset + tree.span(i).upperBound)
            switch tree.kind(i) {
            case .object, .array:
                beginContainer(tree.kind(i), key: nodeKey, start: range.lowerBound)
                open.append(i)
            case .string:
                scalar(.string, key: nodeKey, value: tree.string(i), start: range.lowerBound, end: range.upperBound)
            case .number:
                scalar(.number, key: nodeKey, value: tree.numberText(i), start: range.lowerBound, end: range.upperBound)
            case .bool:
                scalar(.bool, key: nodeKey, bool: tree.bool(i) ?? false, start: range.lowerBound, end: range.upperBound)
            case .null:
                scalar(.null, key: nodeKey, start: range.lowerBound, end: range.upperBound)
            }
        }
        while let last = open.popLast() {
            endContainer(end: span?.upperBound ?? offset + tree.span(last).upperBound)
        }
    }
}
