import Strata

/// Where the program loop reads the time: how long a running request has taken, and how long to wait for input
/// before the next spinner frame.
///
/// The loop never sleeps on its own; it waits for input with ``tickWait`` as the timeout while a spinner runs.
/// ``SystemProgramClock`` is the real one; ``ManualProgramClock`` moves only when told, so a test can step the loop
/// through spinner frames without sleeping.
package protocol ProgramClock: Sendable {
    /// The time since a fixed start.
    func now() -> Duration
    /// The longest the loop blocks waiting for input while a spinner runs.
    var tickWait: Duration { get }
}

/// The machine's monotonic clock, with a spinner frame every ``ExplorerProgram/tickInterval``.
package struct SystemProgramClock: ProgramClock {
    private let start = ContinuousClock.now

    /// Creates a clock starting now.
    package init() {}

    package func now() -> Duration { ContinuousClock.now - start }

    package var tickWait: Duration { ExplorerProgram.tickInterval }
}

/// A clock that moves only when ``advance(by:)`` is called. Waiting for input never blocks for a tick (there is
/// no time to wait for), so each ``ExplorerProgram/step()`` with no input is one spinner frame.
package final class ManualProgramClock: ProgramClock {
    private let current = Locked(Duration.zero)

    /// Creates a clock at zero.
    package init() {}

    package func now() -> Duration { current.withLock { $0 } }

    package var tickWait: Duration { .zero }

    /// Moves the clock forward by `interval`.
    package func advance(by interval: Duration) { current.withLock { $0 += interval } }
}
