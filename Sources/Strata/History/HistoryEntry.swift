import Foundation
import StrataDocuments

/// One exchange kept in a session's history: the request as built and the response, secrets redacted as a recorded
/// fixture pair has them.
///
/// The response goes through the same parse and map stages as a fresh one (``ResponsePipeline``), so a replay
/// shows what the send showed.
public struct HistoryEntry: Sendable, Equatable {
    /// The entry's number: 1 for the first exchange kept, counting up; a number is never reused.
    public let number: Int
    /// When the response arrived.
    public let time: Date
    /// The name of the route that was sent.
    public let route: String
    /// The data source that answered (`live`, `mock`, `record`).
    public let source: String
    /// The request as built, with every secret as `<redacted>` (method, URL, headers, body, params).
    public let request: BuiltRequest
    /// The response: status, headers, body, timing and where it came from, with echoed secrets as `<redacted>`.
    public let response: Response

    /// Creates an entry.
    public init(number: Int, time: Date, route: String, source: String, request: BuiltRequest, response: Response) {
        self.number = number
        self.time = time
        self.route = route
        self.source = source
        self.request = request
        self.response = response
    }

    /// The line the entry is listed with.
    public var summary: Summary {
        Summary(
            number: number, time: time, route: route, source: source, method: request.method, url: request.url,
            status: response.status, size: response.size, duration: response.duration)
    }

    /// The edits that make the route's request again as this entry sent it: params the user set or added (not
    /// secret ones, which come from the session again) and params left out.
    public var edits: [ParamEdit] {
        request.params.compactMap { p in
            if p.status == .removed { return .remove(name: p.name) }
            guard p.status == .sent, !p.isSecret, p.origin == .edited || p.origin == .added else { return nil }
            return .set(name: p.name, value: p.value, location: p.location)
        }
    }

    /// What a history listing shows of an entry, read without its body.
    public struct Summary: Sendable, Hashable {
        /// The entry's number.
        public let number: Int
        /// When the response arrived.
        public let time: Date
        /// The route.
        public let route: String
        /// The data source that answered.
        public let source: String
        /// The request's method.
        public let method: String
        /// The request's URL, secrets redacted.
        public let url: String
        /// The response's status.
        public let status: Int
        /// The response body's size in bytes.
        public let size: Int
        /// How long the exchange took.
        public let duration: Duration

        /// Creates a summary.
        public init(
            number: Int, time: Date, route: String, source: String, method: String, url: String, status: Int,
            size: Int, duration: Duration
        ) {
            self.number = number
            self.time = time
            self.route = route
            self.source = source
            self.method = method
            self.url = url
            self.status = status
            self.size = size
            self.duration = duration
        }

        /// The time as `2026-12-01T00:12:03Z` (UTC, whole seconds).
        public var timeText: String {
            ISO8601Text.string(Date(timeIntervalSince1970: time.timeIntervalSince1970.rounded(.down)))
        }

        /// The entry as `strata history --json` prints it.
        public var json: OutputJSON {
            .object([
                ("number", .int(number)), ("time", .string(timeText)), ("route", .string(route)),
                ("method", .string(method)), ("url", .string(url)), ("status", .int(status)), ("size", .int(size)),
                ("durationMs", .number(String(Response.Timing.milliseconds(duration)))), ("source", .string(source)),
            ])
        }
    }
}
