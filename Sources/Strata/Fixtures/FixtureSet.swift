import Foundation
import StrataDocuments

/// Every fixture file of a session's `fixtures/` folder, read in name order, with the problems found in them.
public struct FixtureSet: Sendable {
    /// The fixtures folder as the user reaches it (`Sessions/shop/fixtures`).
    public let directory: String
    /// The pairs of all files, in file order, then in each file's order.
    public let pairs: [FixturePair]
    /// The fixture files read (or refused), in name order, as paths from the session directory.
    public let files: [String]
    /// The `*.json` files in the folder that a pair's `bodyFile` names: bodies, so not read as fixture files.
    public let bodies: [String]
    /// Problems: unreadable files, JSON errors, unknown keys, wrong types, missing body files.
    public let diagnostics: [Diagnostic]
    /// The path keys of each file, with their line and column, for checking them against routes.
    public let pathKeys: [(file: String, path: String, line: Int, column: Int)]

    /// The longest `delay` a pair may ask for, in milliseconds (10 minutes).
    static let maximumDelay = 600_000

    /// The path prefix `strata serve` keeps for its admin endpoints; no fixture may be listed under it.
    public static let reservedPrefix = "/__strata/"

    /// The keys allowed in a pair.
    static let pairKeys = ["request", "response", "responses", "description"]
    /// The keys allowed in a pair's request.
    static let requestKeys = ["method", "params"]
    /// The keys allowed in a pair's response.
    static let responseKeys = ["status", "headers", "body", "bodyFile", "delay", "fault", "chunkDelay"]

    /// Reads every fixture file in `directory` (a missing folder holds no fixtures).
    ///
    /// A fixture file is a `*.json` file directly in the folder (not hidden) that a pair's `bodyFile` does not
    /// name and whose text starts as a fixture file does (``recognise(_:)``: `{`, then a request path key or `}`).
    /// A file a `bodyFile` names is a body, never read as fixture file, wherever it lies (``bodies``). Any other
    /// `*.json` file is not read: one warning names it (a stray body of 11 MB is not checked as 360 000 broken
    /// pairs). Body files are meant for `fixtures/bodies/`, which is not listed.
    ///
    /// With a `cache` (one per folder), a file whose signature (or, while it is recent, whose bytes) and body files
    /// are as they were when it was last read is not parsed again, so edits are seen at once.
    public static func load(directory: String, cache: FixtureFileCache? = nil) -> FixtureSet {
        if let cache, let same = cache.watchedSet() { return same }
        var folderInfo = stat()
        let folderTaken = Date().timeIntervalSince1970
        let folder =
            stat(directory, &folderInfo) == 0 ? FixtureFileCache.Signature(folderInfo, taken: folderTaken) : nil
        if let cache, let folder, let same = cache.set(folder: folder) { return same }
        var signatures: [(path: String, signature: FixtureFileCache.Signature)] = []
        let names =
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        let root = SessionFiles.root(ofFixtures: directory)
        // First every candidate as it is, then which of them are bodies: a body may sort before the file naming it.
        var found: [(file: String, candidate: Candidate)] = []
        var everyOpened = true
        for name in names {
            let file = Session.join(directory, name)
            let taken = Date().timeIntervalSince1970
            let opened: SessionFiles.OpenedFile
            switch SessionFiles.open(file, inside: root) {
            case .failure(let refusal):
                // Never read: a symlink out of the session is not followed, and a FIFO is not read from.
                everyOpened = false
                found.append((file, .problem(file, "fixture file \(refusal); it is not read")))
                continue
            case .success(let file): opened = file
            }
            let signature = FixtureFileCache.Signature(opened.info, taken: taken)
            signatures.append((file, signature))
            if let cached = cache?.contents(of: file, signature: signature) {
                found.append((file, .fixture(cached)))
                continue
            }
            guard let start = try? opened.bytes(upTo: recognitionBytes) else {
                found.append((file, .problem(file, "cannot read fixture file")))
                continue
            }
            if case .other(let line, let column, let why) = recognise(start) {
                found.append((file, .other(line: line, column: column, why: why)))
                continue
            }
            guard let bytes = try? opened.bytes() else {
                found.append((file, .problem(file, "cannot read fixture file")))
                continue
            }
            if let cached = cache?.contents(of: file, bytes: bytes, signature: signature) {
                found.append((file, .fixture(cached)))
            } else {
                let one = read(bytes, file: file, root: root)
                cache?.store(one, of: file, bytes: bytes, signature: signature)
                found.append((file, .fixture(one)))
            }
        }
        let named = namedBodies(found.compactMap { if case .fixture(let c) = $0.candidate { c } else { nil } })
        var pairs: [FixturePair] = []
        var diagnostics: [Diagnostic] = []
        var keys: [(file: String, path: String, line: Int, column: Int)] = []
        var files: [String] = []
        var bodies: [String] = []
        for (file, candidate) in found {
            var info = stat()
            if !named.isEmpty, stat(file, &info) == 0, named.contains(FileIdentity(info)) {
                bodies.append(file)
                continue
            }
            switch candidate {
            case .fixture(let one):
                files.append(file)
                pairs += one.pairs
                diagnostics += one.diagnostics
                keys += one.keys
            case .problem(let problem):
                files.append(file)
                diagnostics.append(problem)
            case .other(let line, let column, let why):
                diagnostics.append(
                    Diagnostic(
                        file: file, line: line, column: column,
                        message: "not a fixture file (\(why)) and no fixture's bodyFile names it, so it is not read; "
                            + "name it in a bodyFile (bodies belong in fixtures/bodies/) or move it out of fixtures/",
                        severity: .warning))
            }
        }
        cache?.keep(only: Set(found.map(\.file)))
        let set = FixtureSet(
            directory: directory, pairs: pairs, files: files, bodies: bodies, diagnostics: diagnostics, pathKeys: keys)
        if let cache, let folder, everyOpened {
            cache.storeSet(set, directory: directory, folder: folder, files: signatures)
        }
        return set
    }

    /// Reads the fixtures folder of `session`.
    public static func load(for session: Session) -> FixtureSet { load(directory: session.fixturesDirectory) }

    /// What one fixture file holds: its pairs (those without errors), its problems, its path keys, and the body
    /// files it names with whether each existed when it was read.
    struct FileContents: Sendable {
        var pairs: [FixturePair] = []
        var diagnostics: [Diagnostic] = []
        var keys: [(file: String, path: String, line: Int, column: Int)] = []
        var bodyFiles: [String: Bool] = [:]
    }

    /// Reads one fixture file's bytes.
    static func read(_ bytes: [UInt8], file: String, root: String) -> FileContents {
        let tree: Tree
        do {
            tree = try JSONParser().parse(bytes)
        } catch {
            return FileContents(diagnostics: [Diagnostic(file: file, error: error)])
        }
        var reader = DocumentReader(tree: tree, file: file)
        var contents = FileContents()
        guard tree.kind(Tree.root) == .object else {
            reader.error(
                "a fixture file must be an object of \"/path\": [pairs], found \(tree.describe(Tree.root))",
                at: Tree.root)
            contents.diagnostics = reader.diagnostics
            return contents
        }
        let directory = (file as NSString).deletingLastPathComponent
        var seen: [String: Tree.Index] = [:]
        var refused: [Diagnostic] = []
        for member in tree.children(Tree.root) {
            let path = tree.key(member) ?? ""
            if let first = seen[path] {
                reader.error(
                    "path '\(path)' is listed twice in this file (first at \(reader.position(of: first)))",
                    atKeyOf: member)
                continue
            }
            seen[path] = member
            let (kl, kc) = reader.lineColumn(ofKey: member)
            contents.keys.append((file, path, kl, kc))
            if !path.hasPrefix("/") {
                reader.error(
                    "fixture path '\(path)' must start with '/' (it is relative to the base URL)", atKeyOf: member)
            }
            if path.hasPrefix(FixtureSet.reservedPrefix) || path == "/__strata" {
                reader.error(
                    "fixture path '\(path)' is under \(FixtureSet.reservedPrefix), which 'strata serve' keeps for its admin endpoints",
                    atKeyOf: member)
            }
            if let problem = FixtureTemplate.pathProblem(path) {
                reader.error("fixture path '\(path)': \(problem)", atKeyOf: member)
            }
            guard reader.expectArray(member, "the pairs of '\(path)'") else { continue }
            for (index, item) in tree.children(member).enumerated() {
                let before = reader.diagnostics.count
                let pair = readPair(
                    item, path: path, index: index, file: file, directory: directory, root: root, reader: &reader,
                    bodyFiles: &contents.bodyFiles, refused: &refused)
                if let pair, reader.diagnostics.count == before { contents.pairs.append(pair) }
            }
        }
        contents.diagnostics = reader.diagnostics + refused
        return contents
    }

    /// Reads pair `node`; `bodyFiles` gets the body file it names, with whether it exists.
    ///
    /// A body file that exists but is refused (outside the session folder `root`, or not a regular file) is
    /// reported in `refused` and the pair is kept, so a send that picks it names the pair and reads nothing.
    static func readPair(
        _ node: Tree.Index, path: String, index: Int, file: String, directory: String, root: String,
        reader: inout DocumentReader, bodyFiles: inout [String: Bool], refused: inout [Diagnostic]
    ) -> FixturePair? {
        let tree = reader.tree
        let what = "pair #\(index + 1) of '\(path)'"
        guard let m = reader.members(of: node, known: pairKeys, what: what) else { return nil }
        if let n = m["description"] { _ = reader.string(n, "'description' of \(what)") }
        var method: String? = nil
        var params: [(name: String, value: String)] = []
        if let r = m["request"], let rm = reader.members(of: r, known: requestKeys, what: "the request of \(what)") {
            if let n = rm["method"] { method = reader.method(n, of: what) }
            if let n = rm["params"] {
                if tree.kind(n) == .object {
                    for p in tree.children(n) {
                        let name = tree.key(p) ?? ""
                        if let (value, _) = reader.scalarValue(p) {
                            params.append((name, value))
                        } else {
                            reader.error(
                                "param '\(name)' in \(what) must be a string, found \(tree.describe(p))",
                                at: p)
                        }
                    }
                } else {
                    reader.error(
                        "'params' of \(what) must be an object of name: value, found \(tree.describe(n))",
                        at: n)
                }
            }
        }
        var responses: [FixtureResponse] = []
        if let r = m["response"] {
            if let s = m["responses"] {
                reader.error("\(what) has both 'response' and 'responses'; keep one", atKeyOf: s)
            }
            responses.append(
                readResponse(
                    r, what: what, file: file, directory: directory, root: root, reader: &reader,
                    bodyFiles: &bodyFiles, refused: &refused))
        } else if let s = m["responses"] {
            if reader.expectArray(s, "'responses' of \(what)") {
                for (i, r) in tree.children(s).enumerated() {
                    responses.append(
                        readResponse(
                            r, what: "response #\(i + 1) of \(what)", file: file, directory: directory, root: root,
                            reader: &reader, bodyFiles: &bodyFiles, refused: &refused))
                }
                if responses.isEmpty { reader.error("'responses' of \(what) is empty; give at least one", at: s) }
            }
        } else {
            reader.error("\(what) has no 'response'", at: node)
        }
        if responses.isEmpty { responses.append(FixtureResponse()) }
        let (line, column) = reader.lineColumn(of: node)
        return FixturePair(
            file: file, path: path, index: index, method: method, params: params, responses: responses, line: line,
            column: column)
    }
}

extension FixtureSet {
    /// Reads one response object `r` of a pair (`what` names it in messages).
    static func readResponse(
        _ r: Tree.Index, what: String, file: String, directory: String, root: String, reader: inout DocumentReader,
        bodyFiles: inout [String: Bool], refused: inout [Diagnostic]
    ) -> FixtureResponse {
        let tree = reader.tree
        var status = 200
        var headers = HTTPHeaders()
        var body = FixturePair.Body.none
        var delay = 0
        var fault: FixtureResponse.Fault? = nil
        var chunkDelay = 0
        if let rm = reader.members(of: r, known: responseKeys, what: "the response of \(what)") {
            if let n = rm["status"], let s = reader.integer(n, "'status' of \(what)") {
                if (100...599).contains(s) { status = s } else { reader.error("status \(s) is not 100–599", at: n) }
            }
            if let n = rm["headers"] {
                if tree.kind(n) == .object {
                    for h in tree.children(n) {
                        let name = tree.key(h) ?? ""
                        if let v = reader.string(h, "header '\(name)' in \(what)") {
                            for problem in FixtureTemplate.problems(in: Array(v.utf8)) {
                                reader.error("header '\(name)' in \(what): \(problem)", at: h)
                            }
                            headers.append(name: name, value: v)
                        }
                    }
                } else {
                    reader.error(
                        "'headers' of \(what) must be an object of name: value, found \(tree.describe(n))",
                        at: n)
                }
            }
            if let n = rm["body"] {
                body =
                    tree.kind(n) == .string
                    ? .text(tree.string(n) ?? "") : .json(FixtureSet.dedented(tree.source, tree.span(n)))
                for problem in FixtureTemplate.problems(in: Array(tree.source[tree.span(n)])) {
                    reader.error("the body of \(what): \(problem)", at: n)
                }
                if let f = rm["bodyFile"] {
                    reader.error("\(what) has both 'body' and 'bodyFile'; keep one", atKeyOf: f)
                }
            } else if let n = rm["bodyFile"], let name = reader.string(n, "'bodyFile' of \(what)") {
                let full = name.hasPrefix("/") ? name : Session.join(directory, name)
                let exists = FileManager.default.fileExists(atPath: full)
                bodyFiles[full] = exists
                switch SessionFiles.resolve(full, inside: root) {
                case .success:
                    body = .file(name: name, path: full)
                case .failure(.missing):
                    reader.error("bodyFile '\(name)' of \(what) does not exist (looked for \(full))", at: n)
                case .failure(let refusal):
                    body = .file(name: name, path: full)
                    let (line, column) = reader.lineColumn(of: n)
                    refused.append(
                        Diagnostic(
                            file: file, line: line, column: column,
                            message: "bodyFile '\(name)' of \(what) \(refusal); it is never served"))
                }
            }
            if let n = rm["delay"], let d = reader.integer(n, "'delay' of \(what) (milliseconds)") {
                if d < 0 {
                    reader.error("'delay' of \(what) must not be negative", at: n)
                } else if d > FixtureSet.maximumDelay {
                    reader.error(
                        "'delay' of \(what) must be at most \(FixtureSet.maximumDelay) ms (10 minutes), found \(tree.scalarText(n))",
                        at: n)
                } else {
                    delay = d
                }
            }
            if let n = rm["fault"], let f = reader.string(n, "'fault' of \(what)") {
                if let known = FixtureResponse.Fault(rawValue: f) {
                    fault = known
                } else {
                    let names = FixtureResponse.Fault.allCases.map(\.rawValue)
                    reader.error(
                        "unknown fault '\(f)' in \(what)\(Suggestion.didYouMean(f, in: names)) (faults: \(names.joined(separator: ", ")))",
                        at: n)
                }
            }
            if let n = rm["chunkDelay"], let d = reader.integer(n, "'chunkDelay' of \(what) (milliseconds)") {
                if d < 0 || d > 60_000 {
                    reader.error("'chunkDelay' of \(what) must be 0–60000 ms, found \(d)", at: n)
                } else {
                    chunkDelay = d
                }
            }
        }
        return FixtureResponse(
            status: status, headers: headers, body: body, delay: delay, fault: fault, chunkDelay: chunkDelay)
    }

    /// The bytes of a JSON body value as authored, shifted left by the indentation of its closing line.
    ///
    /// A body written inside a fixture file is indented for that file; served as is, its raw view would start
    /// every line after the first far to the right. Only leading spaces common to all following lines are
    /// removed, so the value and its strings are unchanged.
    static func dedented(_ source: [UInt8], _ span: Range<Int>) -> [UInt8] {
        let bytes = Array(source[span])
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count > 1 else { return bytes }
        let indent: (ArraySlice<UInt8>) -> Int = { line in line.prefix { $0 == 0x20 }.count }
        let shift = lines.dropFirst().filter { !$0.allSatisfy { $0 == 0x20 } }.map(indent).min() ?? 0
        let closing = indent(lines[lines.count - 1])
        let amount = min(shift, closing)
        guard amount > 0 else { return bytes }
        for i in 1..<lines.count { lines[i] = lines[i].dropFirst(min(amount, indent(lines[i]))) }
        return Array(lines.joined(separator: [0x0A]))
    }
}
