/// How the live source reaches a server: TLS trust, proxy, connect timeout and the largest body it keeps.
///
/// Read from session.json's `tls`, `proxy`, `connectTimeout` and `maxBodyBytes`; each request carries the
/// settings of the session it was built from.
public struct TransportSettings: Sendable, Equatable {
    /// The default `connectTimeout`, in seconds.
    public static let defaultConnectTimeout: Double = 10
    /// The default `maxBodyBytes`: 1 GiB.
    public static let defaultMaxBodyBytes = 1 << 30

    /// Seconds allowed to connect (DNS, TCP and TLS handshakes).
    public var connectTimeout: Double
    /// The largest response body kept, in decompressed bytes; a larger body stops the transfer and is truncated.
    public var maxBodyBytes: Int
    /// True to accept any server certificate (`"tls": { "insecure": true }`).
    public var insecure: Bool
    /// A PEM file of certificate authorities to trust instead of the system's, resolved inside the session.
    public var caFile: String?
    /// The proxy URL (`http://127.0.0.1:8888`); nil leaves libcurl's `HTTPS_PROXY` / `NO_PROXY` handling on.
    public var proxy: String?

    /// Creates settings; the defaults verify certificates against the system's authorities and use no proxy.
    public init(
        connectTimeout: Double = TransportSettings.defaultConnectTimeout,
        maxBodyBytes: Int = TransportSettings.defaultMaxBodyBytes, insecure: Bool = false, caFile: String? = nil,
        proxy: String? = nil
    ) {
        self.connectTimeout = connectTimeout
        self.maxBodyBytes = maxBodyBytes
        self.insecure = insecure
        self.caFile = caFile
        self.proxy = proxy
    }
}
