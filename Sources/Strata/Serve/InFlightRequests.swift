import Foundation

/// The requests a server is handling now: begun (their head arrived) and not yet finished (answered and sent, or
/// given up). The one count `strata serve` keeps: `/__strata/health` reports it and stopping waits for it.
public final class InFlightRequests: @unchecked Sendable {
    private let condition = NSCondition()
    private var value = 0

    /// Creates a count of none.
    public init() {}

    /// How many requests are in flight.
    public var count: Int { condition.withLock { value } }

    /// Counts a request that has begun.
    public func begin() {
        condition.withLock {
            value += 1
            condition.broadcast()
        }
    }

    /// Counts a request that has finished.
    public func end() {
        condition.withLock {
            value -= 1
            condition.broadcast()
        }
    }

    /// Waits until no request is in flight, or until `deadline`; true when none is.
    @discardableResult
    public func waitUntilNone(before deadline: Date) -> Bool { waitUntil(before: deadline) { $0 == 0 } }

    /// Waits until the count meets `condition`, or until `deadline`; true when it does.
    @discardableResult
    public func waitUntil(before deadline: Date, _ met: (Int) -> Bool) -> Bool {
        condition.withLock {
            while !met(value) { if !condition.wait(until: deadline) { break } }
            return met(value)
        }
    }
}
