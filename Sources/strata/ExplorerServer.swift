import Strata
import StrataServe
import StrataUI

/// The explorer's HTTP server (`S`, `--serve`): `strata serve`'s server, wired here so the explorer (`StrataUI`)
/// never imports the C server.
final class ExplorerServer: TrafficServer, Sendable {
    private let server = SessionServer()

    func start(
        session: Session, upstream: ServeResponder.Upstream, address: ServeAddress,
        arrived: @escaping @Sendable (ServeExchange) -> Void
    ) -> Result<String, ServeError> {
        server.start(
            session: session, upstream: upstream, host: address.host, port: address.port, exchangeObserver: arrived)
    }

    func stop() { server.stop() }
}
