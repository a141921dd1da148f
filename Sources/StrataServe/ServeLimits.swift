/// The limits that keep one client from holding `strata serve`.
public struct ServeLimits: Sendable {
    /// The largest request body accepted, in bytes; a larger one gets 413.
    public var maxBodyBytes: Int
    /// Bytes each connection may use for its request line and headers (and read buffer); larger headers get 431.
    public var connectionMemory: Int
    /// Seconds a connection may sit idle (or send a request slowly) before it is closed.
    public var connectionTimeout: Int
    /// The most connections open at once; more are refused until one closes.
    public var maxConnections: Int

    /// Creates limits: 10 MiB bodies, 64 KiB per connection, 30 s idle timeout, 512 connections.
    public init(
        maxBodyBytes: Int = 10 << 20, connectionMemory: Int = 64 << 10, connectionTimeout: Int = 30,
        maxConnections: Int = 512
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.connectionMemory = connectionMemory
        self.connectionTimeout = connectionTimeout
        self.maxConnections = maxConnections
    }
}
