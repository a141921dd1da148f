import Foundation

/// Which response of each fixture pair comes next: a pair with `"responses": [ … ]` answers them in turn, then
/// the last repeats.
///
/// One instance belongs to a mock source and lasts as long as it does (the explorer's, a `strata serve` run);
/// ``reset()`` starts every sequence again. Safe to use from any thread.
public final class FixtureSequences: @unchecked Sendable {
    private let lock = NSLock()
    private var answered: [String: Int] = [:]

    /// Creates counters with every sequence at its start.
    public init() {}

    /// The response `pair` answers with now, counting it as answered.
    public func next(_ pair: FixturePair) -> (response: FixtureResponse, number: Int) {
        if pair.responses.count == 1 { return (pair.responses[0], 1) }
        let key = "\(pair.file)\u{0}\(pair.path)\u{0}\(pair.index)"
        lock.lock()
        let n = answered[key, default: 0]
        answered[key] = n + 1
        lock.unlock()
        let i = min(n, pair.responses.count - 1)
        return (pair.responses[i], i + 1)
    }

    /// Starts every sequence again from its first response.
    public func reset() {
        lock.lock()
        answered.removeAll()
        lock.unlock()
    }
}
