/// A response from any data source: status, headers, body, timing and where it came from.
public struct Response: Sendable, Equatable {
    /// Where a response came from.
    public enum Origin: Sendable, Equatable {
        /// A live request to `url`, after following `redirects` in order.
        case live(url: String, redirects: [Redirect])
        /// Pair `number` of fixture file `file`, counted from 1 in its path's list as people count (and as
        /// `#1` reads everywhere), answered after the pair's `delay`.
        case fixture(file: String, number: Int, delay: Duration)
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

    /// The HTTP status code.
    public var status: Int
    /// The response headers, in order (live headers are sorted by name: the platform does not keep their order).
    public var headers: HTTPHeaders
    /// The body bytes, decompressed.
    public var body: [UInt8]
    /// How long the exchange took, from sending to the last body byte.
    public var duration: Duration
    /// Where it came from.
    public var origin: Origin

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders, body: [UInt8], duration: Duration, origin: Origin) {
        self.status = status
        self.headers = headers
        self.body = body
        self.duration = duration
        self.origin = origin
    }

    /// The body size in bytes.
    public var size: Int { body.count }

    /// The Content-Type header, if any.
    public var contentType: String? { headers["Content-Type"] }

    /// The duration in milliseconds.
    public var durationMs: Double {
        let c = duration.components
        return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
    }

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
