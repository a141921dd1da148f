import Foundation
import Strata
import TermGrid

/// Drives the explorer headless: the same state, reducer and rendering on an in-memory terminal, with every
/// effect awaited after each key, so the result depends only on the session, the size and the keys.
package enum Screenshot {
    /// The screen after pressing `keys` (a session loaded, fixtures read, durations fixed).
    ///
    /// Keys after one that quits are ignored. `environment` is what `${env:...}` templates read; `host` defaults
    /// to the session's fixtures with durations fixed.
    /// With `traffic`, the explorer first serves (in-process, no socket) and those requests arrive, answered as
    /// `strata serve` answers them, and `keys` start from the Traffic list.
    /// With `edited`, after `keys` the explorer takes `edited` as if session.json had been edited in `$EDITOR` and
    /// reloaded (the response is mapped again and the changes marked), then `then` is pressed.
    package static func capture(
        session: Session, size: Size, keys: [Key], environment: [String: String] = [:], host: ExplorerHost? = nil,
        edited: Session? = nil, then: [Key] = [], traffic: [ServeRequest] = []
    ) throws -> (buffer: Buffer, state: ExplorerState) {
        let backend = MemoryBackend(width: size.width, height: size.height)
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: size, environment: environment), backend: backend,
            host: host ?? ExplorerHost(session: session, fixedDurations: true))
        try program.settle()
        if !traffic.isEmpty {
            // Serving without a socket: each request is answered in-process by the responder `strata serve` uses.
            let responder = ServeResponder(
                session: session, upstream: .mock(MockSource(session: session)), journal: try ServeJournal(),
                loopback: true)
            let url = "http://\(program.state.traffic.address)"
            program.dispatch(.servingChanged(url: url, problem: nil))
            for request in traffic {
                let served = responder.arrived(request)
                let reply = responder.respond(served)
                let entry = responder.log(served, reply, durationMs: Double(reply.delay))
                let exchange = ServeExchange(served: served, reply: reply, entry: entry)
                program.dispatch(.trafficArrived(TrafficEntry(exchange, session: session)))
                try program.settle()
            }
        }
        for key in keys {
            if program.state.isFinished { break }
            program.dispatch(.key(key))
            try program.settle()
        }
        if let edited, !program.state.isFinished {
            program.dispatch(.sessionLoaded(.success(edited)))
            try program.settle()
            for key in then {
                if program.state.isFinished { break }
                program.dispatch(.key(key))
                try program.settle()
            }
        }
        program.draw()
        // What the in-memory terminal shows after all the (diffed) draws, as a real terminal would.
        return (backend.screen, program.state)
    }

    /// Writes `PATH.txt` (the screen as text, trailing blanks trimmed) and `PATH.svg` (in colour); returns both
    /// file paths.
    @discardableResult
    package static func write(_ buffer: Buffer, to path: String) throws -> [String] {
        let base = path.hasSuffix(".txt") || path.hasSuffix(".svg") ? String(path.dropLast(4)) : path
        let text = buffer.lines(trimmingTrailingSpaces: true).joined(separator: "\n") + "\n"
        let directory = (base as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try AtomicFile.write(text, to: base + ".txt")
        try AtomicFile.write(buffer.svg(), to: base + ".svg")
        return [base + ".txt", base + ".svg"]
    }
}
