/// The positions of a list of strings grouped by value, in list order, for finding the first one not yet taken.
///
/// Field matching asks, for each property of a class, for the first key not taken by an earlier property that
/// equals a name. Scanning every key for every property took time quadratic in the width of an object (30 000
/// properties: 7 s). Here each lookup is a hash probe, and since a taken position stays taken, a group's head only
/// moves forward: all the lookups of one matching together cost time linear in the number of keys.
struct KeyQueues {
    /// The group of each distinct string.
    private var groups: [String: Int] = [:]
    /// The positions of each group's string, in increasing order.
    private var positions: [[Int]] = []
    /// Per group, how many leading positions are known to be taken.
    private var heads: [Int] = []

    /// Groups the positions of `strings`.
    init(_ strings: some Sequence<String>) {
        for (i, s) in strings.enumerated() {
            if let g = groups[s] {
                positions[g].append(i)
            } else {
                groups[s] = positions.count
                positions.append([i])
                heads.append(0)
            }
        }
    }

    /// The first position holding `s`, taken or not.
    func first(_ s: String) -> Int? {
        groups[s].map { positions[$0][0] }
    }

    /// The first position holding `s` that `taken` does not mark. Positions marked once must stay marked.
    mutating func firstUntaken(_ s: String, taken: [Bool]) -> Int? {
        guard let g = groups[s] else { return nil }
        var h = heads[g]
        let count = positions[g].count
        while h < count, taken[positions[g][h]] { h += 1 }
        heads[g] = h
        return h < count ? positions[g][h] : nil
    }

    /// Every position holding `s` that `taken` does not mark, in order.
    func untaken(_ s: String, taken: [Bool]) -> [Int] {
        guard let g = groups[s] else { return [] }
        return positions[g][heads[g]...].filter { !taken[$0] }
    }
}
