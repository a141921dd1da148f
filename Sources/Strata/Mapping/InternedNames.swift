/// Strings numbered in the order first interned, each kept once: the names and class names of mapped values, and
/// the class names and notes of unmapped-field issues.
///
/// A name is found again by comparing it with the few interned last before any hashing: a mapping interns the same
/// handful of names over and over (the properties of one class, one class name per unmapped field).
struct InternedNames: Sendable, Equatable {
    /// The names, by number.
    private(set) var names: [String]
    /// Numbers by name; filled on the first lookup, so names given up front cost nothing until one is interned.
    private var numbers: [String: Int32] = [:]
    private var recent: [(name: String, number: Int32)] = []
    private static let recentCount = 4

    /// A table holding `names`, numbered from 0 in order (a name given twice keeps its first number).
    init(_ names: [String] = []) { self.names = names }

    /// The number of `name`, interned now when it is new.
    mutating func number(_ name: String) -> Int32 {
        for entry in recent where entry.name == name { return entry.number }
        if numbers.isEmpty, !names.isEmpty {
            for (k, n) in names.enumerated() where numbers[n] == nil { numbers[n] = Int32(k) }
        }
        let number: Int32
        if let known = numbers[name] {
            number = known
        } else {
            number = Int32(truncatingIfNeeded: names.count)
            names.append(name)
            numbers[name] = number
        }
        if recent.count == InternedNames.recentCount { recent.removeFirst() }
        recent.append((name, number))
        return number
    }

    /// Name number `n`.
    subscript(n: Int) -> String { names[n] }

    /// How many names there are.
    var count: Int { names.count }

    /// Two tables are equal when they number the same names the same way.
    static func == (a: InternedNames, b: InternedNames) -> Bool { a.names == b.names }
}
