import CMicroHTTPD
import Foundation

/// The connections set aside while their answer waits, so that no event-loop thread blocks: a fixture's `delay`
/// or a paced body's next piece (resumed by a timer), a relayed stream's next bytes or the live API's answer
/// (resumed by what they wait for).
///
/// Each suspension is resumed once, by whoever holds its ``Ticket``; a late or repeated resume does nothing, and
/// none reaches libmicrohttpd after ``close()``.
///
/// ```swift
/// suspensions.pause(connection, milliseconds: 250)     // in a callback, which then returns
/// let ticket = suspensions.suspend(connection)
/// worker { answer = ...; suspensions.resume(ticket) }
/// ```
final class Suspensions: @unchecked Sendable {
    /// One suspension of one connection: what resumes it (from any thread: the pointer only reaches
    /// libmicrohttpd's resume, which takes its own lock).
    struct Ticket: @unchecked Sendable {
        fileprivate let connection: OpaquePointer
        fileprivate let serial: UInt64
    }

    private struct Waiting {
        let serial: UInt64
        /// True for a timer's wait, which ``hurry()`` ends early.
        let timed: Bool
    }

    private let lock = NSLock()
    private var waiting: [OpaquePointer: Waiting] = [:]
    private var serial: UInt64 = 0
    private var open = true
    private var hurrying = false
    private let timers = DispatchQueue(label: "strata.serve.timers")

    /// Suspends `connection` (call it in one of its callbacks, which then returns) until ``resume(_:)`` gets the
    /// ticket.
    func suspend(_ connection: OpaquePointer) -> Ticket { suspend(connection, timed: false) }

    /// Suspends `connection` for `milliseconds` (none once the server is stopping).
    func pause(_ connection: OpaquePointer, milliseconds: Int) {
        let ticket = suspend(connection, timed: true)
        if lock.withLock({ hurrying }) {
            resume(ticket)
        } else {
            timers.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { [self] in resume(ticket) }
        }
    }

    private func suspend(_ connection: OpaquePointer, timed: Bool) -> Ticket {
        // Suspended first, then listed: a resume can only find a connection that is already suspended.
        strata_mhd_suspend_connection(connection)
        return lock.withLock {
            serial += 1
            waiting[connection] = Waiting(serial: serial, timed: timed)
            return Ticket(connection: connection, serial: serial)
        }
    }

    /// Puts the ticket's connection back into its event loop, unless it was resumed already or the server has
    /// stopped.
    func resume(_ ticket: Ticket) {
        lock.withLock {
            guard open, let entry = waiting[ticket.connection], entry.serial == ticket.serial else { return }
            waiting[ticket.connection] = nil
            strata_mhd_resume_connection(ticket.connection)
        }
    }

    /// Ends every timer's wait now, and every later one at once: the server is stopping and answers what it has.
    func hurry() {
        let timed = lock.withLock {
            hurrying = true
            return waiting.filter(\.value.timed).map { Ticket(connection: $0.key, serial: $0.value.serial) }
        }
        for ticket in timed { resume(ticket) }
    }

    /// The number of connections suspended now.
    var count: Int { lock.withLock { waiting.count } }

    /// Resumes nothing more: the daemon is about to be stopped.
    func close() {
        lock.withLock { open = false }
    }
}
