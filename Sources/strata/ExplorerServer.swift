import Foundation
import Strata
import StrataServe
import StrataUI

/// The explorer's HTTP server (`S`, `--serve`): `strata serve`'s ``HTTPServer`` and ``ServeResponder``, wired here
/// so the explorer (`StrataUI`) never imports the C server.
final class ExplorerServer: TrafficServer, @unchecked Sendable {
    private let lock = NSLock()
    private var server: HTTPServer?

    func start(
        session: Session, source: SourceMode, address: ServeAddress,
        arrived: @escaping @Sendable (ServeExchange) -> Void
    ) -> Result<String, ServeError> {
        stop()
        let upstream: ServeResponder.Upstream =
            switch source {
            case .mock: .mock(MockSource(session: session))
            case .live: .live(LiveSource())
            }
        let journal: ServeJournal
        do {
            journal = try ServeJournal()
        } catch {
            return .failure(error)
        }
        let responder = ServeResponder(
            session: session, upstream: upstream, journal: journal, loopback: HTTPServer.isLoopback(address.host),
            exchangeObserver: arrived)
        do {
            let server = try HTTPServer(responder: responder, host: address.host, port: address.port)
            lock.withLock { self.server = server }
            return .success(server.url)
        } catch {
            return .failure(error)
        }
    }

    func stop() {
        let running = lock.withLock {
            defer { server = nil }
            return server
        }
        running?.stop()
    }
}
