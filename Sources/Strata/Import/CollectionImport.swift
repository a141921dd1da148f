import Foundation
import StrataDocuments

/// What the request collections of other clients have in common, read by ``PostmanImport``, ``InsomniaImport`` and
/// ``HTTPFileImport`` and made into one session by ``CollectionImport/session(_:)``: requests in folders, text with
/// `{{variables}}`, environments that give the variables values, auth, bodies and example responses.
struct ImportedCollection {
    /// Text with `{{variables}}`: literal runs, variables by name, and values only the client can make
    /// (`{{$guid}}`, `{% uuid %}`), which are kept as written and reported.
    enum Piece: Equatable {
        case literal(String)
        case variable(String)
        case dynamic(String)
    }

    typealias Text = [Piece]

    /// How a request authenticates (or the collection or a folder, for the requests under it).
    enum Auth {
        case none
        case basic(user: Text, password: Text)
        case bearer(token: Text)
        case apiKey(name: String, value: Text, inQuery: Bool)
        /// A kind Strata does not sign with (OAuth, digest, AWS, …), named for the report.
        case unsupported(String)
    }

    /// A request body.
    enum Body {
        /// Text sent as written, with its content type (JSON bodies become JSON templates when they parse).
        case raw(Text, contentType: String?)
        /// `application/x-www-form-urlencoded` fields.
        case form([(String, Text)])
        /// `multipart/form-data` fields: text, or a file by the path the exporting machine had.
        case multipart([(name: String, value: Field)])
        /// A GraphQL query and its variables (JSON text), sent as JSON.
        case graphQL(query: Text, variables: Text?)
        /// A body read from a file, which the session cannot name (it has no such file).
        case file(String)

        enum Field {
            case text(Text)
            case file(String)
        }
    }

    /// An example response a client keeps with a request (Postman's examples).
    struct Example {
        var name: String
        var status: Int
        var headers: [(String, String)]
        var body: String?
        /// The query the example was made with (`name`, value), when it differs from the request's.
        var query: [(String, Text)]?
    }

    /// One request.
    struct Request {
        /// The folders it is in, outermost first.
        var folders: [String]
        var name: String
        var description: String?
        var method: String
        /// The URL as written: origin, path and query together.
        var url: Text
        /// Query params given apart from the URL (Postman, Insomnia), in order; the URL's own query is read too.
        var query: [(String, Text)] = []
        /// Path variables given apart (`:id` in Postman), by name.
        var pathVariables: [String: Text] = [:]
        var headers: [(String, Text)] = []
        /// Nil: as its folders and the collection say.
        var auth: Auth?
        var body: Body?
        var examples: [Example] = []
        /// Checks the client ran on the response that Strata can express (a status), and the scripts it cannot.
        var expectedStatus: Int?
        var scripts: [String] = []
        /// Where the request is written in the input, for the report.
        var place: String
        /// Values its folders give variables (Insomnia's folder environments), over the collection's.
        var variables: [(String, Text)] = []
    }

    var name: String
    var description: String?
    /// Variables with values from the collection itself (and the base environment), in order.
    var variables: [(String, Text)] = []
    /// Variables whose values are secrets: never written into the session.
    var secretVariables: Set<String> = []
    /// The environments the input names, each with its variables.
    var environments: [(name: String, variables: [(String, Text)])] = []
    var auth: Auth?
    var requests: [Request] = []
    /// What the reader could not carry over.
    var notCarried: [String] = []
    /// The file read, for messages.
    var file: String
}

extension ImportedCollection {
    /// `text` split at its `{{…}}` variables: `{{name}}` and `{{ name }}` are variables; `{{$name …}}` is a value
    /// the client makes (kept as written, reported); `{{ _.name }}` (Insomnia) reads `name`.
    static func text(_ string: String) -> Text {
        var out: Text = []
        var literal = ""
        var rest = Substring(string)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            literal += rest[..<open.lowerBound]
            var inner = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if inner.hasPrefix("_.") { inner = String(inner.dropFirst(2)) }
            if !literal.isEmpty {
                out.append(.literal(literal))
                literal = ""
            }
            if inner.hasPrefix("$") || inner.isEmpty || inner.contains(where: { $0 == " " || $0 == "(" }) {
                out.append(.dynamic(String(rest[open.lowerBound..<close.upperBound])))
            } else {
                out.append(.variable(inner))
            }
            rest = rest[close.upperBound...]
        }
        literal += rest
        // Nunjucks tags (`{% uuid %}`, `{% response … %}`) are values Insomnia makes.
        if literal.contains("{%") {
            var pieces: Text = []
            var text = Substring(literal)
            while let open = text.range(of: "{%"), let close = text[open.upperBound...].range(of: "%}") {
                if open.lowerBound > text.startIndex { pieces.append(.literal(String(text[..<open.lowerBound]))) }
                pieces.append(.dynamic(String(text[open.lowerBound..<close.upperBound])))
                text = text[close.upperBound...]
            }
            if !text.isEmpty { pieces.append(.literal(String(text))) }
            return out + pieces
        }
        if !literal.isEmpty { out.append(.literal(literal)) }
        return out
    }

    /// The text as written, variables as `{{name}}`.
    static func written(_ text: Text) -> String {
        text.map {
            switch $0 {
            case .literal(let s), .dynamic(let s): s
            case .variable(let name): "{{\(name)}}"
            }
        }.joined()
    }

    /// The route name words of a request: its folders, then its name.
    func routeWords(_ request: Request) -> [String] {
        (request.folders + [request.name]).flatMap { ImportNaming.words($0) }
    }
}

/// Makes a session of an ``ImportedCollection``: the rules Postman, Insomnia and `.http` imports share.
///
/// - Variables become environment variables named after the collection (`{{baseUrl}}` in *Conduit* reads
///   `${env:CONDUIT_BASE_URL:-http://…}`), their values the defaults; a secret's value (named like a credential,
///   marked secret, or used in auth or a credential header) is never written: it reads `${env:…}` with no default
///   and its names are redacted.
/// - The most common origin of the requests (`{{baseUrl}}`, or `https://host`) is the `baseURL`; each environment
///   that gives it a value is an environment of the session (the rest of its values listed in its description).
///   Requests to another origin are left out and counted.
/// - Routes are named after their folders and their own name (`authRegister`), described as written.
enum CollectionImport {
    static func session(_ collection: ImportedCollection, name: String? = nil) throws(ImportError) -> ImportResult {
        var collection = collection
        // A method a route cannot hold (a client's custom one, TRACE, WebDAV's) leaves its request out, said where.
        collection.requests.removeAll { request in
            let method = request.method.uppercased()
            guard !Route.methods.contains(method) else { return false }
            collection.notCarried.append(
                "\(request.place): method \(request.method) left out (a route sends \(Route.methods.joined(separator: ", ")))"
            )
            return true
        }
        guard !collection.requests.isEmpty else {
            throw ImportError(
                "\(collection.file): no HTTP request to import\(collection.notCarried.isEmpty ? "" : " (" + collection.notCarried.joined(separator: "; ") + ")")"
            )
        }
        var builder = Builder(collection: collection)
        return builder.build(name: name)
    }

    /// The state of one import.
    struct Builder {
        let collection: ImportedCollection
        var draft = SessionDraft(name: "")
        var made: [String] = []
        var notCarried: [String] = []
        /// The prefix of the environment variables' names (`CONDUIT`).
        var prefix = "API"
        /// Every variable's value where the collection gives one (environments' values not included).
        var values: [String: ImportedCollection.Text] = [:]
        /// Variables that are secrets.
        var secrets: Set<String> = []
        /// The variables read, by name: the environment variable each reads.
        var envNames: [String: String] = [:]
        /// Dynamic values met, once each.
        var dynamics: [String] = []
        /// The base URL's variable, when the base is one.
        var baseVariable: String?
        /// The collection's auth, for each request that inherits it, when the session cannot hold it.
        var inheritedAuth: ImportedCollection.Auth?
        /// The requests with each kind of script or annotation the session does not carry (their places).
        var scriptRoutes: [String: [String]] = [:]

        init(collection: ImportedCollection) {
            self.collection = collection
        }

        mutating func build(name: String?) -> ImportResult {
            draft.name = name ?? collection.name
            draft.description = collection.description.map { firstLine($0) }
            prefix = ImportNaming.words(collection.name).first.map { ImportNaming.envName($0) } ?? "API"
            if prefix.first?.isNumber == true || prefix.isEmpty { prefix = "API" }
            for (name, value) in collection.variables where values[name] == nil { values[name] = value }
            // A variable only an environment gives a value takes the first environment's as its default.
            for (name, value) in collection.environments.first?.variables ?? [] where values[name] == nil {
                values[name] = value
            }
            secrets = collection.secretVariables
            for (name, _) in collection.variables where CredentialNames.isField(name) { secrets.insert(name) }
            markSecrets()
            notCarried += collection.notCarried

            // The base URL: the most common origin.
            let origins = collection.requests.map { origin(of: $0.url) }
            var counts: [String: Int] = [:]
            for o in origins { counts[o.key, default: 0] += 1 }
            let base = counts.max { a, b in a.value < b.value || (a.value == b.value && a.key > b.key) }?.key
            if let base, let first = origins.first(where: { $0.key == base }) {
                draft.baseURL = baseTemplate(first.origin)
            }
            // The collection's auth is the session's, unless a request turns it off (`noauth`): a session has no
            // per-route "none", so then it goes on each request that inherits it instead.
            let turnedOff = collection.requests.contains { if case .none? = $0.auth { true } else { false } }
            if let auth = collection.auth, !turnedOff {
                draft.auth = authJSON(auth, what: "the collection's auth", route: nil)
            }
            inheritedAuth = turnedOff ? collection.auth : nil

            var left: [String: Int] = [:]
            for (k, request) in collection.requests.enumerated() {
                guard origins[k].key == base else {
                    left[ImportedCollection.written(origins[k].origin), default: 0] += 1
                    continue
                }
                // The request's folders give some variables values of their own.
                let saved = values
                for (name, value) in request.variables { values[name] = value }
                addRoute(request, path: origins[k].rest)
                values = saved
            }
            for (origin, count) in left.sorted(by: { $0.key < $1.key }) {
                notCarried.append(
                    "\(Counted.text(count, "request")) to \(origin): a session has one base URL; import them into another (--out)"
                )
            }
            addEnvironments()
            // What the client would have run, by kind: how many requests, and the first places.
            for (script, places) in scriptRoutes.sorted(by: { $0.key < $1.key }) {
                let shown = places.prefix(3).joined(separator: "; ")
                let more = places.count > 3 ? "; and \(places.count - 3) more" : ""
                notCarried.append("\(script) (\(Counted.text(places.count, "request")): \(shown)\(more))")
            }
            if !dynamics.isEmpty {
                notCarried.append(
                    "values the client makes as it sends, kept as written: " + dynamics.joined(separator: ", "))
            }
            let pairs = draft.fixtures.reduce(0) { $0 + $1.pairs.count }
            made.append(
                "\(Counted.text(draft.routes.count, "route")), \(Counted.text(pairs, "fixture pair")) from examples")
            return ImportResult(files: draft.files, made: made, notCarried: notCarried)
        }

        /// Marks as secrets, before any value is written, the variables that auth, credential headers and
        /// secret-named params and fields read: a variable's default is written only when no use makes it secret.
        mutating func markSecrets() {
            func mark(_ text: ImportedCollection.Text) {
                for case .variable(let name) in text { secrets.insert(name) }
            }
            func mark(_ auth: ImportedCollection.Auth?) {
                switch auth {
                case .basic(_, let password)?: mark(password)
                case .bearer(let token)?: mark(token)
                case .apiKey(_, let value, _)?: mark(value)
                default: break
                }
            }
            mark(collection.auth)
            for request in collection.requests {
                mark(request.auth)
                for (name, value) in request.headers where CredentialNames.isHeader(name) {
                    if name.lowercased() == "authorization", let auth = parsedAuthorization(value) {
                        mark(auth)
                    } else {
                        mark(value)
                    }
                }
                for (name, value) in request.query where CredentialNames.isField(name) { mark(value) }
                // The URL's own query: `?access_token={{token}}`.
                let url = origin(of: request.url).rest
                for part in split(url, at: "&") {
                    let (k, v) = splitFirst(part, at: "=")
                    let key = ImportedCollection.written(k).split(separator: "?").last.map(String.init) ?? ""
                    if CredentialNames.isField(PercentEncoding.decode(key)) { mark(v) }
                }
                switch request.body {
                case .form(let fields)?:
                    for (name, value) in fields where CredentialNames.isField(name) { mark(value) }
                case .multipart(let fields)?:
                    for (name, field) in fields where CredentialNames.isField(name) {
                        if case .text(let value) = field { mark(value) }
                    }
                default: break
                }
            }
        }

        /// The first line of a description.
        func firstLine(_ text: String) -> String {
            String(text.split(separator: "\n", omittingEmptySubsequences: true).first ?? "").trimmed
        }

        // MARK: Text and variables

        /// The environment variable `name` reads (`CONDUIT_BASE_URL`), the same each time.
        mutating func envName(_ name: String) -> String {
            if let known = envNames[name] { return known }
            var env = ImportNaming.envName(prefix, name)
            var n = 2
            while envNames.values.contains(env) {
                env = ImportNaming.envName(prefix, name) + "_\(n)"
                n += 1
            }
            envNames[name] = env
            return env
        }

        /// The value a variable has in the collection, with its own variables filled in (a few levels deep); nil
        /// when it has none, or is a secret.
        func defaultValue(_ name: String, depth: Int = 0) -> String? {
            guard !secrets.contains(name), !CredentialNames.isField(name), depth < 5, let text = values[name]
            else { return nil }
            var out = ""
            for piece in text {
                switch piece {
                case .literal(let s), .dynamic(let s): out += s
                case .variable(let inner):
                    guard let v = defaultValue(inner, depth: depth + 1) else { return nil }
                    out += v
                }
            }
            return out
        }

        /// `text` as a session template: variables as `${env:NAME:-default}` (no default for a secret, or one the
        /// template syntax cannot hold), literal text as written. `secret` marks every variable read as a secret.
        mutating func template(_ text: ImportedCollection.Text, secret: Bool = false) -> String {
            var out = ""
            for piece in text {
                switch piece {
                case .literal(let s): out += s
                case .dynamic(let s):
                    if !dynamics.contains(s) { dynamics.append(s) }
                    out += s
                case .variable(let name):
                    if secret { secrets.insert(name) }
                    let env = envName(name)
                    if let value = defaultValue(name), !value.contains("}"), !value.contains("${") {
                        out += "${env:\(env):-\(value)}"
                    } else {
                        out += "${env:\(env)}"
                    }
                }
            }
            return out
        }

        /// True when `text` reads a variable.
        func readsVariables(_ text: ImportedCollection.Text) -> Bool {
            text.contains { if case .variable = $0 { true } else { false } }
        }

        // MARK: URLs

        /// A URL split into its origin (a leading variable, or scheme and host) and the rest (path and query).
        struct Split {
            var origin: ImportedCollection.Text
            var rest: ImportedCollection.Text
            /// Origins compare by this.
            var key: String { ImportedCollection.written(origin) }
        }

        /// Splits `url` after its origin: a leading `{{variable}}`, else `scheme://host[:port]` (no scheme: http).
        func origin(of url: ImportedCollection.Text) -> Split {
            // A URL that is one variable holding a whole URL (`{{ordersURL}}`) is that URL.
            if url.count == 1, case .variable(let name) = url[0], let value = defaultValue(name), value.contains("://")
            {
                return origin(of: [.literal(value)])
            }
            if case .variable? = url.first {
                return Split(origin: [url[0]], rest: Array(url.dropFirst()))
            }
            guard case .literal(let first)? = url.first else { return Split(origin: [], rest: url) }
            var text = first
            if !text.contains("://") { text = "http://" + text }
            guard let scheme = text.range(of: "://") else { return Split(origin: [], rest: url) }
            let afterScheme = text[scheme.upperBound...]
            let end = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
            // A variable inside the host (`https://{{host}}/…`) keeps the origin to the first slash after it.
            if end == afterScheme.endIndex, url.count > 1 {
                var origin: ImportedCollection.Text = [.literal(String(text))]
                var rest = Array(url.dropFirst())
                while let piece = rest.first {
                    if case .literal(let s) = piece, let slash = s.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                        if slash > s.startIndex { origin.append(.literal(String(s[..<slash]))) }
                        rest[0] = .literal(String(s[slash...]))
                        break
                    }
                    origin.append(piece)
                    rest.removeFirst()
                }
                return Split(origin: origin, rest: rest)
            }
            var rest: ImportedCollection.Text = []
            let tail = String(afterScheme[end...])
            if !tail.isEmpty { rest.append(.literal(tail)) }
            rest += url.dropFirst()
            return Split(origin: [.literal(String(text[..<end]))], rest: rest)
        }

        /// The base URL template of an origin; a variable's value loses a trailing `/` (paths bring their own).
        mutating func baseTemplate(_ origin: ImportedCollection.Text) -> String {
            if origin.count == 1, case .variable(let name) = origin[0] {
                baseVariable = name
                if var value = values[name], case .literal(let s)? = value.last, s.hasSuffix("/"), s.count > 1 {
                    value[value.count - 1] = .literal(String(s.dropLast()))
                    values[name] = value
                }
            }
            return template(origin)
        }

        // MARK: Routes

        mutating func addRoute(_ request: ImportedCollection.Request, path rest: ImportedCollection.Text) {
            // The path and the query of the URL, split at the first `?` outside a variable.
            var pathText: ImportedCollection.Text = []
            var queryText: ImportedCollection.Text = []
            var inQuery = false
            for piece in rest {
                if !inQuery, case .literal(let s) = piece, let q = s.firstIndex(of: "?") {
                    if q > s.startIndex { pathText.append(.literal(String(s[..<q]))) }
                    let after = String(s[s.index(after: q)...])
                    if !after.isEmpty { queryText.append(.literal(after)) }
                    inQuery = true
                } else if inQuery {
                    queryText.append(piece)
                } else {
                    pathText.append(piece)
                }
            }
            var route = SessionDraft.Route(name: "", method: request.method.uppercased(), path: "/")
            let title = (request.folders + [request.name]).filter { !$0.isEmpty }.joined(separator: " / ")
            let about = request.description.map { firstLine($0) }
            route.description = title.isEmpty ? about : about.map { title + ": " + $0 } ?? title
            // The path: variables and `:name` segments become {placeholders}, id-like segments {id}.
            var path = ""
            var pathParams: [(String, String)] = []
            func placeholder(_ name: String) -> String {
                var candidate = ImportNaming.camel(ImportNaming.words(name))
                if candidate.isEmpty { candidate = "p" }
                if candidate.first!.isNumber { candidate = "p" + candidate }
                while pathParams.contains(where: { $0.0 == candidate }) { candidate += "2" }
                return candidate
            }
            for piece in pathText {
                switch piece {
                case .literal(let s):
                    var segments: [String] = []
                    for segment in s.split(separator: "/", omittingEmptySubsequences: false) {
                        let seg = String(segment)
                        if seg.hasPrefix(":"), seg.count > 1 {
                            let variable = String(seg.dropFirst())
                            let name = placeholder(variable)
                            let value = request.pathVariables[variable].map { template($0) } ?? ""
                            pathParams.append((name, value))
                            segments.append("{\(name)}")
                        } else if ImportNaming.isIdentifierLike(seg) {
                            let name = placeholder(pathParams.isEmpty ? "id" : "id\(pathParams.count + 1)")
                            pathParams.append((name, PercentEncoding.decode(seg)))
                            segments.append("{\(name)}")
                        } else {
                            // Braces are literal characters in a client's path, never Strata's placeholders.
                            segments.append(
                                PercentEncoding.decode(seg).replacingOccurrences(of: "{", with: "%7B")
                                    .replacingOccurrences(of: "}", with: "%7D"))
                        }
                    }
                    path += segments.joined(separator: "/")
                case .variable(let variable):
                    let name = placeholder(variable)
                    pathParams.append((name, template([piece])))
                    path += "{\(name)}"
                case .dynamic(let s):
                    if !dynamics.contains(s) { dynamics.append(s) }
                    let name = placeholder("value")
                    pathParams.append((name, s))
                    path += "{\(name)}"
                }
            }
            if !path.hasPrefix("/") { path = "/" + path }
            route.path = path
            for (name, value) in pathParams { route.params.append(.init(name: name, value: .string(value))) }
            let bodyMethod = ["POST", "PUT", "PATCH", "DELETE"].contains(route.method)
            // The query: the URL's own, then the params given apart that the URL does not already hold.
            var query: [(String, ImportedCollection.Text)] = []
            for part in split(queryText, at: "&") where !part.isEmpty {
                let (k, v) = splitFirst(part, at: "=")
                query.append((PercentEncoding.decode(ImportedCollection.written(k), plusAsSpace: true), v))
            }
            for (k, v) in request.query where !query.contains(where: { $0.0 == k }) { query.append((k, v)) }
            var secretParams: [String] = []
            for (k, v) in query {
                // A param without a name (`?=value`, Postman's trailing `&`) is no param: said when it had a value.
                guard !k.isEmpty else {
                    if !v.isEmpty {
                        notCarried.append(
                            "\(request.place): a query param without a name (=\(ImportedCollection.written(v))) left out"
                        )
                    }
                    continue
                }
                guard !route.params.contains(where: { $0.name == k }) else {
                    notCarried.append("\(request.place): query param \(k) given twice: the first is kept")
                    continue
                }
                let secret = CredentialNames.isField(k)
                let value =
                    secret && !readsVariables(v)
                    ? "${env:\(envName(k))}" : template(decodedQueryValue(v), secret: secret)
                if secret { secretParams.append(k) }
                route.params.append(.init(name: k, value: .string(value), placement: bodyMethod ? "query" : nil))
            }
            for k in secretParams { draft.addRedacted(k) }
            // Headers: credential headers read the environment and are redacted; the body's type goes with it.
            let bodyType = request.headers.last { $0.0.lowercased() == "content-type" }.map {
                ImportedCollection.written($0.1)
            }
            for (name, value) in request.headers {
                let lower = name.lowercased()
                guard HTTPHeaders.isValidName(name) else {
                    notCarried.append(
                        "\(request.place): header \(name) has no valid name (it is made as it is sent); left out")
                    continue
                }
                if HTTPHeaders.connectionNames.contains(lower) || lower == "host" || lower == "content-length" {
                    continue
                }
                if lower == "content-type", request.body != nil { continue }
                if lower == "authorization", request.auth == nil, let auth = parsedAuthorization(value) {
                    route.auth = authJSON(auth, what: "\(request.place): the Authorization header", route: nil)
                    continue
                }
                if CredentialNames.isHeader(name) {
                    let template: String
                    if readsVariables(value) {
                        template = self.template(value, secret: true)
                    } else if let scheme = schemeWord(value) {
                        template = "\(scheme) ${env:\(envName(name))}"
                    } else {
                        template = "${env:\(envName(name))}"
                    }
                    route.headers.append((name, template))
                    draft.addRedacted(name)
                } else {
                    route.headers.append((name, template(value)))
                }
            }
            if let auth = request.auth ?? inheritedAuth {
                route.auth = authJSON(auth, what: "\(request.place): auth", route: route.method)
            }
            if let body = request.body {
                addBody(body, contentType: bodyType, to: &route, place: request.place)
            }
            // What the client checked: a status becomes the route's expectation; scripts are listed.
            if let status = request.expectedStatus { route.expect = .object([("status", .int(status))]) }
            var seen = Set<String>()
            for script in request.scripts where seen.insert(script).inserted {
                scriptRoutes[script, default: []].append(request.place)
            }
            let words = collection.routeWords(request)
            route.name = draft.uniqueRouteName(
                words.isEmpty
                    ? ImportNaming.routeName(method: route.method, path: route.path) : ImportNaming.camel(words))
            made.append("route \(route.name) \(route.method) \(route.path)")
            // A success first, so it is the pair that answers the request by default.
            let examples = request.examples.enumerated().sorted { a, b in
                let (x, y) = (a.element.status / 100 == 2, b.element.status / 100 == 2)
                return x != y ? x : a.offset < b.offset
            }.map(\.element)
            draft.addRoute(route)
            for example in examples { addExample(example, route: route, request: request) }
        }

        /// A query value as sent: percent-decoded literal runs (`+` as space).
        func decodedQueryValue(_ text: ImportedCollection.Text) -> ImportedCollection.Text {
            text.map {
                if case .literal(let s) = $0 { return .literal(PercentEncoding.decode(s, plusAsSpace: true)) }
                return $0
            }
        }

        /// `text` split at each `separator` found in its literal runs.
        func split(_ text: ImportedCollection.Text, at separator: Character) -> [ImportedCollection.Text] {
            var parts: [ImportedCollection.Text] = [[]]
            for piece in text {
                guard case .literal(let s) = piece, s.contains(separator) else {
                    parts[parts.count - 1].append(piece)
                    continue
                }
                let pieces = s.split(separator: separator, omittingEmptySubsequences: false)
                for (k, p) in pieces.enumerated() {
                    if k > 0 { parts.append([]) }
                    if !p.isEmpty { parts[parts.count - 1].append(.literal(String(p))) }
                }
            }
            return parts
        }

        /// `text` split at the first `separator` in its literal runs (the rest empty when there is none).
        func splitFirst(_ text: ImportedCollection.Text, at separator: Character) -> (
            ImportedCollection.Text, ImportedCollection.Text
        ) {
            var head: ImportedCollection.Text = []
            for (k, piece) in text.enumerated() {
                if case .literal(let s) = piece, let i = s.firstIndex(of: separator) {
                    if i > s.startIndex { head.append(.literal(String(s[..<i]))) }
                    var tail: ImportedCollection.Text = []
                    let after = String(s[s.index(after: i)...])
                    if !after.isEmpty { tail.append(.literal(after)) }
                    return (head, tail + text[(k + 1)...])
                }
                head.append(piece)
            }
            return (head, [])
        }

        /// The scheme word of an Authorization-like value (`Bearer`, `Token`), when it has one.
        func schemeWord(_ value: ImportedCollection.Text) -> String? {
            guard case .literal(let s)? = value.first else { return nil }
            let words = s.split(separator: " ", maxSplits: 1)
            guard words.count == 2 || s.hasSuffix(" "), let word = words.first, Auth.isSchemeWord(word.utf8)
            else { return nil }
            return String(word)
        }

        /// An `Authorization` header a `.http` file writes as JetBrains does (`Basic user password`,
        /// `Bearer token`), as auth; nil for anything else (kept as a header).
        func parsedAuthorization(_ value: ImportedCollection.Text) -> ImportedCollection.Auth? {
            guard case .literal(let s)? = value.first else { return nil }
            let words = s.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard words.count == 2 else { return nil }
            let rest: ImportedCollection.Text = [.literal(String(words[1]))] + value.dropFirst()
            switch words[0].lowercased() {
            case "basic":
                // `Basic user password` or `Basic user:password` (not yet encoded): JetBrains and REST Client.
                let written = ImportedCollection.written(rest)
                if Data(base64Encoded: written) != nil, !written.contains(" "), !written.contains(":") { return nil }
                let (user, password) =
                    written.contains(" ") ? splitFirst(rest, at: " ") : splitFirst(rest, at: ":")
                return .basic(user: user, password: password)
            case "bearer": return .bearer(token: rest)
            default: return nil
            }
        }

        /// The session's `auth` object for `auth`; a kind Strata does not sign with is reported (nil).
        mutating func authJSON(_ auth: ImportedCollection.Auth, what: String, route: String?) -> OutputJSON? {
            func secret(_ text: ImportedCollection.Text, _ name: String) -> String {
                readsVariables(text) ? template(text, secret: true) : "${env:\(envName(name))}"
            }
            switch auth {
            case .none: return nil
            case .basic(let user, let password):
                return .object([
                    ("type", .string("basic")), ("user", .string(template(user))),
                    ("password", .string(secret(password, "password"))),
                ])
            case .bearer(let token):
                return .object([("type", .string("bearer")), ("token", .string(secret(token, "token")))])
            case .apiKey(let name, let value, let inQuery):
                draft.addRedacted(name)
                return .object([
                    ("type", .string("apiKey")), ("name", .string(name)),
                    ("in", .string(inQuery ? "query" : "header")), ("value", .string(secret(value, name))),
                ])
            case .unsupported(let kind):
                notCarried.append("\(what): \(kind) is not an auth Strata signs with (basic, bearer, apiKey)")
                return nil
            }
        }

        // MARK: Bodies

        mutating func addBody(
            _ body: ImportedCollection.Body, contentType: String?, to route: inout SessionDraft.Route, place: String
        ) {
            switch body {
            case .raw(let text, let type):
                let type = type ?? contentType
                let isJSON = type.map { $0.lowercased().contains("json") } ?? false
                if ImportedCollection.written(text).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return }
                // Variables become markers first, so the JSON can be read before they become templates.
                var markers: [String: ImportedCollection.Piece] = [:]
                var marked = ""
                for piece in text {
                    if case .literal(let s) = piece {
                        marked += s
                    } else {
                        let marker = "\u{E001}\(markers.count)\u{E001}"
                        markers[marker] = piece
                        marked += marker
                    }
                }
                if isJSON || type == nil, let doc = try? ImportDocument.parse(Array(marked.utf8), file: "body.json"),
                    doc.root.isObject || doc.root.isArray
                {
                    let json = jsonBody(doc.root.json, key: nil, markers: markers, route: &route)
                    route.bodyObject = .object([("json", json)])
                    if let type, !type.lowercased().hasPrefix("application/json") {
                        notCarried.append("\(place): the body is sent as application/json, not \(type)")
                    }
                } else {
                    route.bodyObject = .object([
                        ("raw", .string(template(text))),
                        ("contentType", .string(type ?? BodyTemplate.defaultRawContentType)),
                    ])
                }
            case .form(let fields):
                route.body = "form"
                let placement = ["POST", "PUT", "PATCH"].contains(route.method) ? nil : "body"
                for (name, value) in fields where !route.params.contains(where: { $0.name == name }) {
                    let secret = CredentialNames.isField(name)
                    let v =
                        secret && !readsVariables(value) ? "${env:\(envName(name))}" : template(value, secret: secret)
                    if secret { draft.addRedacted(name) }
                    route.params.append(.init(name: name, value: .string(v), placement: placement))
                }
            case .multipart(let fields):
                var parts: [(String, String)] = []
                for (name, field) in fields {
                    switch field {
                    case .text(let value):
                        // A param the field names, so it can be edited (and a secret redacted).
                        let param = bodyParam(name, value, route: &route)
                        parts.append((name, "${\(param)}"))
                    case .file(let source):
                        let file = "files/" + ((source as NSString).lastPathComponent)
                        parts.append((name, "@" + file))
                        made.append("\(place): form field \(name) sends \(file): copy \(source) there")
                    }
                }
                route.multipart = parts
            case .graphQL(let query, let variables):
                var members: [(String, OutputJSON)] = [("query", .string(template(query)))]
                if let variables, let doc = try? ImportDocument.parse(Array(template(variables).utf8), file: "v.json") {
                    members.append(("variables", doc.root.json))
                } else if variables != nil {
                    notCarried.append("\(place): the GraphQL variables are not JSON; left out")
                }
                route.bodyObject = .object([("json", .object(members))])
            case .file(let source):
                notCarried.append("\(place): a body read from the file \(source): a session sends text bodies only")
            }
        }

        /// A JSON body with its variables: a string that is one variable, or that a secret-named member holds,
        /// becomes a param the body names (`"email": "${email}"`), editable and, for a secret, redacted; other
        /// strings with variables read the environment in place.
        mutating func jsonBody(
            _ value: OutputJSON, key: String?, markers: [String: ImportedCollection.Piece],
            route: inout SessionDraft.Route
        ) -> OutputJSON {
            switch value {
            case .string(let s):
                var text: ImportedCollection.Text = []
                var rest = Substring(s)
                while let open = rest.firstIndex(of: "\u{E001}"),
                    let close = rest[rest.index(after: open)...].firstIndex(of: "\u{E001}")
                {
                    if open > rest.startIndex { text.append(.literal(String(rest[..<open]))) }
                    text.append(markers[String(rest[open...close])] ?? .literal(""))
                    rest = rest[rest.index(after: close)...]
                }
                if !rest.isEmpty { text.append(.literal(String(rest))) }
                let secret = key.map(CredentialNames.isField) ?? false
                let single = text.count == 1 && { if case .variable = text[0] { true } else { false } }()
                if single || (secret && !s.isEmpty) {
                    var name = key ?? ""
                    if case .variable(let v) = text.first, key == nil { name = v }
                    return .string("${\(bodyParam(name, text, route: &route))}")
                }
                return .string(
                    readsVariables(text) || text.contains { if case .dynamic = $0 { true } else { false } }
                        ? template(text) : s)
            case .object(let members):
                return .object(members.map { ($0.0, jsonBody($0.1, key: $0.0, markers: markers, route: &route)) })
            case .array(let items):
                return .array(items.map { jsonBody($0, key: key, markers: markers, route: &route) })
            default:
                return value
            }
        }

        /// Adds a param for a body field `field` holding `value`, named after it (unique in the route), reading the
        /// environment when it is a secret (and redacted then); returns its name.
        mutating func bodyParam(_ field: String, _ value: ImportedCollection.Text, route: inout SessionDraft.Route)
            -> String
        {
            let plain = field.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
            }
            var name = plain && !field.isEmpty ? field : ImportNaming.camel(ImportNaming.words(field))
            if name.isEmpty || name.first!.isNumber { name = "p" + name }
            let base = name
            var n = 2
            while route.params.contains(where: { $0.name == name }) {
                name = base + "\(n)"
                n += 1
            }
            let secret = CredentialNames.isField(field)
            let v = secret && !readsVariables(value) ? "${env:\(envName(field))}" : template(value, secret: secret)
            if secret { draft.addRedacted(name) }
            let placement = ["POST", "PUT", "PATCH"].contains(route.method) ? nil : "body"
            route.params.append(.init(name: name, value: .string(v), placement: placement))
            return name
        }

        // MARK: Examples

        /// An example response as a fixture pair of the route, under the path its params fill in.
        mutating func addExample(
            _ example: ImportedCollection.Example, route: SessionDraft.Route, request: ImportedCollection.Request
        ) {
            var path = route.path
            for param in route.params where path.contains("{\(param.name)}") {
                guard case .string(let value) = param.value, let concrete = concreteValue(value) else {
                    notCarried.append(
                        "\(request.place): example '\(example.name)': path param \(param.name) has no value to file it under"
                    )
                    return
                }
                path = path.replacingOccurrences(
                    of: "{\(param.name)}", with: PercentEncoding.encode(concrete, allowing: PercentEncoding.pathSegment)
                )
            }
            var params: [(String, String)] = []
            let query = example.query ?? []
            for (k, v) in query {
                let text = template(decodedQueryValue(v))
                guard let concrete = concreteValue(text) else { continue }
                params.append((k, CredentialNames.isField(k) ? ResolvedParam.redacted : concrete))
            }
            let headers = FixtureWriter(directory: "", redactList: draft.redact).recordedHeaders(
                HTTPHeaders(example.headers))
            var responseHeaders: [(String, String)] = []
            for field in headers {
                let secret = CredentialNames.isResponseHeader(field.name)
                responseHeaders.append((field.name, secret ? ResolvedParam.redacted : field.value))
            }
            var body: SessionDraft.Pair.Body = .none
            if let text = example.body, !text.isEmpty {
                if let parsed = try? ImportDocument.parse(Array(text.utf8), file: "example.json"),
                    parsed.root.isObject || parsed.root.isArray
                {
                    body = .json(ImportNaming.redactingSecretFields(parsed.root.json))
                } else {
                    body = .text(text)
                }
            }
            draft.addPair(
                SessionDraft.Pair(
                    path: path, method: route.method, params: params, status: example.status, headers: responseHeaders,
                    body: body, description: example.name),
                file: FixtureWriter.fileName(for: route.name) + ".json")
        }

        /// A template's value with each variable's default: nil when a variable has none.
        func concreteValue(_ template: String) -> String? {
            guard let parsed = try? Template(parsing: template) else { return nil }
            var out = ""
            for part in parsed.parts {
                switch part {
                case .literal(let s): out += s
                case .variable(_, let fallback):
                    guard let fallback else { return nil }
                    out += fallback
                case .response: return nil
                }
            }
            return out
        }

        // MARK: Environments

        /// Each environment that gives the base URL's variable a value becomes an environment of the session; its
        /// other values are listed in its description (to export), its secrets named only.
        mutating func addEnvironments() {
            for (name, variables) in collection.environments {
                var own: [(String, OutputJSON)] = []
                var others: [String] = []
                var hidden: [String] = []
                // The base URL as this environment's values make it (its own base variable, or the values that
                // variable is made of).
                if let baseVariable, !secrets.contains(baseVariable) {
                    let saved = values
                    values.merge(variables.map { ($0.0, $0.1) }) { _, new in new }
                    if var value = values[baseVariable], case .literal(let s)? = value.last, s.hasSuffix("/"),
                        s.count > 1
                    {
                        value[value.count - 1] = .literal(String(s.dropLast()))
                        values[baseVariable] = value
                    }
                    let base = template([.variable(baseVariable)])
                    values = saved
                    if base != draft.baseURL { own.append(("baseURL", .string(base))) }
                }
                for (variable, value) in variables where variable != baseVariable {
                    let secret = secrets.contains(variable) || CredentialNames.isField(variable)
                    if secret {
                        hidden.append(envNames[variable] ?? envName(variable))
                    } else if envNames[variable] != nil {
                        others.append("\(envNames[variable]!)=\(ImportedCollection.written(value))")
                    }
                }
                var description = "imported from \((collection.file as NSString).lastPathComponent)"
                if !others.isEmpty { description += "; export " + others.joined(separator: " ") }
                if !hidden.isEmpty { description += "; secrets to export: " + hidden.joined(separator: " ") }
                let key =
                    ImportNaming.camel(ImportNaming.words(name)).isEmpty
                    ? "environment\(draft.environments.count + 1)" : ImportNaming.camel(ImportNaming.words(name))
                draft.environments.append((key, .object([("description", .string(description))] + own)))
                made.append("environment \(key) from '\(name)'")
            }
        }
    }
}
