/// Where responses come from: the live API, fixtures, or the live API while recording fixtures.
///
/// `send` is cancellable: cancelling the calling task makes it return `TransportError.cancelled` promptly, even
/// while a live request or a fixture's `delay` is pending.
public protocol DataSource: Sendable {
    /// A short name for people: `live`, `mock`, `record`.
    var name: String { get }

    /// Sends `request` and returns its response, or a one-line error.
    func send(_ request: BuiltRequest) async throws(TransportError) -> Response

    /// Sends `request` like ``send(_:)``, reporting to `progress` while the response arrives (sources that get the
    /// whole response at once, like fixtures, report nothing).
    func send(_ request: BuiltRequest, progress: TransferObserver?) async throws(TransportError) -> Response
}

extension DataSource {
    /// Sends without reporting progress.
    public func send(_ request: BuiltRequest, progress: TransferObserver?) async throws(TransportError) -> Response {
        try await send(request)
    }
}
