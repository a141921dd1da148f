/// Comparing values as JSON values, within one tree or across two (a response against session.json).
extension Tree {
    /// True when node `i` holds the same JSON value as node `j` of `other` (which may be this tree): numbers by
    /// value (`1.0` equals `1`; text that is no number equals nothing), strings by their Unicode scalars, objects by
    /// key whatever the order (an object with a repeated key equals nothing), arrays in order.
    public func equalValues(_ i: Index, _ other: Tree, _ j: Index) -> Bool {
        let kind = self.kind(i)
        guard kind == other.kind(j) else { return false }
        switch kind {
        case .string: return (string(i) ?? "").unicodeScalars.elementsEqual((other.string(j) ?? "").unicodeScalars)
        case .number: return (double(i) ?? .nan) == (other.double(j) ?? .nan)
        case .bool: return bool(i) == other.bool(j)
        case .null: return true
        case .array, .object: break
        }
        // Walked together, so a small container against a huge one costs the small one's size.
        var xc = children(i).makeIterator()
        var yc = other.children(j).makeIterator()
        var xs: [Index] = []
        var ys: [Index] = []
        while true {
            let (a, b) = (xc.next(), yc.next())
            guard let a, let b else {
                guard a == nil, b == nil else { return false }
                break
            }
            xs.append(a)
            ys.append(b)
        }
        if kind == .array { return zip(xs, ys).allSatisfy { equalValues($0, other, $1) } }
        var byKey: [String: Index] = [:]
        for c in ys { byKey[other.key(c) ?? ""] = c }
        guard byKey.count == ys.count else { return false }
        return xs.allSatisfy { c in byKey[key(c) ?? ""].map { equalValues(c, other, $0) } ?? false }
    }

    /// How node `i` orders against node `j` of `other`: -1, 0 or 1 for two numbers (by value) or two strings (by
    /// code points); nil for anything else.
    public func order(_ i: Index, _ other: Tree, _ j: Index) -> Int? {
        switch (kind(i), other.kind(j)) {
        case (.number, .number):
            guard let x = double(i), let y = other.double(j) else { return nil }
            return x < y ? -1 : x > y ? 1 : 0
        case (.string, .string):
            let (x, y) = (string(i) ?? "", other.string(j) ?? "")
            if x.unicodeScalars.elementsEqual(y.unicodeScalars) { return 0 }
            return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) { $0.value < $1.value } ? -1 : 1
        default:
            return nil
        }
    }
}
