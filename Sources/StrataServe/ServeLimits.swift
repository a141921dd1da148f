/// The limits that keep one client from holding `strata serve`.
public struct ServeLimits: Sendable {
    /// The largest request body accepted, in bytes; a larger one gets 413.
    public var maxBodyBytes: Int
    /// Bytes each connection may use for its request line and headers (and read buffer); larger headers get 431.
    public var connectionMemory: Int
    /// Seconds a connection may sit idle before it is closed.
    public var connectionTimeout: Int
    /// Seconds a connection may take to send each whole request head, however steadily its bytes come (the
    /// connection timeout unless given).
    public var requestHeadTimeout: Int
    /// The most connections open at once; more are refused until one closes.
    public var maxConnections: Int
    /// The most connections open at once from one client address (libmicrohttpd's per-IP limit).
    public var maxConnectionsPerClient: Int
    /// The most bytes of request bodies held at once, over every connection; a body that would pass it gets 503.
    public var maxBodyBytesInFlight: Int

    /// Creates limits: 10 MiB bodies, 64 KiB per connection, 30 s idle timeout (and as long for each whole request
    /// head), 512 connections, 256 per client address, 256 MiB of bodies held at once.
    public init(
        maxBodyBytes: Int = 10 << 20, connectionMemory: Int = 64 << 10, connectionTimeout: Int = 30,
        maxConnections: Int = 512, maxConnectionsPerClient: Int = 256, maxBodyBytesInFlight: Int = 256 << 20,
        requestHeadTimeout: Int? = nil
    ) {
        self.requestHeadTimeout = requestHeadTimeout ?? connectionTimeout
        self.maxBodyBytes = maxBodyBytes
        self.connectionMemory = connectionMemory
        self.connectionTimeout = connectionTimeout
        self.maxConnections = maxConnections
        self.maxConnectionsPerClient = maxConnectionsPerClient
        self.maxBodyBytesInFlight = maxBodyBytesInFlight
    }
}
