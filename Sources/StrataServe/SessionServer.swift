import Foundation
import Strata

/// A server that can be started and stopped again, for a front end that serves on demand (the explorer's `S` and
/// `--serve`): each start makes a fresh ``ServeResponder`` and ``HTTPServer``, and each answered request goes to
/// the exchange observer on the server's thread.
public final class SessionServer: @unchecked Sendable {
    /// Held while a server starts or stops, so a start right after a stop waits until the port is free.
    private let transition = NSLock()
    private var server: HTTPServer?

    /// Creates a server that is not serving yet.
    public init() {}

    /// Serves `session` from `upstream` on `host:port` (port 0 picks a free one), stopping what ran before; returns
    /// the URL, or a one-line problem (port in use, bad host).
    public func start(
        session: Session, upstream: ServeResponder.Upstream, host: String, port: Int,
        exchangeObserver: @escaping @Sendable (ServeExchange) -> Void
    ) -> Result<String, ServeError> {
        transition.lock()
        defer { transition.unlock() }
        stopServer()
        do {
            let responder = ServeResponder(
                session: session, upstream: upstream, journal: try ServeJournal(),
                loopback: HTTPServer.isLoopback(host),
                exchangeObserver: exchangeObserver)
            let server = try HTTPServer(responder: responder, host: host, port: port)
            self.server = server
            return .success(server.url)
        } catch {
            return .failure(error)
        }
    }

    /// Stops serving once the requests in flight are answered; does nothing when not serving.
    public func stop() {
        transition.withLock { stopServer() }
    }

    /// Stops the server (the caller holds ``transition``).
    private func stopServer() {
        server?.stop()
        server = nil
    }
}
