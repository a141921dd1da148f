import Foundation
import Strata

/// A server that can be started and stopped again, for a front end that serves on demand (the explorer's `S` and
/// `--serve`): each start makes a fresh ``ServeResponder`` and ``HTTPServer``, and each answered request goes to
/// the exchange observer on the server's thread.
public final class SessionServer: @unchecked Sendable {
    private let lock = NSLock()
    private var server: HTTPServer?

    /// Creates a server that is not serving yet.
    public init() {}

    /// Serves `session` from `upstream` on `host:port` (port 0 picks a free one), stopping what ran before; returns
    /// the URL, or a one-line problem (port in use, bad host).
    public func start(
        session: Session, upstream: ServeResponder.Upstream, host: String, port: Int,
        exchangeObserver: @escaping @Sendable (ServeExchange) -> Void
    ) -> Result<String, ServeError> {
        stop()
        do {
            let responder = ServeResponder(
                session: session, upstream: upstream, journal: try ServeJournal(),
                loopback: HTTPServer.isLoopback(host),
                exchangeObserver: exchangeObserver)
            let server = try HTTPServer(responder: responder, host: host, port: port)
            lock.withLock { self.server = server }
            return .success(server.url)
        } catch {
            return .failure(error)
        }
    }

    /// Stops serving once the requests in flight are answered; does nothing when not serving.
    public func stop() {
        let running = lock.withLock {
            defer { server = nil }
            return server
        }
        running?.stop()
    }
}
