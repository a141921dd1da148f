import Strata
import StrataServe
import StrataUI

/// The explorer's HTTP server (`S`, `--serve`): `strata serve`'s server, wired here so the explorer (`StrataUI`)
/// never imports the C server.
final class ExplorerServer: TrafficServer, Sendable {
    private let server = SessionServer()

    func start(
        session: Session, source: SourceMode, address: ServeAddress,
        arrived: @escaping @Sendable (ServeExchange) -> Void
    ) -> Result<String, ServeError> {
        let upstream: ServeResponder.Upstream =
            switch source {
            case .mock: .mock(MockSource(session: session))
            case .live: .live(LiveSource())
            }
        return server.start(
            session: session, upstream: upstream, host: address.host, port: address.port, exchangeObserver: arrived)
    }

    func stop() { server.stop() }
}
