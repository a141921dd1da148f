import StrataDocuments

/// The `serve` block of session.json: how `strata serve` answers browsers on other origins, and which other names
/// the server may be reached by.
///
/// ```json
/// "serve": { "cors": { "allowOrigins": ["http://localhost:3000"], "allowHeaders": ["Authorization"],
///                      "allowMethods": ["GET", "POST"], "allowCredentials": true, "maxAge": 600 },
///            "allowHosts": ["dev.myapp.test"] }
/// ```
public struct ServeSettings: Sendable, Equatable {
    /// The `Access-Control-Allow-*` answers.
    public struct CORS: Sendable, Equatable {
        /// Origins allowed; `*` allows any.
        public var allowOrigins: [String]
        /// Request headers allowed in a preflight; empty allows whatever the preflight asks for.
        public var allowHeaders: [String]
        /// Methods allowed in a preflight.
        public var allowMethods: [String]
        /// Response headers a browser script may read.
        public var exposeHeaders: [String]
        /// True to send `Access-Control-Allow-Credentials: true` (the origin is then echoed, never `*`).
        public var allowCredentials: Bool
        /// Seconds a browser may cache a preflight answer.
        public var maxAge: Int

        /// Creates a policy; the defaults allow any origin, method and header.
        public init(
            allowOrigins: [String] = ["*"], allowHeaders: [String] = [], allowMethods: [String] = Route.methods,
            exposeHeaders: [String] = ["Strata-Near-Miss"], allowCredentials: Bool = false, maxAge: Int = 600
        ) {
            self.allowOrigins = allowOrigins
            self.allowHeaders = allowHeaders
            self.allowMethods = allowMethods
            self.exposeHeaders = exposeHeaders
            self.allowCredentials = allowCredentials
            self.maxAge = maxAge
        }
    }

    /// The CORS policy the block gives, or nil when it gives none (then any origin is allowed while serving
    /// fixtures on loopback, and none elsewhere or from the live API).
    public var cors: CORS?
    /// Names besides the listening address that a request's `Host` may give when the live API answers (`name` for
    /// any port, `name:port` for one).
    public var allowHosts: [String]

    /// Creates settings.
    public init(cors: CORS? = nil, allowHosts: [String] = []) {
        self.cors = cors
        self.allowHosts = allowHosts
    }

    /// The keys allowed in the `serve` block.
    static let keys = ["cors", "allowHosts"]
    /// The keys allowed in `serve.cors`.
    static let corsKeys = [
        "allowOrigins", "allowHeaders", "allowMethods", "exposeHeaders", "allowCredentials", "maxAge",
    ]
}

extension SessionLoader {
    /// Reads the `serve` block at `node`, reporting every problem with its position.
    mutating func serveSettings(_ node: Tree.Index) -> ServeSettings {
        guard let m = reader.members(of: node, known: ServeSettings.keys, what: "'serve'") else {
            return ServeSettings()
        }
        var settings = ServeSettings()
        if let n = m["allowHosts"], let list = reader.strings(n, "'serve.allowHosts'") {
            for (name, item) in zip(list, tree.children(n)) where ServeRequest.hostAndPort(name) == nil {
                reader.error(
                    "'\(name)' is not a host or host:port (like dev.myapp.test or dev.myapp.test:8080)", at: item)
            }
            settings.allowHosts = list
        }
        guard let c = m["cors"] else { return settings }
        guard let cm = reader.members(of: c, known: ServeSettings.corsKeys, what: "'serve.cors'") else {
            return settings
        }
        var cors = ServeSettings.CORS()
        if let n = cm["allowOrigins"], let list = originList(n) { cors.allowOrigins = list }
        if let n = cm["allowHeaders"], let list = reader.strings(n, "'serve.cors.allowHeaders'") {
            for (h, item) in zip(list, tree.children(n)) where !HTTPHeaders.isValidName(h) {
                reader.error("'\(h)' is not a valid header name", at: item)
            }
            cors.allowHeaders = list
        }
        if let n = cm["exposeHeaders"], let list = reader.strings(n, "'serve.cors.exposeHeaders'") {
            cors.exposeHeaders = list
        }
        if let n = cm["allowMethods"], tree.kind(n) == .array {
            cors.allowMethods = tree.children(n).compactMap { reader.method($0, of: "'serve.cors.allowMethods'") }
        } else if let n = cm["allowMethods"] {
            reader.error("'serve.cors.allowMethods' must be an array of methods, found \(tree.describe(n))", at: n)
        }
        if let n = cm["allowCredentials"], let b = reader.bool(n, "'serve.cors.allowCredentials'") {
            cors.allowCredentials = b
            if b && cors.allowOrigins.contains("*") {
                reader.error(
                    "'serve.cors.allowCredentials' cannot be true while 'allowOrigins' is \"*\": every web page could "
                        + "then send requests with the user's cookies and read the answers; name the origins allowed",
                    at: n)
            }
        }
        if let n = cm["maxAge"], let i = reader.integer(n, "'serve.cors.maxAge' (seconds)") {
            if i < 0 || i > 86_400 {
                reader.error("'serve.cors.maxAge' must be 0–86400 seconds, found \(i)", at: n)
            } else {
                cors.maxAge = i
            }
        }
        settings.cors = cors
        return settings
    }

    /// `"*"` or an array of origins (`scheme://host[:port]`, no path).
    private mutating func originList(_ n: Tree.Index) -> [String]? {
        if tree.kind(n) == .string, tree.string(n) == "*" { return ["*"] }
        guard let list = reader.strings(n, "'serve.cors.allowOrigins'") else { return nil }
        for (origin, item) in zip(list, tree.children(n)) where origin != "*" {
            let schemeEnd = origin.range(of: "://")
            let rest = schemeEnd.map { origin[$0.upperBound...] } ?? ""
            if schemeEnd == nil || rest.isEmpty || rest.contains("/") {
                reader.error(
                    "origin '\(origin)' must be scheme://host[:port] with no path (like http://localhost:3000) or \"*\"",
                    at: item)
            }
        }
        return list
    }
}
