/// What a request target may be: `strata serve` answers origin-form targets only (RFC 9112 §3.2.1).
extension ServeRequest {
    /// `OPTIONS *`: a question about the server itself, answered with the methods it takes, never forwarded.
    public var isServerWideOptions: Bool { method == "OPTIONS" && path == "*" && query.isEmpty }

    /// Why this request's target is not one `strata serve` answers, or nil when it is an origin-form target
    /// (`/path?query`).
    ///
    /// Absolute-form (`http://host/…`), authority-form (`host:443`), `*` other than ``isServerWideOptions`` and
    /// anything else that does not start with `/` are refused, and so are targets holding a byte no URL carries
    /// (a control character, a space, `#` or `\`). The reason is one line and names nothing the client sent.
    public var targetProblem: String? {
        if isServerWideOptions { return nil }
        guard path.hasPrefix("/") else {
            return
                "the request target must be a path starting with '/' (origin form, RFC 9112 3.2.1): absolute URLs, host:port and '*' are not served"
        }
        let refused = ServeRequest.refusedTargetBytes
        if path.utf8.contains(where: refused.contains) || query.utf8.contains(where: refused.contains) {
            return
                "the request target holds a control character, a space, '#' or '\\', which a URL never carries; send them percent-encoded"
        }
        return nil
    }

    /// Bytes refused anywhere in a target: controls (with NUL, CR, LF and DEL), space, `#` and `\`.
    static let refusedTargetBytes = ByteSet((0...0x20).map(UInt8.init) + Array("#\\\u{7F}".utf8))

    /// `path` without its dot segments (`.`, `..`, also written `%2e`), as RFC 3986 §5.2.4 removes them, and with a
    /// leading `/`: what a client sends can name nothing above the base URL's path when forwarded.
    static func removingDotSegments(_ path: String) -> String {
        let rooted = path.hasPrefix("/") ? path : "/" + path
        let segments = rooted.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var kept: [Substring] = []
        for (n, segment) in segments.enumerated() {
            let isLast = n == segments.count - 1
            switch PercentEncoding.decode(String(segment)) {
            case ".":
                if isLast { kept.append("") }
            case "..":
                if !kept.isEmpty { kept.removeLast() }
                if isLast { kept.append("") }
            default: kept.append(segment)
            }
        }
        return "/" + kept.joined(separator: "/")
    }
}
