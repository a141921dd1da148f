/// The address `strata serve` listens on, which a request's `Host` header must name where the answer carries the
/// user's credentials (a DNS-rebinding page sends its own name there).
///
/// It is also where the explorer serves (`--serve [HOST:]PORT`, read by ``init(address:defaultHost:)``).
public struct ServeListener: Sendable, Hashable, CustomStringConvertible {
    /// The host listened on, as given (`127.0.0.1`, `localhost`, `::1`, `0.0.0.0`, an address of this machine).
    public var host: String
    /// The port listened on.
    public var port: Int

    /// Creates a listener address.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `PORT`, `HOST:PORT` or `[IPv6]:PORT` (the host is `defaultHost` when not given), the explorer's
    /// `--serve` value; nil when the text is none of those or the port is not one ``port(_:)`` reads.
    public init?(address text: some StringProtocol, defaultHost: String) {
        var host = Substring(defaultHost)
        var portText = Substring(text)
        if text.hasPrefix("[") || text.contains(":") {
            guard let (h, p) = ServeListener.split(Substring(text)), let p else { return nil }
            (host, portText) = (h, p)
        }
        guard !host.isEmpty, let port = ServeListener.port(portText) else { return nil }
        self.init(host: String(host), port: port)
    }

    /// `text` as a host and the text of its port, the one reading of `host[:port]` for listening addresses and
    /// `Host` headers alike: `[v6]:port` and `[v6]` (the host without brackets), `name:port` (at the last colon),
    /// `name` (no port); nil for a bracket not closed or followed by something else than `:port`.
    static func split(_ text: Substring) -> (host: Substring, port: Substring?)? {
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if rest.isEmpty { return (host, nil) }
            guard rest.hasPrefix(":") else { return nil }
            return (host, rest.dropFirst())
        }
        guard let colon = text.lastIndex(of: ":") else { return (text, nil) }
        return (text[..<colon], text[text.index(after: colon)...])
    }

    /// The port `text` names: a whole number 0–65535 (0 picks a free one), or nil. The one port rule of
    /// `strata serve --port` and the explorer's `--serve [HOST:]PORT`.
    public static func port(_ text: some StringProtocol) -> Int? {
        guard let port = Int(text), (0...65535).contains(port) else { return nil }
        return port
    }

    /// True for a loopback name or address.
    var isLoopback: Bool { ServeListener.isLoopback(host) }

    /// True when `host` is a loopback name or address (`localhost`, `127.x`, `::1`, `[::1]`): the one rule the
    /// listener, the `Host` check and the CORS default read.
    public static func isLoopback(_ host: String) -> Bool {
        let h = bare(host)
        return h == "localhost" || h.hasPrefix("127.") || h == "::1"
    }

    /// True for the any-address listeners (`0.0.0.0`, `::`), which every address of the machine reaches.
    var isWildcard: Bool { ["0.0.0.0", "::", ""].contains(ServeListener.bare(host)) }

    /// `host` lowercased, without IPv6 brackets.
    static func bare(_ host: String) -> String {
        var h = Substring(host.lowercased())
        if h.hasPrefix("["), h.hasSuffix("]") { h = h.dropFirst().dropLast() }
        return String(h)
    }

    /// True when `name` is an IPv4 or IPv6 literal (which no DNS answer rebinds).
    static func isAddressLiteral(_ name: String) -> Bool {
        if name.contains(":") { return name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { p in UInt8(p) != nil }
    }
}

extension ServeRequest {
    /// The name and port a `Host` header value gives (`name`, `name:port`, `[v6]:port`; port 80 when none), or nil
    /// when it is not one.
    static func hostAndPort(_ value: String) -> (name: String, port: Int)? {
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty, let (name, portText) = ServeListener.split(Substring(text)) else { return nil }
        var port = 80
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p) else { return nil }
            port = p
        }
        guard !name.isEmpty, !name.contains(where: { $0 == "/" || $0 == "@" || $0 == " " }) else { return nil }
        return (String(name), port)
    }

    /// Why this request's `Host` does not name ``listener`` (status 400 when it is missing or malformed, 421 when
    /// it names another server), or nil when it does or the listener is not known.
    ///
    /// The listening host and port are accepted; on loopback also `localhost`, `127.0.0.1` and `[::1]`; on an
    /// any-address listener any address literal and `localhost`; and the names of `allowHosts` (`name` for any
    /// port, `name:port` for one).
    public func hostProblem(allowHosts: [String]) -> (status: Int, reason: String)? {
        guard let listener else { return nil }
        guard let value = headers["Host"] else {
            return (400, "a Host header is needed: this server answers requests for \(listener) only")
        }
        guard let (name, port) = ServeRequest.hostAndPort(value) else {
            return (
                400, "the Host header is not a host[:port]: this server answers requests for \(listener) only"
            )
        }
        for allowed in allowHosts {
            guard let given = ServeRequest.hostAndPort(allowed), given.name == name else { continue }
            let namesPort = allowed.contains(":") && !allowed.hasSuffix("]")
            if !namesPort || given.port == port { return nil }
        }
        if port == listener.port {
            let bareName = ServeListener.bare(name)
            if bareName == ServeListener.bare(listener.host) { return nil }
            if listener.isLoopback, ["localhost", "::1"].contains(bareName) || bareName.hasPrefix("127.") {
                return nil
            }
            if listener.isWildcard, bareName == "localhost" || ServeListener.isAddressLiteral(bareName) { return nil }
        }
        return (
            421,
            "the Host header names another server: this server answers requests for \(listener) only (a page "
                + "that renamed it cannot use the session's credentials); add the name to serve.allowHosts in "
                + "session.json to allow it"
        )
    }
}

extension ServeListener {
    /// `127.0.0.1:8080`, `[::1]:8080`.
    public var description: String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
