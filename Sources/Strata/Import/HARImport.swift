import Foundation
import StrataDocuments

/// `strata import har`: routes, params and fixture pairs from a browser's HAR 1.2 recording, with every secret
/// left out.
public enum HARImport {
    /// Response types of a page's own files rather than an API's answers (an image or a video can be an API's
    /// answer: those count as assets by their file extension only).
    static let assetTypes = [
        "font/", "text/css", "text/html", "application/xhtml", "text/javascript",
        "application/javascript", "application/x-javascript", "application/ecmascript", "application/wasm",
        "application/font-", "application/x-font-", "application/vnd.ms-fontobject",
    ]
    /// File extensions of a page's own files, for responses that say no type.
    static let assetExtensions: Set<String> = [
        "js", "mjs", "css", "map", "png", "jpg", "jpeg", "gif", "svg", "ico", "webp", "avif", "woff", "woff2", "ttf",
        "otf", "eot", "html", "htm", "mp4", "webm", "mp3", "wasm",
    ]

    /// Whether entry `e` is a script, style, font or HTML page (by its response type), or a file of a page (by
    /// its path's extension: `logo.png`, `app.js`).
    static func isPageAsset(_ e: Entry) -> Bool {
        let type = e.responseMime.lowercased().split(separator: ";").first.map(String.init) ?? ""
        if assetTypes.contains(where: { type.trimmingCharacters(in: .whitespaces).hasPrefix($0) }) { return true }
        let last = e.path.split(separator: "/").last ?? ""
        guard let dot = last.lastIndex(of: ".") else { return false }
        return assetExtensions.contains(last[last.index(after: dot)...].lowercased())
    }

    /// The media type entry `e`'s response says it is (`application/json`), lowercased; empty when it says none.
    static func mediaType(_ e: Entry) -> String {
        (e.responseMime.lowercased().split(separator: ";").first.map(String.init) ?? "")
            .trimmingCharacters(in: .whitespaces)
    }

    /// Whether media type `type` is of `kind`, as `--content-type` names one: a whole type (`text/html`), a family
    /// (`image/*`), or a format (`json`: `application/json` and every `…+json`, such as `application/problem+json`).
    public static func mediaType(_ type: String, isOf kind: String) -> Bool {
        let kind = kind.lowercased().trimmingCharacters(in: .whitespaces)
        guard !type.isEmpty, !kind.isEmpty else { return false }
        if kind.hasSuffix("/*") { return type.hasPrefix(kind.dropLast()) }
        if kind.contains("/") { return type == kind }
        guard let slash = type.firstIndex(of: "/") else { return false }
        let subtype = type[type.index(after: slash)...]
        return subtype == kind || subtype.hasSuffix("+" + kind)
    }

    struct Entry {
        var method: String
        var url: URLComponents
        var path: String
        var query: [(String, String)]
        var headers: [(String, String)]
        var form: [(String, String)]
        var jsonBody: ImportValue?
        var otherBody: String?
        var mimeType: String
        var status: Int
        var responseHeaders: [(String, String)]
        var responseText: String?
        var responseBase64: Bool
        var responseMime: String
        var at: Int
    }

    /// Imports the HAR document in `bytes` (named `file` in messages) as a session named `name`; page assets
    /// (scripts, styles, images, fonts, media, HTML pages) are left out, and counted, unless `keepAssets`. With
    /// `contentTypes`, only responses of those types are kept instead (see ``mediaType(_:isOf:)``).
    public static func session(
        _ bytes: [UInt8], file: String, name: String? = nil, keepAssets: Bool = false, contentTypes: [String] = []
    ) throws(ImportError) -> ImportResult {
        let doc = try ImportDocument.parse(bytes, file: file)
        guard let log = doc.root["log"], log.isObject else {
            throw ImportError("\(doc.location(doc.root.offset)): not a HAR file (no \"log\" object)")
        }
        guard let entriesValue = log["entries"], entriesValue.isArray else {
            throw ImportError("\(doc.location(log.offset)): the HAR log has no \"entries\" array")
        }
        var made: [String] = []
        var notCarried: [String] = []
        var entries: [Entry] = []
        for (n, e) in entriesValue.items.enumerated() {
            guard let request = e["request"], let response = e["response"], let urlText = request["url"]?.string,
                let url = URLComponents(string: urlText), url.host != nil
            else {
                notCarried.append("\(doc.location(e.offset)): entry \(n + 1) has no request URL or response; left out")
                continue
            }
            let pairs = { (v: ImportValue?) -> [(String, String)] in
                (v?.items ?? []).compactMap { p in
                    guard let name = p["name"]?.string else { return nil }
                    return (name, p["value"]?.scalarText ?? "")
                }
            }
            var form: [(String, String)] = []
            var jsonBody: ImportValue? = nil
            var otherBody: String? = nil
            let post = request["postData"]
            let mime = post?["mimeType"]?.string?.lowercased() ?? ""
            if let post {
                let params = pairs(post["params"])
                let text = post["text"]?.string ?? ""
                if !params.isEmpty {
                    form = params
                } else if mime.contains("json"),
                    let body = try? ImportDocument.parse(Array(text.utf8), file: "body.json")
                {
                    jsonBody = body.root
                } else if mime.contains("x-www-form-urlencoded") || (mime.isEmpty && text.contains("=")) {
                    form = CurlImport.formPairs(text)
                } else if !text.isEmpty {
                    otherBody = text
                }
            }
            let content = response["content"]
            let path = url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath
            entries.append(
                Entry(
                    method: (request["method"]?.string ?? "GET").uppercased(), url: url, path: path,
                    query: pairs(request["queryString"]).isEmpty
                        ? CurlImport.formPairs(url.percentEncodedQuery ?? "") : pairs(request["queryString"]),
                    headers: pairs(request["headers"]), form: form, jsonBody: jsonBody, otherBody: otherBody,
                    mimeType: mime, status: Int(response["status"]?.scalarText ?? "") ?? 200,
                    responseHeaders: pairs(response["headers"]), responseText: content?["text"]?.string,
                    responseBase64: content?["encoding"]?.string == "base64",
                    responseMime: content?["mimeType"]?.string ?? "", at: e.offset))
        }
        guard !entries.isEmpty else {
            throw ImportError("\(doc.location(entriesValue.offset)): the HAR has no entries")
        }
        // A browser's recording is mostly the page itself: only API responses become routes, by default.
        if !contentTypes.isEmpty {
            let chosen = contentTypes.joined(separator: ", ")
            func kept(_ e: Entry) -> Bool { contentTypes.contains { mediaType(mediaType(e), isOf: $0) } }
            let others = entries.filter { !kept($0) }
            if others.count == entries.count {
                // Say which types the recording has, so the next try can name one.
                var counts: [String: Int] = [:]
                var order: [String] = []
                for e in entries {
                    let type = mediaType(e).isEmpty ? "no type" : mediaType(e)
                    if counts[type] == nil { order.append(type) }
                    counts[type, default: 0] += 1
                }
                let found = order.prefix(8).map { "\($0) ×\(counts[$0] ?? 0)" }.joined(separator: ", ")
                throw ImportError(
                    "\(doc.location(entriesValue.offset)): no response is of type \(chosen) (the recording has "
                        + found + (order.count > 8 ? ", …" : "") + ")")
            }
            if !others.isEmpty {
                let types = Array(Set(others.map { mediaType($0).isEmpty ? "no type" : mediaType($0) })).sorted()
                notCarried.append(
                    "\(Counted.text(others.count, "entry", "entries")) of other types left out ("
                        + types.prefix(4).joined(separator: ", ") + (types.count > 4 ? ", …" : "")
                        + "): --content-type chose \(chosen)")
                entries.removeAll { !kept($0) }
            }
        } else if !keepAssets {
            let assets = entries.filter(isPageAsset)
            if !assets.isEmpty, assets.count == entries.count {
                throw ImportError(
                    "\(doc.location(entriesValue.offset)): every entry is a page asset (scripts, styles, images, "
                        + "fonts, HTML): no API responses to import; --all imports them")
            }
            if !assets.isEmpty {
                let names = assets.prefix(4).map { String($0.path.split(separator: "/").last ?? "/") }
                notCarried.append(
                    "\(Counted.text(assets.count, "page asset")) left out (\(names.joined(separator: ", "))"
                        + (assets.count > 4 ? ", …" : "") + "): --all keeps them")
                entries.removeAll(where: isPageAsset)
            }
        }

        // The most frequent origin becomes the base URL; other hosts are left out.
        func origin(_ u: URLComponents) -> String {
            (u.scheme ?? "https") + "://" + (u.host ?? "") + (u.port.map { ":\($0)" } ?? "")
        }
        var counts: [String: Int] = [:]
        for e in entries { counts[origin(e.url), default: 0] += 1 }
        let base = entries.map { origin($0.url) }.max { counts[$0]! < counts[$1]! }!
        let others = Set(entries.map { origin($0.url) }).subtracting([base]).sorted()
        if !others.isEmpty {
            let left = entries.filter { origin($0.url) != base }.count
            notCarried.append(
                "\(Counted.text(left, "entry", "entries")) to other origins left out: \(others.joined(separator: ", "))"
            )
        }
        entries = entries.filter { origin($0.url) == base }
        let host = entries[0].url.host ?? "api"
        var prefix = String(host.split(separator: ".").first ?? "api")
        if prefix == "www" || prefix == "api", host.split(separator: ".").count > 2 {
            prefix = String(host.split(separator: ".")[1])
        }

        // Every secret value anywhere in the recording, so none survives in a body, header or path.
        var secrets: [String] = []
        var draft = SessionDraft(name: name ?? host, baseURL: "${env:\(ImportNaming.envName(prefix, "url")):-\(base)}")
        var sessionHeaders: [String: String] = [:]
        for e in entries {
            for (h, v) in e.headers where CredentialNames.isHeader(h) && !h.hasPrefix(":") {
                secrets.append(v)
                if let space = v.firstIndex(of: " ") { secrets.append(String(v[v.index(after: space)...])) }
                if h.lowercased() == "cookie" {
                    for c in v.split(separator: ";") {
                        if let eq = c.firstIndex(of: "=") { secrets.append(String(c[c.index(after: eq)...])) }
                    }
                }
                if sessionHeaders[h.lowercased()] == nil {
                    let env = ImportNaming.envName(prefix, h)
                    sessionHeaders[h.lowercased()] = env
                    draft.headers.append((canonicalHeader(h), "${env:\(env)}"))
                    draft.addRedacted(canonicalHeader(h))
                    made.append("header \(canonicalHeader(h)) reads ${env:\(env)} and is redacted")
                }
            }
            for (h, v) in e.responseHeaders where CredentialNames.isHeader(h) {
                secrets.append(v)
                if h.lowercased() == "set-cookie", let semi = v.split(separator: ";").first,
                    let eq = semi.firstIndex(of: "=")
                {
                    secrets.append(String(semi[semi.index(after: eq)...]))
                }
            }
            let names = (e.query + e.form).map(\.0)
            for (k, v) in e.query + e.form
            where CredentialNames.isField(k) || CredentialNames.looksLikeToken(v)
                || CredentialNames.isOAuthCode(k, params: names, path: e.path)
            {
                secrets.append(v)
            }
            // A token in the path (a JWT segment) is a secret too; the path template makes it a param.
            for segment in e.path.split(separator: "/") {
                let value = PercentEncoding.decode(String(segment))
                if CredentialNames.looksLikeToken(value) { secrets.append(value) }
            }
            if let j = e.jsonBody { collectSecrets(j, into: &secrets) }
            if let text = e.responseText, !e.responseBase64, e.responseMime.contains("json"),
                let body = try? ImportDocument.parse(Array(text.utf8), file: "response.json")
            {
                collectSecrets(body.root, into: &secrets)
            }
        }
        let scrubber = SecretScrubber(values: secrets.filter { $0 != ResolvedParam.redacted })
        let clean = { (s: String) in scrubber.scrub(s) }

        // Routes: one per method and path template.
        var routeIndex: [String: Int] = [:]
        /// The names of each route's params so far, by route position (entries add params as they come).
        var paramNames: [Int: Set<String>] = [:]
        var leftHeaders: Set<String> = []
        for e in entries {
            let (template, pathValues) = ImportNaming.template(e.path)
            let key = e.method + " " + template
            let r: Int
            if let existing = routeIndex[key] {
                r = existing
            } else {
                let decoded = PercentEncoding.decode(template)
                var route = SessionDraft.Route(
                    name: draft.uniqueRouteName(ImportNaming.routeName(method: e.method, path: decoded)),
                    method: e.method, path: decoded)
                for (n, v) in pathValues { route.params.append(.init(name: n, value: .string(clean(v)))) }
                for (h, v) in e.headers {
                    let lower = h.lowercased()
                    if h.hasPrefix(":") || CredentialNames.isHeader(h) { continue }
                    if lower.hasPrefix("x-") && !lower.hasPrefix("x-requested") {
                        route.headers.append((h, clean(v)))
                    } else if lower == "accept", !v.contains("text/html") {
                        route.headers.append((h, v))
                    } else {
                        leftHeaders.insert(canonicalHeader(h))
                    }
                }
                if e.jsonBody != nil { route.body = "json" }
                routeIndex[key] = draft.routes.count
                draft.addRoute(route)
                made.append("route \(route.name) \(route.method) \(route.path)")
                r = draft.routes.count - 1
                paramNames[r] = Set(route.params.map(\.name))
            }
            let bodyMethod = ["POST", "PUT", "PATCH"].contains(e.method)
            var seen: [(String, OutputJSON, String?)] = e.query.map {
                ($0.0, .string($0.1), bodyMethod ? "query" : nil)
            }
            seen += e.form.map { ($0.0, .string($0.1), bodyMethod ? nil : "body") }
            if let j = e.jsonBody {
                for (k, v) in j.members {
                    switch v.kind {
                    case .string(let s): seen.append((k, .string(s), nil))
                    case .number(let n): seen.append((k, .number(n), nil))
                    case .bool(let b): seen.append((k, .bool(b), nil))
                    default:
                        notCarried.append(
                            "\(doc.location(e.at)): JSON body member \(k) of \(draft.routes[r].name) is not a string, number or boolean; left out"
                        )
                    }
                }
            }
            if e.otherBody != nil {
                notCarried.append(
                    "\(doc.location(e.at)): a \(e.mimeType) request body of \(draft.routes[r].name) is not form or JSON; left out"
                )
            }
            for (k, v, placement) in seen where paramNames[r, default: []].insert(k).inserted {
                var value = v
                if CredentialNames.isField(k) {
                    let env = ImportNaming.envName(prefix, k)
                    value = .string("${env:\(env)}")
                    draft.addRedacted(k)
                } else if case .string(let s) = v {
                    value = .string(clean(s))
                }
                draft.routes[r].params.append(.init(name: k, value: value, placement: placement))
            }

            // The fixture pair.
            var listed: [(String, String)] = []
            for (k, v, _) in seen {
                let text: String
                switch v {
                case .string(let s): text = s
                case .number(let n): text = n
                case .bool(let b): text = b ? "true" : "false"
                default: continue
                }
                listed.append((k, CredentialNames.isField(k) ? ResolvedParam.redacted : clean(text)))
            }
            let headers = FixtureWriter(directory: "", redactList: draft.redact).recordedHeaders(
                HTTPHeaders(e.responseHeaders.filter { !$0.0.hasPrefix(":") }.map { ($0.0, $0.1) }))
            var responseHeaders: [(String, String)] = []
            for field in headers {
                let secret = CredentialNames.isResponseHeader(field.name)
                responseHeaders.append((field.name, secret ? ResolvedParam.redacted : clean(field.value)))
            }
            var body: SessionDraft.Pair.Body = .none
            if let text = e.responseText {
                let routeName = draft.routes[r].name
                if e.responseBase64 {
                    let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { Array($0) } ?? []
                    let fileName =
                        FixtureWriter.bodiesFolder + "/" + FixtureWriter.fileName(for: routeName)
                        + "-\(draft.extraFiles.count + 1).bin"
                    draft.extraFiles.append(("fixtures/" + fileName, scrubber.scrub(data, json: false)))
                    body = .file(fileName)
                } else if e.responseMime.contains("json"),
                    let parsed = try? ImportDocument.parse(Array(text.utf8), file: "response.json")
                {
                    body = .json(scrubJSON(ImportNaming.redactingSecretFields(parsed.root.json), clean))
                } else {
                    body = .text(clean(text))
                }
            }
            let pathKey = clean(e.path)
            draft.addPair(
                SessionDraft.Pair(
                    path: pathKey, method: e.method, params: listed, status: e.status, headers: responseHeaders,
                    body: body),
                file: FixtureWriter.fileName(for: draft.routes[r].name) + ".json")
        }
        if !leftHeaders.isEmpty {
            notCarried.append(
                "request headers the browser sent, left out: \(leftHeaders.sorted().joined(separator: ", "))")
        }
        let pairCount = draft.fixtures.reduce(0) { $0 + $1.pairs.count }
        made.append("\(Counted.text(pairCount, "fixture pair")) in \(Counted.text(draft.fixtures.count, "file"))")
        return ImportResult(files: draft.files, made: made, notCarried: notCarried)
    }

    /// `Content-Type` from `content-type` (HTTP/2 recordings are lowercase).
    static func canonicalHeader(_ name: String) -> String {
        name.split(separator: "-", omittingEmptySubsequences: false).map {
            $0.prefix(1).uppercased() + $0.dropFirst().lowercased()
        }.joined(separator: "-")
    }

    static func collectSecrets(_ v: ImportValue, into secrets: inout [String]) {
        for (k, m) in v.members {
            if CredentialNames.isField(k), let s = m.scalarText { secrets.append(s) }
            collectSecrets(m, into: &secrets)
        }
        for item in v.items { collectSecrets(item, into: &secrets) }
    }

    static func scrubJSON(_ value: OutputJSON, _ clean: (String) -> String) -> OutputJSON {
        switch value {
        case .string(let s): .string(clean(s))
        case .array(let a): .array(a.map { scrubJSON($0, clean) })
        case .object(let m): .object(m.map { (clean($0.0), scrubJSON($0.1, clean)) })
        default: value
        }
    }
}
