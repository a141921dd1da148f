/// Why a data source returned no response, as one line a person can act on.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL cannot be requested (empty base URL, bad syntax, unsupported scheme).
    case invalidURL(String)
    /// A live send needs environment variables that are not set.
    case missingVariables(route: String, [MissingVariable])
    /// Nothing listens at the address.
    case connectionRefused(url: String)
    /// The host name does not resolve.
    case hostNotFound(url: String)
    /// No response within the session's timeout.
    case timedOut(url: String, seconds: Double)
    /// The TLS handshake failed (certificate, protocol).
    case tls(url: String, detail: String)
    /// The connection failed some other way.
    case connection(url: String, detail: String)
    /// The task was cancelled.
    case cancelled
    /// No fixture matches the request; the report lists the nearest pairs and how they differ.
    case noMatch(NearMissReport)
    /// A fixture matched but cannot be served (its body file is missing or unreadable).
    case fixture(String)
    /// Recording did not write the fixture (a pair exists already, or the file cannot be written).
    case recording(String)

    /// The message.
    public var description: String {
        switch self {
        case .invalidURL(let why): "invalid URL: \(why)"
        case .missingVariables(let route, let vars):
            "route '\(route)' needs environment variable\(vars.count == 1 ? "" : "s") "
                + vars.map(\.description).joined(separator: ", ")
                + " (set \(vars.count == 1 ? "it" : "them"), or give a default: ${env:NAME:-value})"
        case .connectionRefused(let url): "connection refused: nothing is listening at \(url)"
        case .hostNotFound(let url): "host not found: cannot resolve the host of \(url)"
        case .timedOut(let url, let seconds): "timed out after \(TransportError.seconds(seconds)) waiting for \(url)"
        case .tls(let url, let detail): "TLS handshake with \(url) failed: \(detail)"
        case .connection(let url, let detail): "request to \(url) failed: \(detail)"
        case .cancelled: "cancelled"
        case .noMatch(let report): report.description
        case .fixture(let message): message
        case .recording(let message): message
        }
    }

    /// `1 s`, `0.5 s`.
    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\(s) s"
    }
}
