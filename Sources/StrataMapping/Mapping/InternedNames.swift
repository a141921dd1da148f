/// Strings numbered in the order first interned, each kept once: the names and class names of mapped values, and
/// the class names and notes of unmapped-field issues.
///
/// A mapping interns the same handful of names over and over (the properties of one class, one class name per
/// unmapped field), so they are found through a ``RecentIndex``.
struct InternedNames: Sendable, Equatable {
    /// The names, by number.
    private(set) var names: [String]
    private var numbers = RecentIndex<String>(recent: 4)
    /// How many of `names` are in `numbers`: those given up front are indexed on the first lookup, so a table no
    /// name is interned into costs nothing.
    private var indexed = 0

    /// A table holding `names`, numbered from 0 in order (a name given twice keeps its first number).
    init(_ names: [String] = []) { self.names = names }

    /// The number of `name`, interned now when it is new.
    mutating func number(_ name: String) -> Int32 {
        while indexed < names.count {
            if numbers[names[indexed]] == nil { numbers.add(names[indexed], Int32(truncatingIfNeeded: indexed)) }
            indexed += 1
        }
        if let known = numbers[name] { return known }
        let number = Int32(truncatingIfNeeded: names.count)
        names.append(name)
        numbers.add(name, number)
        indexed = names.count
        return number
    }

    /// Name number `n`.
    subscript(n: Int) -> String { names[n] }

    /// How many names there are.
    var count: Int { names.count }

    /// Two tables are equal when they number the same names the same way.
    static func == (a: InternedNames, b: InternedNames) -> Bool { a.names == b.names }
}
