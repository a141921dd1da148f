import Dispatch

/// Two independent pieces of work run at once, on two threads, for the results of both.
///
/// ```swift
/// let (tree, lines) = BothAtOnce.run({ parse(body) }, { LineIndex(body) })
/// ```
enum BothAtOnce {
    /// Runs `first` and `second` at the same time and returns when both have; on one core they take turns.
    static func run<A, B>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
        let results = Results<A, B>()
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            if i == 0 { results.first = first() } else { results.second = second() }
        }
        return (results.first!, results.second!)
    }

    /// Where each thread leaves its result: each slot is written by one thread, and read after both have ended.
    private final class Results<A, B>: @unchecked Sendable {
        var first: A?
        var second: B?
    }
}
