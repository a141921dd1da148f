import CMicroHTTPD
import Foundation

/// The connections set aside while their answer waits, so that no event-loop thread blocks: a fixture's `delay`
/// or a paced body's next piece (resumed by a timer), a relayed stream's next bytes or the live API's answer
/// (resumed by what they wait for).
///
/// Each suspension is resumed once, by whoever holds its ``Ticket``; a late or repeated resume does nothing.
/// ``close()`` resumes every connection still suspended (libmicrohttpd must not be stopped with one) and suspends
/// none after it.
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
    /// ticket; nil, and nothing suspended, once ``close()`` has run (the callback then gives the request up).
    func suspend(_ connection: OpaquePointer) -> Ticket? { suspend(connection, timed: false) }

    /// Suspends `connection` for `milliseconds` (none once the server is stopping); false, and nothing suspended,
    /// once ``close()`` has run.
    func pause(_ connection: OpaquePointer, milliseconds: Int) -> Bool {
        guard let ticket = suspend(connection, timed: true) else { return false }
        if lock.withLock({ hurrying }) {
            resume(ticket)
        } else {
            timers.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { [self] in resume(ticket) }
        }
        return true
    }

    private func suspend(_ connection: OpaquePointer, timed: Bool) -> Ticket? {
        // Under the lock, so that close() cannot run between the check and the listing: every connection suspended
        // is listed, and close() resumes each one listed.
        lock.withLock {
            guard open else { return nil }
            strata_mhd_suspend_connection(connection)
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

    /// Resumes every connection still suspended and suspends none from now on: the daemon is about to be stopped
    /// (a callback resumed this way finds no answer and gives its request up).
    func close() {
        lock.withLock {
            open = false
            for connection in waiting.keys { strata_mhd_resume_connection(connection) }
            waiting = [:]
        }
    }
}
