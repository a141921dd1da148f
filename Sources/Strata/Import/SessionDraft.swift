import Foundation

/// A session being made by an importer: routes, params, mappings and fixture pairs, written out as JSON.
struct SessionDraft: Sendable {
    struct Param: Sendable {
        /// The param's key in the session (its name unless ``sentName`` is set).
        var name: String
        var value: OutputJSON
        var placement: String? = nil
        var required = false
        var description: String? = nil
        /// The name sent when it is not the key: a route that has a path param and a query param of one name.
        var sentName: String? = nil

        var json: OutputJSON {
            if placement == nil, !required, description == nil, sentName == nil { return value }
            var m: [(String, OutputJSON)] = [("value", value)]
            if let sentName { m.insert(("name", .string(sentName)), at: 0) }
            if let placement { m.append(("in", .string(placement))) }
            if required { m.append(("required", .bool(true))) }
            if let description { m.append(("description", .string(description))) }
            return .object(m)
        }
    }

    struct Route: Sendable {
        var name: String
        var method: String
        var path: String
        var description: String? = nil
        var params: [Param] = []
        var headers: [(String, String)] = []
        var body: String? = nil
        /// A multipart body's fields (`@path` for a file), written as `"body": {"multipart": {...}}`.
        var multipart: [(String, String)]? = nil
        /// The route's own `auth` (basic auth from `curl -u`).
        var auth: OutputJSON? = nil
        var map: OutputJSON? = nil

        var json: OutputJSON {
            var m: [(String, OutputJSON)] = [("name", .string(name))]
            if let description { m.append(("description", .string(description))) }
            m.append(("method", .string(method)))
            m.append(("path", .string(path)))
            if !params.isEmpty { m.append(("params", .object(params.map { ($0.name, $0.json) }))) }
            if !headers.isEmpty { m.append(("headers", .object(headers.map { ($0.0, .string($0.1)) }))) }
            if let auth { m.append(("auth", auth)) }
            if let multipart {
                m.append(("body", .object([("multipart", .object(multipart.map { ($0.0, .string($0.1)) }))])))
            } else if let body {
                m.append(("body", .string(body)))
            }
            if let map { m.append(("map", map)) }
            return .object(m)
        }
    }

    struct Pair: Sendable {
        var path: String
        var method: String?
        var params: [(String, String)] = []
        var status: Int
        var headers: [(String, String)] = []
        var body: Body = .none
        var description: String? = nil

        enum Body: Sendable {
            case none
            case json(OutputJSON)
            case text(String)
            case file(String)
        }

        var json: OutputJSON {
            var request: [(String, OutputJSON)] = []
            if let method { request.append(("method", .string(method))) }
            if !params.isEmpty { request.append(("params", .object(params.map { ($0.0, .string($0.1)) }))) }
            var response: [(String, OutputJSON)] = [("status", .int(status))]
            if !headers.isEmpty { response.append(("headers", .object(headers.map { ($0.0, .string($0.1)) }))) }
            switch body {
            case .none: break
            case .json(let j): response.append(("body", j))
            case .text(let t): response.append(("body", .string(t)))
            case .file(let f): response.append(("bodyFile", .string(f)))
            }
            var m: [(String, OutputJSON)] = []
            if let description { m.append(("description", .string(description))) }
            if !request.isEmpty { m.append(("request", .object(request))) }
            m.append(("response", .object(response)))
            return .object(m)
        }
    }

    var name: String
    var description: String? = nil
    var baseURL: String? = nil
    var headers: [(String, String)] = []
    var params: [Param] = []
    var redact = RedactList()
    var routes: [Route] = []
    var mappings: [(String, OutputJSON)] = []
    /// Fixture pairs by fixture file name (in `fixtures/`), in order.
    var fixtures: [(file: String, pairs: [Pair])] = []
    /// Other files to write beside the fixtures (body files), by path relative to the session.
    var extraFiles: [(path: String, bytes: [UInt8])] = []

    var json: OutputJSON {
        var m: [(String, OutputJSON)] = [("name", .string(name))]
        if let description { m.append(("description", .string(description))) }
        if let baseURL { m.append(("baseURL", .string(baseURL))) }
        if !headers.isEmpty { m.append(("headers", .object(headers.map { ($0.0, .string($0.1)) }))) }
        if !params.isEmpty { m.append(("params", .object(params.map { ($0.name, $0.json) }))) }
        if !redact.names.isEmpty { m.append(("redact", .array(redact.names.map { .string($0) }))) }
        m.append(("routes", .array(routes.map(\.json))))
        if !mappings.isEmpty { m.append(("mappings", .object(mappings))) }
        return .object(m)
    }

    /// Adds `name` to `redact` once (any case).
    mutating func addRedacted(_ name: String) { redact.insert(name) }

    /// Route names taken, and fixture files by name (positions in `fixtures`): large imports stay linear.
    var routeNames: Set<String> = []
    var fixtureIndex: [String: Int] = [:]

    /// Appends a route (named with ``uniqueRouteName(_:)``).
    mutating func addRoute(_ route: Route) {
        routeNames.insert(route.name)
        routes.append(route)
    }

    /// True when the fixture file `file` has pairs.
    func hasFixtureFile(_ file: String) -> Bool { fixtureIndex[file] != nil }

    /// The number to try first after each name (`get` → 4 once `get2` and `get3` are taken and `get4` given), so
    /// naming thousands of routes alike does not try every number each time.
    var nextSuffix: [String: Int] = [:]

    /// A route name not yet taken: `name`, else `name2`, `name3`, ...
    mutating func uniqueRouteName(_ name: String) -> String {
        let base = name.isEmpty ? "route" : name
        var candidate = base
        var n = nextSuffix[base] ?? 2
        while routeNames.contains(candidate) {
            candidate = base + String(n)
            n += 1
        }
        if candidate != base { nextSuffix[base] = n - 1 }
        return candidate
    }

    /// Adds a pair to the fixture file `file` under its path.
    mutating func addPair(_ pair: Pair, file: String) {
        if let i = fixtureIndex[file] {
            fixtures[i].pairs.append(pair)
        } else {
            fixtureIndex[file] = fixtures.count
            fixtures.append((file, [pair]))
        }
    }

    /// Every file of the session, by path relative to the session folder.
    var files: [ImportedFile] {
        var out = [ImportedFile(path: "session.json", bytes: Array((json.text() + "\n").utf8))]
        for (file, pairs) in fixtures {
            var byPath: [(String, [OutputJSON])] = []
            var positions: [String: Int] = [:]
            for pair in pairs {
                if let i = positions[pair.path] {
                    byPath[i].1.append(pair.json)
                } else {
                    positions[pair.path] = byPath.count
                    byPath.append((pair.path, [pair.json]))
                }
            }
            let text = OutputJSON.object(byPath.map { ($0.0, .array($0.1)) }).text() + "\n"
            out.append(ImportedFile(path: "fixtures/" + file, bytes: Array(text.utf8)))
        }
        for extra in extraFiles { out.append(ImportedFile(path: extra.path, bytes: extra.bytes)) }
        return out
    }
}

/// One file an import makes, by its path relative to the session folder.
public struct ImportedFile: Sendable, Equatable {
    /// `session.json`, `fixtures/pets.json`.
    public var path: String
    /// The file's content.
    public var bytes: [UInt8]
}

/// What an import made: the session's files and a report of what was carried over and what was not.
public struct ImportResult: Sendable {
    /// The files of the session, `session.json` first.
    public var files: [ImportedFile]
    /// What was made, one line each (`route listPets GET /pets`).
    public var made: [String]
    /// What could not be carried over, one line each, with its place in the input where known.
    public var notCarried: [String]

    /// Writes the files into `directory` (created when missing) through `AtomicFile`, all or nothing: when one
    /// cannot be written, the ones written before it are taken back (removed, or their old content put back) and
    /// the folders made for them removed.
    ///
    /// Refuses, writing nothing, when any of the files exists, unless `force`. Returns the paths written.
    public func write(to directory: String, force: Bool) throws(ImportError) -> [String] {
        var undo = ImportUndo()
        do {
            return try write(to: directory, force: force, undo: &undo)
        } catch {
            undo.run()
            throw error
        }
    }

    private func write(to directory: String, force: Bool, undo: inout ImportUndo) throws(ImportError) -> [String] {
        let fm = FileManager.default
        if !force {
            let existing = files.map { Session.join(directory, $0.path) }.filter { fm.fileExists(atPath: $0) }
            if !existing.isEmpty {
                throw ImportError(
                    "not overwriting \(existing.joined(separator: ", ")) (use --force to replace)")
            }
        }
        var written: [String] = []
        for file in files {
            let path = Session.join(directory, file.path)
            let folder = (path as NSString).deletingLastPathComponent
            undo.noteFolders(of: folder.isEmpty ? "." : folder)
            do {
                try fm.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
            } catch {
                throw ImportError("\(folder): cannot create the folder (\(error.localizedDescription))")
            }
            undo.note(path)
            do {
                _ = try AtomicFile.write(file.bytes, to: path, root: directory)
            } catch {
                throw ImportError("\(path): \(error)")
            }
            written.append(path)
        }
        return written
    }
}

/// What an import wrote so far, to take back when a later file fails: files made, files replaced (with their old
/// bytes) and folders made, newest last.
struct ImportUndo {
    private var files: [(path: String, old: [UInt8]?)] = []
    private var folders: [String] = []

    /// Notes `path` before it is written: its old content, or that it is new.
    mutating func note(_ path: String) {
        let old = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        files.append((path, old))
    }

    /// Notes the folders up to `folder` that do not exist yet, outermost first.
    mutating func noteFolders(of folder: String) {
        var missing: [String] = []
        var f = folder
        while !f.isEmpty, f != "/", f != ".", !FileManager.default.fileExists(atPath: f) {
            missing.insert(f, at: 0)
            f = (f as NSString).deletingLastPathComponent
        }
        for m in missing where !folders.contains(m) { folders.append(m) }
    }

    /// Takes back every file noted (newest first), then removes the folders made, if empty.
    func run() {
        for file in files.reversed() {
            if let old = file.old {
                _ = try? AtomicFile.write(old, to: file.path)
            } else {
                unlink(file.path)
            }
        }
        for folder in folders.reversed() { rmdir(folder) }
    }
}
