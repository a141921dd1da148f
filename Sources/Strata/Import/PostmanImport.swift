import Foundation
import StrataDocuments

/// `strata import postman`: a session from a Postman collection (v2.1, and v2.0 which differs in its auth and
/// header forms), with Postman environment files as the session's environments.
///
/// Folders name the routes (`Auth / Register` is `authRegister`), `{{variables}}` read environment variables
/// (see ``CollectionImport``), auth is inherited from folders and the collection as Postman does (`noauth` stops
/// it), bodies keep their mode (raw JSON as a JSON template, urlencoded as a form, form-data as multipart,
/// GraphQL as its JSON), and saved examples become fixture pairs, so the session answers offline.
public enum PostmanImport {
    /// Imports the collection `bytes` read from `file`, with the environment files `environments` (path, bytes).
    public static func session(
        _ bytes: [UInt8], file: String, environments: [(file: String, bytes: [UInt8])] = [], name: String? = nil
    ) throws(ImportError) -> ImportResult {
        var collection = try read(bytes, file: file)
        for (envFile, envBytes) in environments {
            try readEnvironment(envBytes, file: envFile, into: &collection)
        }
        return try CollectionImport.session(collection, name: name)
    }

    /// Reads a collection into the shared model.
    static func read(_ bytes: [UInt8], file: String) throws(ImportError) -> ImportedCollection {
        let doc = try ImportDocument.parse(stripBOM(bytes), file: file)
        let root = doc.root
        guard root.isObject, let items = root["item"], items.isArray else {
            let v1 = root["requests"] != nil
            throw ImportError(
                "\(doc.location(root.offset)): not a Postman collection v2: it needs an \"item\" array"
                    + (v1 ? " (this is a v1 collection: export it again from Postman as Collection v2.1)" : ""))
        }
        let info = root["info"]
        let schema = info?["schema"]?.string ?? ""
        let fallback = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var collection = ImportedCollection(
            name: info?["name"]?.string ?? fallback, description: description(info?["description"]), file: file)
        if !schema.isEmpty, !schema.contains("v2.0.0"), !schema.contains("v2.1.0") {
            collection.notCarried.append("\(file): schema \(schema): read as v2.1")
        }
        for v in root["variable"]?.items ?? [] where v["disabled"]?.bool != true {
            guard let key = v["key"]?.string ?? v["id"]?.string else { continue }
            collection.variables.append((key, ImportedCollection.text(v["value"]?.scalarText ?? "")))
            if v["type"]?.string == "secret" { collection.secretVariables.insert(key) }
        }
        collection.auth = root["auth"].map { auth($0, doc: doc, notes: &collection.notCarried) }
        let reader = ItemReader(doc: doc)
        // The collection's auth is the session's; a folder's (and `noauth`) goes on the requests under it.
        reader.walk(items.items, folders: [], inherited: nil, into: &collection)
        if let tests = root["event"], !scripts(tests).isEmpty {
            collection.notCarried.append("\(doc.location(tests.offset)): the collection's scripts (Strata runs none)")
        }
        return collection
    }

    /// A UTF-8 byte order mark, which some exports start with, is not part of the JSON.
    static func stripBOM(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// A description: a string, or `{ "content": … }`.
    static func description(_ v: ImportValue?) -> String? {
        guard let v else { return nil }
        let text = v.string ?? v["content"]?.string
        return (text?.isEmpty ?? true) ? nil : text
    }

    /// The lines of the scripts of `events` that say something (empty `exec` lines left out), by listener.
    static func scripts(_ events: ImportValue) -> [(listen: String, lines: [String])] {
        events.items.compactMap { e in
            let exec = e["script"]?["exec"]
            let lines = exec?.items.compactMap(\.string) ?? exec?.string.map { [$0] } ?? []
            let meaningful = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return meaningful.isEmpty ? nil : (e["listen"]?.string ?? "script", meaningful)
        }
    }

    /// Reads an auth object: v2.1 lists its values as `[{key, value}]`, v2.0 as an object.
    static func auth(_ v: ImportValue, doc: ImportDocument, notes: inout [String]) -> ImportedCollection.Auth {
        let type = v["type"]?.string ?? "noauth"
        func field(_ key: String) -> ImportedCollection.Text {
            let block = v[type]
            if let item = block?.items.first(where: { $0["key"]?.string == key }) {
                return ImportedCollection.text(item["value"]?.scalarText ?? "")
            }
            return ImportedCollection.text(block?[key]?.scalarText ?? "")
        }
        switch type {
        case "noauth": return .none
        case "basic": return .basic(user: field("username"), password: field("password"))
        case "bearer": return .bearer(token: field("token"))
        case "apikey":
            let name = ImportedCollection.written(field("key"))
            return .apiKey(
                name: name.isEmpty ? "X-API-Key" : name, value: field("value"),
                inQuery: ImportedCollection.written(field("in")) == "query")
        default: return .unsupported("\(type) (\(doc.location(v.offset)))")
        }
    }

    /// Walks folders and requests.
    struct ItemReader {
        let doc: ImportDocument

        func walk(
            _ items: [ImportValue], folders: [String], inherited: ImportedCollection.Auth?,
            into collection: inout ImportedCollection
        ) {
            for item in items {
                let name = item["name"]?.string ?? "request"
                if let children = item["item"], children.isArray {
                    var auth = inherited
                    if let a = item["auth"] { auth = PostmanImport.auth(a, doc: doc, notes: &collection.notCarried) }
                    if let events = item["event"], !PostmanImport.scripts(events).isEmpty {
                        collection.notCarried.append(
                            "\(doc.location(events.offset)): the scripts of folder '\(name)' (Strata runs none)")
                    }
                    walk(children.items, folders: folders + [name], inherited: auth, into: &collection)
                } else if let request = item["request"] {
                    collection.requests.append(
                        self.request(
                            request, item: item, name: name, folders: folders, inherited: inherited,
                            notes: &collection.notCarried))
                }
            }
        }

        func request(
            _ r: ImportValue, item: ImportValue, name: String, folders: [String], inherited: ImportedCollection.Auth?,
            notes: inout [String]
        ) -> ImportedCollection.Request {
            let place = "\(doc.location(item.offset)) (\((folders + [name]).joined(separator: " / ")))"
            var request = ImportedCollection.Request(
                folders: folders, name: name, description: PostmanImport.description(r["description"]),
                method: r["method"]?.string ?? "GET", url: [], place: place)
            let (url, query, variables) = self.url(r.string.map { _ in r } ?? r["url"])
            request.url = url
            request.query = query
            request.pathVariables = variables
            request.headers = headers(r["header"])
            if let a = r["auth"] {
                request.auth = PostmanImport.auth(a, doc: doc, notes: &notes)
            } else {
                request.auth = inherited
            }
            request.body = r["body"].flatMap { body($0, place: place, notes: &notes) }
            for (k, example) in (item["response"]?.items ?? []).enumerated() {
                request.examples.append(self.example(example, number: k + 1))
            }
            // Tests: a status check becomes the route's expectation; the rest is listed.
            for (listen, lines) in PostmanImport.scripts(
                item["event"] ?? ImportValue(kind: .null, document: 0, offset: 0))
            {
                if listen == "test", let status = PostmanImport.expectedStatus(lines) {
                    request.expectedStatus = status
                    request.scripts.append(
                        "test scripts: their status checks are the routes' expect, the rest is not run (expect can "
                            + "hold JSONPath checks too: docs/testing.md)")
                } else {
                    request.scripts.append("\(listen) scripts: Strata runs none")
                }
            }
            return request
        }

        /// The URL (as text with variables), its query params given apart, and its path variables.
        func url(_ v: ImportValue?) -> (
            ImportedCollection.Text, [(String, ImportedCollection.Text)], [String: ImportedCollection.Text]
        ) {
            guard let v else { return ([], [], [:]) }
            if let s = v.string { return (ImportedCollection.text(s), [], [:]) }
            var variables: [String: ImportedCollection.Text] = [:]
            for item in v["variable"]?.items ?? [] {
                if let key = item["key"]?.string ?? item["id"]?.string {
                    variables[key] = ImportedCollection.text(item["value"]?.scalarText ?? "")
                }
            }
            var query: [(String, ImportedCollection.Text)] = []
            for item in v["query"]?.items ?? [] where item["disabled"]?.bool != true {
                guard let key = item["key"]?.string else { continue }
                query.append((key, ImportedCollection.text(item["value"]?.scalarText ?? "")))
            }
            if let raw = v["raw"]?.string {
                // The raw URL holds the enabled query params; the list only adds what it lacks.
                return (ImportedCollection.text(raw), query, variables)
            }
            var text = (v["protocol"]?.string).map { $0 + "://" } ?? ""
            let host = v["host"]?.items.compactMap(\.string).joined(separator: ".") ?? v["host"]?.string ?? ""
            text += host
            if let port = v["port"]?.scalarText { text += ":" + port }
            let path =
                v["path"]?.items.compactMap { $0.string ?? $0["value"]?.string } ?? v["path"]?.string.map { [$0] } ?? []
            text += path.isEmpty ? "" : "/" + path.joined(separator: "/").drop { $0 == "/" }
            return (ImportedCollection.text(text), query, variables)
        }

        /// Enabled headers: v2.1's list, or v2.0's `Name: value` lines.
        func headers(_ v: ImportValue?) -> [(String, ImportedCollection.Text)] {
            guard let v else { return [] }
            if let s = v.string {
                return s.split(separator: "\n").compactMap { line in
                    guard !line.hasPrefix("//"), let colon = line.firstIndex(of: ":") else { return nil }
                    return (
                        String(line[..<colon]).trimmed,
                        ImportedCollection.text(String(line[line.index(after: colon)...]).trimmed)
                    )
                }
            }
            return v.items.compactMap { h in
                guard h["disabled"]?.bool != true, let key = h["key"]?.string, !key.isEmpty else { return nil }
                return (key, ImportedCollection.text(h["value"]?.scalarText ?? ""))
            }
        }

        func body(_ v: ImportValue, place: String, notes: inout [String]) -> ImportedCollection.Body? {
            guard v["disabled"]?.bool != true else { return nil }
            switch v["mode"]?.string {
            case "raw":
                let raw = v["raw"]?.string ?? ""
                let language = v["options"]?["raw"]?["language"]?.string
                let type: String? =
                    switch language {
                    case "json": "application/json"
                    case "xml": "application/xml"
                    case "html": "text/html"
                    case "javascript": "application/javascript"
                    case "text": "text/plain"
                    default: nil
                    }
                return raw.isEmpty ? nil : .raw(ImportedCollection.text(raw), contentType: type)
            case "urlencoded":
                return .form(
                    (v["urlencoded"]?.items ?? []).compactMap { f in
                        guard f["disabled"]?.bool != true, let key = f["key"]?.string else { return nil }
                        return (key, ImportedCollection.text(f["value"]?.scalarText ?? ""))
                    })
            case "formdata":
                return .multipart(
                    (v["formdata"]?.items ?? []).compactMap { f in
                        guard f["disabled"]?.bool != true, let key = f["key"]?.string else { return nil }
                        if f["type"]?.string == "file" {
                            let src = f["src"]?.string ?? f["src"]?.items.first?.string ?? key
                            return (key, .file(src))
                        }
                        return (key, .text(ImportedCollection.text(f["value"]?.scalarText ?? "")))
                    })
            case "graphql":
                let g = v["graphql"]
                let variables = g?["variables"]?.string.flatMap { $0.trimmed.isEmpty ? nil : $0 }
                return .graphQL(
                    query: ImportedCollection.text(g?["query"]?.string ?? ""),
                    variables: variables.map { ImportedCollection.text($0) })
            case "file":
                return .file(v["file"]?["src"]?.string ?? "a file")
            case nil:
                return nil
            case let mode?:
                notes.append("\(place): a body of mode \(mode): left out")
                return nil
            }
        }

        func example(_ v: ImportValue, number: Int) -> ImportedCollection.Example {
            var query: [(String, ImportedCollection.Text)]? = nil
            if let original = v["originalRequest"] {
                let (url, given, _) = self.url(original.string.map { _ in original } ?? original["url"])
                // The raw URL's own query first (the list may be missing in an example), then the list's others.
                var q: [(String, ImportedCollection.Text)] = []
                let written = ImportedCollection.written(url)
                if let mark = written.firstIndex(of: "?") {
                    for pair in written[written.index(after: mark)...].split(separator: "&") {
                        let kv = pair.split(separator: "=", maxSplits: 1)
                        let k = PercentEncoding.decode(String(kv[0]), plusAsSpace: true)
                        q.append((k, ImportedCollection.text(kv.count > 1 ? String(kv[1]) : "")))
                    }
                }
                for (k, v) in given where !q.contains(where: { $0.0 == k }) { q.append((k, v)) }
                query = q
            }
            var headers: [(String, String)] = []
            for h in v["header"]?.items ?? [] {
                if let key = h["key"]?.string ?? h["name"]?.string {
                    headers.append((key, h["value"]?.scalarText ?? ""))
                }
            }
            let code = v["code"]?.scalarText.flatMap { Int($0) } ?? 200
            return ImportedCollection.Example(
                name: v["name"]?.string ?? "example \(number)", status: code, headers: headers,
                body: v["body"]?.string, query: query)
        }
    }

    /// The status a test script checks, when it checks one the common ways (`pm.response.to.have.status(201)`,
    /// `pm.expect(pm.response.code).to.eql(200)`, `responseCode.code === 200`, `pm.response.to.be.ok`).
    static func expectedStatus(_ lines: [String]) -> Int? {
        let text = lines.joined(separator: "\n")
        func number(after marker: String) -> Int? {
            guard let range = text.range(of: marker) else { return nil }
            let digits = text[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber }
            return Int(digits).flatMap { (100...599).contains($0) ? $0 : nil }
        }
        for marker in [
            "to.have.status(", "response.code).to.eql(", "response.code).to.equal(", "responseCode.code === ",
            "responseCode.code == ", "response.code === ", "response.code == ",
        ] {
            if let n = number(after: marker) { return n }
        }
        if text.contains("pm.response.to.be.ok") { return 200 }
        return nil
    }

    /// Reads a Postman environment file into the collection's environments; its secrets (`"type": "secret"`, or
    /// named like one) are never written.
    static func readEnvironment(_ bytes: [UInt8], file: String, into collection: inout ImportedCollection)
        throws(ImportError)
    {
        let doc = try ImportDocument.parse(stripBOM(bytes), file: file)
        guard let values = doc.root["values"], values.isArray else {
            throw ImportError("\(doc.location(doc.root.offset)): not a Postman environment: it has no \"values\"")
        }
        var variables: [(String, ImportedCollection.Text)] = []
        for v in values.items where v["enabled"]?.bool != false {
            guard let key = v["key"]?.string else { continue }
            variables.append((key, ImportedCollection.text(v["value"]?.scalarText ?? "")))
            if v["type"]?.string == "secret" { collection.secretVariables.insert(key) }
        }
        let name = doc.root["name"]?.string ?? ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        collection.environments.append((name, variables))
        // A variable the collection leaves without a value gets the first environment's as its default.
        for (key, value) in variables where !collection.variables.contains(where: { $0.0 == key }) {
            if collection.environments.count == 1 { collection.variables.append((key, value)) }
        }
    }
}
