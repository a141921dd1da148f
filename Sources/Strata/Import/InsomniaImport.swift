import Foundation
import StrataDocuments

/// `strata import insomnia`: a session from an Insomnia export: the v4 format (JSON or YAML, `_type: export`, its
/// resources linked by `parentId`) or the v5 collection file of Insomnia 10 and later (`type:
/// collection.insomnia.rest/5.0`, folders holding `children`, and the requests of a v5 design document,
/// `spec.insomnia.rest/5.0`).
///
/// The base environment's values are the variables' defaults and each sub-environment an environment of the
/// session (see ``CollectionImport``); a folder's environment adds the values it sets; private environments are
/// secrets. Bodies keep their MIME type (JSON as a JSON template, forms, multipart, GraphQL as its JSON).
public enum InsomniaImport {
    /// Imports the export `bytes` read from `file`.
    public static func session(_ bytes: [UInt8], file: String, name: String? = nil) throws(ImportError)
        -> ImportResult
    {
        try CollectionImport.session(try read(bytes, file: file), name: name)
    }

    /// Reads an export into the shared model.
    static func read(_ bytes: [UInt8], file: String) throws(ImportError) -> ImportedCollection {
        let doc = try ImportDocument.parse(PostmanImport.stripBOM(bytes), file: file)
        let root = doc.root
        if root["_type"]?.string == "export", let resources = root["resources"], resources.isArray {
            return try v4(resources.items, doc: doc)
        }
        if let type = root["type"]?.string, type.hasPrefix("collection.insomnia.rest/") {
            return v5(root, doc: doc)
        }
        if let type = root["type"]?.string, type.hasPrefix("spec.insomnia.rest/"),
            let requests = root["collection"], !requests.items.isEmpty
        {
            // A design document with requests: its collection is imported, its spec is for strata import openapi.
            var collection = v5(root, doc: doc)
            collection.notCarried.append(
                "\(doc.location(root["spec"]?.offset ?? root.offset)): the design document's spec (import it with "
                    + "strata import openapi)")
            return collection
        }
        if let type = root["type"]?.string, type.hasPrefix("spec.insomnia.rest/") || type.hasPrefix("environment.") {
            throw ImportError(
                "\(doc.location(root.offset)): an Insomnia \(type) file holds no requests: export the collection "
                    + "(or import a design document's spec with strata import openapi)")
        }
        throw ImportError(
            "\(doc.location(root.offset)): not an Insomnia export: it needs \"_type\": \"export\" with \"resources\" "
                + "(v4) or \"type\": collection.insomnia.rest/5.0 (v5)")
    }

    /// Reads a request's parts, the same in v4 and v5.
    struct RequestReader {
        let doc: ImportDocument

        func request(_ r: ImportValue, folders: [String], notes: inout [String]) -> ImportedCollection.Request {
            let name = r["name"]?.string ?? "request"
            let place = "\(doc.location(r.offset)) (\((folders + [name]).joined(separator: " / ")))"
            var request = ImportedCollection.Request(
                folders: folders, name: name, description: r["description"]?.string.flatMap { $0.isEmpty ? nil : $0 },
                method: r["method"]?.string ?? "GET", url: ImportedCollection.text(r["url"]?.string ?? ""),
                place: place)
            for p in r["parameters"]?.items ?? [] where p["disabled"]?.bool != true {
                guard let key = p["name"]?.string, !key.isEmpty else { continue }
                request.query.append((key, ImportedCollection.text(p["value"]?.scalarText ?? "")))
            }
            // `:name` segments of the URL take their values from `pathParameters`.
            for p in r["pathParameters"]?.items ?? [] {
                guard let key = p["name"]?.string, !key.isEmpty else { continue }
                request.pathVariables[key] = ImportedCollection.text(p["value"]?.scalarText ?? "")
            }
            for h in r["headers"]?.items ?? [] where h["disabled"]?.bool != true {
                guard let key = h["name"]?.string, !key.isEmpty else { continue }
                request.headers.append((key, ImportedCollection.text(h["value"]?.scalarText ?? "")))
            }
            if let a = r["authentication"], a.isObject, !a.members.isEmpty {
                request.auth = auth(a)
            }
            if let b = r["body"], b.isObject, !b.members.isEmpty {
                request.body = body(b, place: place, notes: &notes)
            }
            for key in ["preRequestScript", "afterResponseScript"] {
                if let script = r[key]?.string
                    ?? r["scripts"]?[key == "preRequestScript" ? "preRequest" : "afterResponse"]?.string,
                    !script.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                {
                    request.scripts.append(
                        "\(key == "preRequestScript" ? "pre-request" : "after-response") scripts: Strata runs none")
                }
            }
            return request
        }

        func auth(_ a: ImportValue) -> ImportedCollection.Auth {
            if a["disabled"]?.bool == true { return .none }
            func text(_ key: String) -> ImportedCollection.Text { ImportedCollection.text(a[key]?.scalarText ?? "") }
            switch a["type"]?.string ?? "none" {
            case "none": return .none
            case "basic": return .basic(user: text("username"), password: text("password"))
            case "bearer":
                let prefix = a["prefix"]?.string ?? ""
                if !prefix.isEmpty, prefix.lowercased() != "bearer" {
                    return .unsupported(
                        "bearer with the prefix '\(prefix)' (\(doc.location(a.offset))): add it as a header")
                }
                return .bearer(token: text("token"))
            case "apikey":
                let name = a["key"]?.string ?? "X-API-Key"
                let addTo = a["addTo"]?.string ?? "header"
                if addTo == "cookie" { return .unsupported("an API key in a cookie (\(doc.location(a.offset)))") }
                return .apiKey(name: name, value: text("value"), inQuery: addTo == "queryParams")
            case let type: return .unsupported("\(type) (\(doc.location(a.offset)))")
            }
        }

        func body(_ b: ImportValue, place: String, notes: inout [String]) -> ImportedCollection.Body? {
            let mime = b["mimeType"]?.string ?? ""
            let lower = mime.lowercased()
            if lower.hasPrefix("application/x-www-form-urlencoded") {
                return .form(
                    (b["params"]?.items ?? []).compactMap { p in
                        guard p["disabled"]?.bool != true, let key = p["name"]?.string else { return nil }
                        return (key, ImportedCollection.text(p["value"]?.scalarText ?? ""))
                    })
            }
            if lower.hasPrefix("multipart/form-data") {
                return .multipart(
                    (b["params"]?.items ?? []).compactMap { p in
                        guard p["disabled"]?.bool != true, let key = p["name"]?.string else { return nil }
                        if p["type"]?.string == "file" { return (key, .file(p["fileName"]?.string ?? key)) }
                        return (key, .text(ImportedCollection.text(p["value"]?.scalarText ?? "")))
                    })
            }
            if lower.hasPrefix("application/graphql"), let text = b["text"]?.string,
                let parsed = try? ImportDocument.parse(Array(text.utf8), file: "graphql.json")
            {
                let variables = parsed.root["variables"].map { v -> String in v.json.text(pretty: false) }
                return .graphQL(
                    query: ImportedCollection.text(parsed.root["query"]?.string ?? ""),
                    variables: variables.map { ImportedCollection.text($0) })
            }
            if let file = b["fileName"]?.string, !file.isEmpty { return .file(file) }
            guard let text = b["text"]?.string, !text.isEmpty else { return nil }
            return .raw(ImportedCollection.text(text), contentType: mime.isEmpty ? nil : mime)
        }
    }

    /// A v4 export: the first workspace's requests, folders, environments.
    static func v4(_ resources: [ImportValue], doc: ImportDocument) throws(ImportError) -> ImportedCollection {
        var byID: [String: ImportValue] = [:]
        var children: [String: [ImportValue]] = [:]
        for r in resources {
            guard let id = r["_id"]?.string else { continue }
            byID[id] = r
            children[r["parentId"]?.string ?? "", default: []].append(r)
        }
        let workspaces = resources.filter { $0["_type"]?.string == "workspace" }
        guard let workspace = workspaces.first, let workspaceID = workspace["_id"]?.string else {
            throw ImportError("\(doc.location(doc.root.offset)): the export has no workspace")
        }
        var collection = ImportedCollection(
            name: workspace["name"]?.string ?? "Insomnia", description: workspace["description"]?.string,
            file: doc.file)
        if workspaces.count > 1 {
            collection.notCarried.append(
                "\(doc.file): \(workspaces.count - 1) other workspaces (\(workspaces.dropFirst().compactMap { $0["name"]?.string }.joined(separator: ", "))): one session per workspace; export them one by one"
            )
        }
        let reader = RequestReader(doc: doc)
        // Environments: the base one (a child of the workspace) and its sub-environments.
        if let base = children[workspaceID, default: []].first(where: { $0["_type"]?.string == "environment" }) {
            collection.variables = flatten(base["data"])
            if let baseID = base["_id"]?.string {
                for sub in sortedByKey(children[baseID, default: []]) where sub["_type"]?.string == "environment" {
                    let name = sub["name"]?.string ?? "environment"
                    let variables = flatten(sub["data"])
                    if sub["isPrivate"]?.bool == true {
                        for (k, _) in variables { collection.secretVariables.insert(k) }
                    }
                    collection.environments.append((name, variables))
                }
            }
        }
        var skipped: [String: Int] = [:]
        func walk(_ parent: String, folders: [String], scope: [(String, ImportedCollection.Text)]) {
            for r in sortedByKey(children[parent, default: []]) {
                switch r["_type"]?.string {
                case "request":
                    var request = reader.request(r, folders: folders, notes: &collection.notCarried)
                    request.variables = scope
                    collection.requests.append(request)
                case "request_group":
                    if let a = r["authentication"], a.isObject, !a.members.isEmpty {
                        collection.notCarried.append(
                            "\(doc.location(a.offset)): folder auth of '\(r["name"]?.string ?? "")': set on its requests"
                        )
                    }
                    if let id = r["_id"]?.string {
                        walk(
                            id, folders: folders + [r["name"]?.string ?? "folder"],
                            scope: scope + flatten(r["environment"]))
                    }
                case let type? where ["grpc_request", "websocket_request", "graphql_request"].contains(type):
                    skipped[type, default: 0] += 1
                default: break
                }
            }
        }
        walk(workspaceID, folders: [], scope: [])
        for (type, count) in skipped.sorted(by: { $0.key < $1.key }) {
            collection.notCarried.append(
                "\(Counted.text(count, type.replacingOccurrences(of: "_", with: " "))): HTTP only")
        }
        for r in resources where r["_type"]?.string == "unit_test" {
            collection.notCarried.append(
                "\(doc.location(r.offset)): unit test '\(r["name"]?.string ?? "")' (a route's expect can hold its checks: docs/testing.md)"
            )
        }
        return collection
    }

    /// A v5 collection file.
    static func v5(_ root: ImportValue, doc: ImportDocument) -> ImportedCollection {
        var collection = ImportedCollection(
            name: root["name"]?.string ?? "Insomnia", description: root["meta"]?["description"]?.string,
            file: doc.file)
        if let environments = root["environments"] {
            collection.variables = flatten(environments["data"])
            for sub in environments["subEnvironments"]?.items ?? [] {
                let variables = flatten(sub["data"])
                if sub["meta"]?["isPrivate"]?.bool == true || sub["isPrivate"]?.bool == true {
                    for (k, _) in variables { collection.secretVariables.insert(k) }
                }
                collection.environments.append((sub["name"]?.string ?? "environment", variables))
            }
        }
        let reader = RequestReader(doc: doc)
        var skipped: [String: Int] = [:]
        func walk(_ items: [ImportValue], folders: [String], scope: [(String, ImportedCollection.Text)]) {
            for item in items {
                if let children = item["children"], children.isArray {
                    walk(
                        children.items, folders: folders + [item["name"]?.string ?? "folder"],
                        scope: scope + flatten(item["environment"]))
                } else if let kind = otherKind(item) {
                    skipped[kind, default: 0] += 1
                } else if item["url"] != nil || item["method"] != nil {
                    var request = reader.request(item, folders: folders, notes: &collection.notCarried)
                    request.variables = scope
                    collection.requests.append(request)
                }
            }
        }
        walk(root["collection"]?.items ?? [], folders: [], scope: [])
        for (kind, count) in skipped.sorted(by: { $0.key < $1.key }) {
            collection.notCarried.append("\(Counted.text(count, kind)): HTTP only")
        }
        return collection
    }

    /// The kind of a v5 item that is not an HTTP request, by its id's prefix (`greq_…` gRPC, `ws-req_…` WebSocket;
    /// an HTTP request's is `req_…`), or nil.
    static func otherKind(_ item: ImportValue) -> String? {
        guard let id = item["meta"]?["id"]?.string, let underscore = id.firstIndex(of: "_") else { return nil }
        switch id[..<underscore] {
        case "req": return nil
        case "greq": return "grpc request"
        case "ws-req": return "websocket request"
        case let prefix where prefix.hasSuffix("-req"): return "\(prefix.dropLast(4)) request"
        default: return nil
        }
    }

    /// Resources in the order Insomnia shows them: by `metaSortKey` (v4) or `meta.sortKey`, then as written.
    static func sortedByKey(_ items: [ImportValue]) -> [ImportValue] {
        func key(_ v: ImportValue) -> Double {
            Double(v["metaSortKey"]?.scalarText ?? v["meta"]?["sortKey"]?.scalarText ?? "") ?? 0
        }
        return items.enumerated().sorted { a, b in
            let (x, y) = (key(a.element), key(b.element))
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }

    /// An environment's data as variables: nested objects by dotted name (`auth.username`, as `{{ _.auth.username }}`
    /// reads it).
    static func flatten(_ data: ImportValue?, prefix: String = "") -> [(String, ImportedCollection.Text)] {
        guard let data else { return [] }
        var out: [(String, ImportedCollection.Text)] = []
        for (k, v) in data.members {
            let name = prefix.isEmpty ? k : prefix + "." + k
            if v.isObject {
                out += flatten(v, prefix: name)
            } else if let text = v.scalarText {
                out.append((name, ImportedCollection.text(text)))
            }
        }
        return out
    }
}
