/// Numbers by key: a dictionary, in front of which the last few keys found are compared one by one.
///
/// A mapping looks the same handful of keys up over and over (one class's names, the groups of a document of
/// records), so most lookups end among the recent keys without hashing.
struct RecentIndex<Key: Hashable>: Sendable where Key: Sendable {
    private var all: [Key: Int32] = [:]
    private var recent: [(key: Key, number: Int32)] = []
    private var next = 0
    private let size: Int

    /// An empty index that remembers the last `recent` keys found.
    init(recent: Int) { size = max(1, recent) }

    /// The number of `key`, or nil when it has none.
    subscript(key: Key) -> Int32? {
        mutating get {
            for entry in recent where entry.key == key { return entry.number }
            guard let number = all[key] else { return nil }
            remember(key, number)
            return number
        }
    }

    /// Gives `key` the number `number`.
    mutating func add(_ key: Key, _ number: Int32) {
        all[key] = number
        remember(key, number)
    }

    private mutating func remember(_ key: Key, _ number: Int32) {
        if recent.count < size {
            recent.append((key, number))
        } else {
            recent[next] = (key, number)
            next = (next + 1) % size
        }
    }
}
