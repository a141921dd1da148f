import Foundation
import Strata

/// `strata run`'s raw view of a streamed body (server-sent events, JSON lines): each line is written to stdout as
/// it arrives, as `curl -N` does, so a stream that never ends can be watched (and stopped with Ctrl-C, keeping
/// what was printed). Other bodies print when they have arrived, as before. What is printed passes the request's
/// scrubber first, as every other output does (a server may echo a secret).
final class StreamPrinter: Sendable {
    private struct State {
        var hop = 0
        var pending: [UInt8] = []
        var printed = 0
    }

    private let scrubber: SecretScrubber
    private let state = Locked(State())

    /// A printer scrubbing with `scrubber`: whole lines at a time, so a line is printed as soon as it is complete
    /// (a secret does not span a line break).
    init(scrubber: SecretScrubber) { self.scrubber = scrubber }

    /// Body bytes already written to stdout (of the last hop).
    var printed: Int { state.withLock { $0.printed } }

    /// Receives the transfer's reports (on its thread) and writes the complete lines of a streamed body.
    var observer: TransferObserver {
        { [self] progress in
            guard StreamingBody.format(of: progress.headers["Content-Type"]) != nil else { return }
            state.withLock { s in
                if progress.hop != s.hop { s = State(hop: progress.hop) }
                s.pending += progress.chunk
                guard let last = s.pending.lastIndex(of: 0x0A) else { return }
                Output.rawBody(scrubber.scrub(Array(s.pending[...last]), json: false))
                s.printed += last + 1
                s.pending.removeFirst(last + 1)
            }
        }
    }

    /// Writes what of `body` (the last hop's whole body) was not printed yet, then a line break.
    func finish(_ body: [UInt8]) {
        state.withLock { s in
            var rest = scrubber.scrub(Array(body.dropFirst(s.printed)), json: false)
            rest.append(0x0A)
            Output.rawBody(rest)
        }
    }
}
