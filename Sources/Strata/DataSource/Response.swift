/// A response from any data source: status, headers, body, timing and where it came from.
public struct Response: Sendable, Equatable {
    /// Where a response came from.
    public enum Origin: Sendable, Equatable {
        /// A live request to `url`, after following `redirects` in order.
        case live(url: String, redirects: [Redirect])
        /// Pair `number` of fixture file `file`, counted from 1 in its path's list as people count (and as
        /// `#1` reads everywhere), answered after the pair's `delay`.
        case fixture(file: String, number: Int, delay: Duration)
        /// `strata serve` answered by itself, with no fixture and no live API: an admin endpoint, a CORS preflight,
        /// `OPTIONS *` or a refusal; `answer` is the journal's outcome (`admin`, `cors preflight`, `refused (host)`).
        case server(answer: String)
    }

    /// One redirect that was followed.
    public struct Redirect: Sendable, Equatable, CustomStringConvertible {
        /// The redirect's status (301, 302, 303, 307, 308).
        public var status: Int
        /// The URL that answered with the redirect.
        public var from: String
        /// The URL it pointed to.
        public var to: String

        /// Creates a redirect entry.
        public init(status: Int, from: String, to: String) {
            self.status = status
            self.from = from
            self.to = to
        }

        /// `302 http://a → http://b`.
        public var description: String { "\(status) \(from) → \(to)" }
    }

    /// Where the time of a live exchange went, phase by phase (libcurl's timers of the last hop).
    public struct Timing: Sendable, Equatable {
        /// Resolving the host name.
        public var dns: Duration
        /// The TCP connect, after DNS.
        public var connect: Duration
        /// The TLS handshake, after the TCP connect (zero for plain HTTP or a reused connection).
        public var tls: Duration
        /// Waiting for the first response byte after the request was ready to go.
        public var firstByte: Duration
        /// Receiving the rest of the response after its first byte.
        public var download: Duration
        /// The whole hop, from start to the last byte.
        public var total: Duration

        /// Creates a timing breakdown.
        public init(
            dns: Duration, connect: Duration, tls: Duration, firstByte: Duration, download: Duration,
            total: Duration
        ) {
            self.dns = dns
            self.connect = connect
            self.tls = tls
            self.firstByte = firstByte
            self.download = download
            self.total = total
        }

        /// The phases in order with their names as `run --json` prints them.
        public var phases: [(name: String, duration: Duration)] {
            [
                ("dns", dns), ("connect", connect), ("tls", tls), ("firstByte", firstByte),
                ("download", download), ("total", total),
            ]
        }

        /// `dns 1.2 ms · connect 0.3 ms · tls 0 ms · first byte 20 ms · download 1 ms · total 23 ms`.
        public var summary: String {
            let names = ["dns", "connect", "tls", "first byte", "download", "total"]
            return zip(names, phases).map { "\($0) \(Timing.text($1.duration))" }.joined(separator: " · ")
        }

        /// Milliseconds with one decimal below 100 ms (`1.2 ms`, `250 ms`).
        static func text(_ d: Duration) -> String {
            let ms = Timing.milliseconds(d)
            return ms < 100 ? "\((ms * 10).rounded() / 10) ms" : "\(Int(ms.rounded())) ms"
        }

        /// `d` in milliseconds.
        public static func milliseconds(_ d: Duration) -> Double {
            let c = d.components
            return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
        }
    }

    /// The HTTP status code.
    public var status: Int
    /// The response headers, in the order and letter case the server sent them.
    public var headers: HTTPHeaders
    /// The body bytes, decompressed.
    public var body: [UInt8]
    /// How long the exchange took, from sending to the last body byte.
    public var duration: Duration
    /// Where it came from.
    public var origin: Origin
    /// Where the time went, for live responses; nil for fixtures.
    public var timing: Timing?
    /// True when the body stopped at the `maxBodyBytes` limit: ``body`` holds the bytes that arrived until then.
    public var truncated: Bool
    /// True when the body is what arrived before the transfer stopped early (cancelled, timed out, or the
    /// connection broke), kept so it is not lost; the rest never came.
    public var partial: Bool

    /// Creates a response.
    public init(
        status: Int, headers: HTTPHeaders, body: [UInt8], duration: Duration, origin: Origin, timing: Timing? = nil,
        truncated: Bool = false, partial: Bool = false
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.duration = duration
        self.origin = origin
        self.timing = timing
        self.truncated = truncated
        self.partial = partial
    }

    /// The body size in bytes.
    public var size: Int { body.count }

    /// The Content-Type header, if any.
    public var contentType: String? { headers["Content-Type"] }

    /// The duration in milliseconds.
    public var durationMs: Double { Timing.milliseconds(duration) }

    /// `200 OK`: the status with its standard reason phrase.
    public var statusLine: String {
        let reason = Response.reason(status)
        return reason.isEmpty ? "\(status)" : "\(status) \(reason)"
    }

    /// The standard reason phrase of `status`, or "" for unusual codes.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 415: "Unsupported Media Type"
        case 418: "I'm a teapot"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }
}
