import Foundation
import StrataDocuments

/// `strata import curl`: one route (and the session around it) from a curl command line.
public enum CurlImport {
    /// A request read from a curl command.
    struct Command: Sendable {
        var method: String?
        var url: String?
        var headers: [(String, String)] = []
        var data: [String] = []
        var json = false
        var get = false
        var head = false
        var user: String?
        /// `-F` / `--form` fields (`name=value`, `name=@file`) and `--form-string` ones (never a file).
        var form: [(field: String, literal: Bool)] = []
        var ignored: [String] = []
    }

    /// Reads a curl command's words (`curl` first, optionally).
    static func parse(_ words: [String]) throws(ImportError) -> Command {
        var c = Command()
        var w = words
        if w.first == "curl" || w.first?.hasSuffix("/curl") == true || w.first == "curl.exe" { w.removeFirst() }
        var i = 0
        func value(_ option: String) throws(ImportError) -> String {
            guard i < w.count else { throw ImportError("command: \(option) needs a value") }
            defer { i += 1 }
            return w[i]
        }
        let valued: Set<String> = [
            "-o", "--output", "-w", "--write-out", "--connect-timeout", "-m", "--max-time", "--retry", "-x",
            "--proxy", "-E", "--cert", "--cacert", "--key", "-r", "--range", "-T", "--upload-file",
            "--resolve", "--max-redirs", "-c", "--cookie-jar", "-K", "--config", "--limit-rate", "-U",
            "--proxy-user", "--interface",
        ]
        while i < w.count {
            var a = w[i]
            i += 1
            var inline: String? = nil
            if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                inline = String(a[a.index(after: eq)...])
                a = String(a[..<eq])
            } else if a.hasPrefix("-"), !a.hasPrefix("--"), a.count > 2,
                ["-X", "-H", "-d", "-u", "-A", "-e", "-b", "-F"].contains(String(a.prefix(2)))
            {
                inline = String(a.dropFirst(2))
                a = String(a.prefix(2))
            }
            func next() throws(ImportError) -> String {
                if let inline { return inline }
                return try value(a)
            }
            switch a {
            case "-X", "--request": c.method = try next().uppercased()
            case "-H", "--header":
                let h = try next()
                guard let colon = h.firstIndex(of: ":") else {
                    c.ignored.append("header without a value: \(h)")
                    continue
                }
                let name = String(h[..<colon]).trimmingCharacters(in: .whitespaces)
                let v = String(h[h.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                c.headers.append((name, v))
            case "-d", "--data", "--data-raw", "--data-binary", "--data-ascii": c.data.append(try next())
            case "--data-urlencode":
                let d = try next()
                if let eq = d.firstIndex(of: "=") {
                    let name = String(d[..<eq])
                    let v = PercentEncoding.formEncode(String(d[d.index(after: eq)...]))
                    c.data.append(name.isEmpty ? v : name + "=" + v)
                } else {
                    c.data.append(PercentEncoding.formEncode(d))
                }
            case "--json":
                c.data.append(try next())
                c.json = true
            case "-u", "--user": c.user = try next()
            case "-F", "--form": c.form.append((try next(), false))
            case "--form-string": c.form.append((try next(), true))
            case "-G", "--get": c.get = true
            case "-I", "--head": c.head = true
            case "--url": c.url = try next()
            case "-A", "--user-agent": c.headers.append(("User-Agent", try next()))
            case "-e", "--referer": c.headers.append(("Referer", try next()))
            case "-b", "--cookie": c.headers.append(("Cookie", try next()))
            default:
                if a.hasPrefix("-"), a != "-" {
                    if valued.contains(a) {
                        let v = try next()
                        c.ignored.append("option \(a) \(v)")
                    } else if ![
                        "--compressed", "-s", "--silent", "-L", "--location", "-k", "--insecure", "-v",
                        "--verbose", "-i", "--include", "-S", "--show-error", "-f", "--fail", "-sS", "-sL", "-Ls",
                        "--http1.1", "--http2", "-g", "--globoff",
                    ].contains(a) {
                        c.ignored.append("option \(a)")
                    }
                } else if c.url == nil {
                    c.url = a
                } else {
                    c.ignored.append("argument \(a)")
                }
            }
        }
        return c
    }

    /// Imports the curl command `text` as a new session (named after the host) holding one route.
    ///
    /// `routeName` names the route (default: from the method and path). Secrets (credential headers, secret
    /// params, `-u` passwords) become `${env:…}` values listed in `redact`.
    public static func session(_ text: String, routeName: String? = nil) throws(ImportError) -> ImportResult {
        var draft = SessionDraft(name: "")
        var made: [String] = []
        var notCarried: [String] = []
        let origin = try add(text, routeName: routeName, to: &draft, made: &made, notCarried: &notCarried)
        draft.name = origin.host
        draft.baseURL = origin.baseURL
        return ImportResult(files: draft.files, made: made, notCarried: notCarried)
    }

    /// What a command's URL starts with: the base URL of a session and its host.
    struct Origin {
        var baseURL: String
        var host: String
    }

    /// Reads `text` and adds its route (and redacted names) to `draft`; returns the URL's origin.
    static func add(
        _ text: String, routeName: String?, to draft: inout SessionDraft, made: inout [String],
        notCarried: inout [String], sessionBase: String? = nil
    ) throws(ImportError) -> Origin {
        let c = try parse(ShellWords.split(text))
        guard var url = c.url, !url.isEmpty else { throw ImportError("command: no URL found") }
        if !url.contains("://") { url = "http://" + url }
        guard let components = URLComponents(string: url), let host = components.host else {
            throw ImportError("command: not a URL: \(url)")
        }
        let scheme = components.scheme ?? "http"
        var base = scheme + "://"
        var envPrefix = host
        // An address names no API: its variables are API_…, not _127_….
        let isAddress =
            host == "localhost" || host.contains(":")
            || host.split(separator: ".").allSatisfy { $0.allSatisfy(\.isNumber) }
        if isAddress {
            envPrefix = "API"
        } else if let first = host.split(separator: ".").first, host.split(separator: ".").count > 2 || first != "www" {
            envPrefix = String(
                first == "api" || first == "www" ? host.split(separator: ".").dropFirst().first ?? first : first)
        }
        // `-u` (or user:password@ in the URL) is the route's basic auth: the password is read from the environment
        // and never written; the URL keeps no credentials.
        var basicAuth: OutputJSON? = nil
        let userinfo = components.user.map { user in
            user + (components.password.map { ":" + $0 } ?? "")
        }
        if let user = c.user ?? userinfo {
            let parts = user.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentEncoding.decode(String(parts.first ?? ""))
            let given = parts.count > 1 ? String(parts[1]) : ""
            let secret =
                CurlImport.shellVariable(given).map { "${env:\($0)}" }
                ?? "${env:\(ImportNaming.envName(envPrefix, "password"))}"
            if c.headers.contains(where: { $0.0.lowercased() == "authorization" }) {
                notCarried.append("-u \(name): the command's own Authorization header is sent instead, as curl does")
            } else {
                basicAuth = .object([
                    ("type", .string("basic")), ("user", .string(name)), ("password", .string(secret)),
                ])
                made.append("basic auth for \(name); the password reads \(secret)")
            }
        }
        base += host
        if let port = components.port { base += ":\(port)" }

        var rawPath = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        // Added to a session: the path is relative to the session's base URL when the URL starts with it.
        if let sessionBase, let prefix = URLComponents(string: sessionBase), prefix.host == host,
            rawPath.hasPrefix(prefix.percentEncodedPath), prefix.percentEncodedPath.count > 1
        {
            let rest = String(rawPath.dropFirst(prefix.percentEncodedPath.count))
            if rest.isEmpty || rest.hasPrefix("/") { rawPath = rest.isEmpty ? "/" : rest }
        }
        // Braces in the URL are literal characters, never placeholders: they stay percent-encoded in the route's
        // path (a `}` written as is made a session that no longer loads).
        let literalBraces = rawPath.replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(
            of: "}", with: "%7D")
        let (template, pathParams) = ImportNaming.template(literalBraces)
        let keptEncoded = ["%7B", "%7b", "%7D", "%7d"].reduce(template) { text, escape in
            text.replacingOccurrences(of: escape, with: "%25" + escape.dropFirst())
        }
        var method = c.method ?? (c.head ? "HEAD" : ((!c.data.isEmpty || !c.form.isEmpty) && !c.get ? "POST" : "GET"))
        if c.get, c.method == nil { method = c.head ? "HEAD" : "GET" }
        var route = SessionDraft.Route(
            name: "", method: method, path: PercentEncoding.decode(keptEncoded))
        for (name, value) in pathParams { route.params.append(.init(name: name, value: .string(value))) }

        let bodyAllowed = ["POST", "PUT", "PATCH"].contains(method)
        var queryItems: [(String, String)] = []
        if let q = components.percentEncodedQuery { queryItems += formPairs(q) }
        var bodyParams: [(String, OutputJSON)] = []
        var contentType = c.headers.last { $0.0.lowercased() == "content-type" }?.1.lowercased() ?? ""
        if c.json, contentType.isEmpty { contentType = "application/json" }
        if !c.data.isEmpty {
            let joined = c.data.joined(separator: "&")
            if c.get || !bodyAllowed {
                queryItems += formPairs(joined)
                if !c.get { notCarried.append("data sent with \(method) put in the query") }
            } else if contentType.contains("json") {
                let doc = try? ImportDocument.parse(Array(joined.utf8), file: "body.json")
                if let doc, case .object(let members) = doc.root.kind {
                    route.body = "json"
                    for (k, v) in members {
                        switch v.kind {
                        case .string(let s): bodyParams.append((k, .string(s)))
                        case .number(let n): bodyParams.append((k, .number(n)))
                        case .bool(let b): bodyParams.append((k, .bool(b)))
                        default:
                            notCarried.append("JSON body member \(k): only strings, numbers and booleans become params")
                        }
                    }
                } else {
                    notCarried.append("the body is not a JSON object: only its members could become params")
                }
            } else if contentType.isEmpty || contentType.contains("x-www-form-urlencoded") {
                bodyParams = formPairs(joined).map { ($0.0, .string($0.1)) }
            } else {
                notCarried.append("a \(contentType) body: only form and JSON bodies become params")
            }
        }
        // `-F`: a multipart body; text fields become params the body names (`${note}`), files stay `@path`.
        if !c.form.isEmpty, c.data.isEmpty {
            var fields: [(String, String)] = []
            for (field, literal) in c.form {
                guard let eq = field.firstIndex(of: "=") else {
                    notCarried.append("form field without a value: \(field)")
                    continue
                }
                let name = String(field[..<eq])
                var value = String(field[field.index(after: eq)...])
                if !literal, value.hasPrefix("@") {
                    // `;type=image/png` and other attributes after the file name are curl's, not the session's.
                    if let semicolon = value.firstIndex(of: ";") {
                        notCarried.append("form field \(name): \(value[semicolon...]) (the file's type is guessed)")
                        value = String(value[..<semicolon])
                    }
                    fields.append((name, value))
                    made.append(
                        "form field \(name) sends the file \(value.dropFirst()), read from the session folder: put it there"
                    )
                } else if !literal, value.hasPrefix("<") {
                    notCarried.append("form field \(name)=\(value): a field read from a file is sent as that text")
                    fields.append((name, value))
                } else {
                    fields.append((name, "${\(name)}"))
                    route.params.append(
                        param(name, value: .string(value), placement: nil, prefix: envPrefix, draft: &draft))
                }
            }
            route.multipart = fields
        } else if !c.form.isEmpty {
            notCarried.append("-F with -d: curl refuses both; the -d data is kept")
        }
        route.auth = basicAuth
        for (name, value) in queryItems {
            let placement = bodyAllowed ? "query" : nil
            route.params.append(
                param(name, value: .string(value), placement: placement, prefix: envPrefix, draft: &draft))
        }
        for (name, value) in bodyParams {
            route.params.append(
                param(
                    name, value: value, placement: route.body == "json" && !bodyAllowed ? "body" : nil,
                    prefix: envPrefix, draft: &draft))
        }
        // Besides the per-connection headers: what the live source sets itself.
        let skip = HTTPHeaders.connectionNames.union(["host", "accept-encoding"])
        for (name, value) in c.headers {
            let lower = name.lowercased()
            if skip.contains(lower) { continue }
            if lower == "content-type", !bodyParams.isEmpty || route.body == "json" || route.multipart != nil {
                continue
            }
            if CredentialNames.isHeader(name) || value == ResolvedParam.redacted {
                let template =
                    CurlImport.shellVariable(inSecret: value) ?? "${env:\(ImportNaming.envName(envPrefix, name))}"
                route.headers.append((name, template))
                draft.addRedacted(name)
                made.append("header \(name) reads \(template) and is redacted")
            } else {
                route.headers.append((name, value))
            }
        }
        if c.json, !c.headers.contains(where: { $0.0.lowercased() == "accept" }) {
            route.headers.append(("Accept", "application/json"))
        }
        // Named from the path without its literal braces (its placeholders name it as usual).
        let namedPath = ["%7B", "%7b", "%7D", "%7d"].reduce(route.path) { $0.replacingOccurrences(of: $1, with: "") }
        route.name = draft.uniqueRouteName(routeName ?? ImportNaming.routeName(method: method, path: namedPath))
        made.insert("route \(route.name) \(route.method) \(route.path)", at: 0)
        notCarried += c.ignored
        draft.addRoute(route)
        return Origin(baseURL: base, host: host)
    }

    /// A param from the command; secret-named ones, `<redacted>` values and shell variables read the environment.
    static func param(
        _ name: String, value: OutputJSON, placement: String?, prefix: String, draft: inout SessionDraft
    ) -> SessionDraft.Param {
        var v = value
        // A value that is one shell variable (`$API_KEY`, as `run --curl` writes a secret) reads that variable.
        let named: String? = if case .string(let s) = value { shellVariable(s) } else { nil }
        if CredentialNames.isField(name) || value == .string(ResolvedParam.redacted) || named != nil {
            v = .string("${env:\(named ?? ImportNaming.envName(prefix, name))}")
            draft.addRedacted(name)
        }
        return SessionDraft.Param(name: name, value: v, placement: placement)
    }

    /// The variable a value reads when it is exactly one shell variable, `$NAME` or `${NAME}` (as `strata run
    /// --curl` writes a secret read from the environment); nil otherwise.
    static func shellVariable(_ value: String) -> String? {
        var name = Substring(value)
        guard name.first == "$" else { return nil }
        name = name.dropFirst()
        if name.first == "{" {
            guard name.last == "}" else { return nil }
            name = name.dropFirst().dropLast()
        }
        return Template.isVariableName(name) ? String(name) : nil
    }

    /// A secret header's value as a template when it reads one shell variable, alone or after an auth scheme word
    /// (`Bearer $TOKEN` is `Bearer ${env:TOKEN}`); nil otherwise.
    static func shellVariable(inSecret value: String) -> String? {
        let words = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        if words.count == 1 { return shellVariable(value).map { "${env:\($0)}" } }
        guard Auth.isSchemeWord(words[0].utf8), let name = shellVariable(String(words[1]))
        else { return nil }
        return "\(words[0]) ${env:\(name)}"
    }

    /// `a=1&b=2` as decoded pairs (`+` as space).
    static func formPairs(_ text: String) -> [(String, String)] {
        text.split(separator: "&").map { part in
            let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentEncoding.decode(String(kv[0]), plusAsSpace: true)
            let value = kv.count > 1 ? PercentEncoding.decode(String(kv[1]), plusAsSpace: true) : ""
            return (name, value)
        }
    }
}
