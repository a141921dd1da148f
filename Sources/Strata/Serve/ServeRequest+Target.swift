import StrataDocuments

/// What a request target may be: `strata serve` answers origin-form targets only (RFC 9112 §3.2.1).
extension ServeRequest {
    /// `OPTIONS *`: a question about the server itself, answered with the methods it takes, never forwarded.
    public var isServerWideOptions: Bool { method == "OPTIONS" && path == "*" && query.isEmpty }

    /// Why this request's target is not one `strata serve` answers, or nil when it is an origin-form target
    /// (`/path?query`).
    ///
    /// Absolute-form (`http://host/…`), authority-form (`host:443`), `*` other than ``isServerWideOptions`` and
    /// anything else that does not start with `/` are refused, and so are targets holding a byte no URL carries
    /// (a control character, a space, `#` or `\`), and so are paths with a disguised dot segment
    /// (``hasDisguisedDotSegment(_:)``). The reason is one line and names nothing the client sent.
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
        if ServeRequest.hasDisguisedDotSegment(path) {
            return
                "the request target's path has a segment a server could read as '..' ('..%2F', '..;', '%252e%252e', '..%5C'); such paths are not served, so none climbs above the base URL's path"
        }
        return nil
    }

    /// Whether a segment of `path` is not a dot segment but could be read as one by a server behind the base URL.
    ///
    /// Real dot segments (`..`, `%2e%2e`) are removed before forwarding (``removingDotSegments(_:)``). These are not
    /// dot segments to RFC 3986, so they would be forwarded as they are, yet common servers read them as climbing:
    /// nginx decodes `%2F` before it removes dot segments (`/v1/..%2Fadmin` is `/admin` to it), Tomcat drops a
    /// segment's `;params` (`..;`), IIS decodes twice (`%252e%252e`) and some servers split at `\` (`%5C`). A segment
    /// is refused when, decoded up to three times, split at `/` and `\\` and with each piece's `;params` cut, a piece
    /// is `.` or `..`.
    static func hasDisguisedDotSegment(_ path: String) -> Bool {
        for segment in path.utf8.split(separator: UInt8(ascii: "/")) {
            // A dot piece needs a dot, written or encoded; written, it is disguised only beside `;` or `\` (a
            // segment of dots alone is a real one).
            let encoded = segment.contains(UInt8(ascii: "%"))
            guard
                encoded
                    || (segment.contains(UInt8(ascii: "."))
                        && (segment.contains(UInt8(ascii: ";")) || segment.contains(UInt8(ascii: "\\"))))
            else { continue }
            var text = String(decoding: segment, as: UTF8.self)
            if [".", ".."].contains(PercentEncoding.decode(text)) { continue }  // a real one, removed when forwarded
            for round in 0...3 {
                let pieces = text.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
                if pieces.contains(where: { [".", ".."].contains($0.prefix { $0 != ";" }) }) { return true }
                guard round < 3, text.contains("%") else { break }
                text = PercentEncoding.decode(text)
            }
        }
        return false
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
