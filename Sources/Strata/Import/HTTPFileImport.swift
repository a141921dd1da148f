import Foundation
import StrataDocuments

/// `strata import http`: a session from a `.http` / `.rest` file, as JetBrains' HTTP Client and VS Code's REST Client
/// write them, with `http-client.env.json` files as its environments.
///
/// Requests are separated by `###` (the text after it names the request, as `# @name` does); a request is a request
/// line (`POST {{host}}/orders HTTP/1.1`, or a URL alone for GET; query lines starting `?` or `&` continue it), its
/// headers, a blank line and its body. `@name = value` lines are the file's variables. httpyac's `?? status == 201`
/// is the route's expect. Comments (`#`, `//`), response handlers (`> {% … %}`), httpyac's script blocks (`{{` … `}}`)
/// and other `??` checks, and a body read from a file (`< ./body.json`) are reported, not carried over.
public enum HTTPFileImport {
    /// Imports the `.http` file `bytes` read from `file`, with environment files (`http-client.env.json`, and
    /// `http-client.private.env.json`, whose values are secrets and never written).
    public static func session(
        _ bytes: [UInt8], file: String, environments: [(file: String, bytes: [UInt8])] = [], name: String? = nil
    ) throws(ImportError) -> ImportResult {
        var collection = try read(bytes, file: file)
        for (envFile, envBytes) in environments {
            try readEnvironments(envBytes, file: envFile, into: &collection)
        }
        return try CollectionImport.session(collection, name: name)
    }

    /// The methods a request line may start with.
    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT"]

    /// Reads the requests of a `.http` file.
    static func read(_ bytes: [UInt8], file: String) throws(ImportError) -> ImportedCollection {
        guard let text = String(validating: PostmanImport.stripBOM(bytes), as: UTF8.self) else {
            throw ImportError("\(file):1:1: not UTF-8 text")
        }
        let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var collection = ImportedCollection(name: base.isEmpty ? "requests" : base, file: file)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        // Blocks between `###` separators, each with its title and first line number.
        var blocks: [(title: String?, start: Int, lines: [String])] = [(nil, 1, [])]
        // Whether the block so far holds a request line (anything but blanks, comments and `@name = value`).
        var hasRequest = false
        for (k, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let comment = trimmed.hasPrefix("#") || trimmed.hasPrefix("//")
            if line.hasPrefix("###") {
                let title = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                blocks.append((title.isEmpty ? nil : title, k + 2, []))
                hasRequest = false
            } else if comment, hasRequest,
                trimmed.drop(while: { $0 == "#" || $0 == "/" }).trimmingCharacters(in: .whitespaces).hasPrefix("@name")
            {
                // A `# @name` after a request starts the next one (files written without `###` between requests).
                blocks.append((nil, k + 1, [line]))
                hasRequest = false
            } else {
                blocks[blocks.count - 1].lines.append(line)
                if !trimmed.isEmpty, !comment, !(trimmed.hasPrefix("@") && trimmed.contains("=")) { hasRequest = true }
            }
        }
        for block in blocks {
            if let request = parseBlock(block.lines, title: block.title, start: block.start, into: &collection) {
                collection.requests.append(request)
            }
        }
        if collection.requests.isEmpty {
            throw ImportError("\(file):1:1: no request found (a request line is METHOD URL, or a URL alone)")
        }
        return collection
    }

    /// Reads one block: file variables, comments and annotations, then the request line, headers and body.
    static func parseBlock(
        _ lines: [String], title: String?, start: Int, into collection: inout ImportedCollection
    ) -> ImportedCollection.Request? {
        var name = title
        var expected: Int? = nil
        var notes: [String] = []
        var k = 0
        // httpyac's checks: `?? status == 201` is the route's expect; the others are reported.
        func assertion(_ line: String) {
            let words = line.dropFirst(2).split(separator: " ")
            if words.count == 3, words[0] == "status", words[1] == "==", let code = Int(words[2]) {
                expected = code
            } else {
                notes.append("assertions (?? …) but ?? status == N: not carried over")
            }
        }
        // httpyac's script blocks: `{{` and `}}` on lines of their own, skipped from the line after `{{`.
        func skipScript() {
            notes.append("script blocks ({{ … }}): Strata runs none")
            while k < lines.count, lines[k].trimmingCharacters(in: .whitespaces) != "}}" { k += 1 }
            k += 1
        }
        // Before the request line: variables, comments, annotations, script blocks, blank lines.
        while k < lines.count {
            let line = lines[k].trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                k += 1
                continue
            }
            if line == "{{" {
                k += 1
                skipScript()
                continue
            }
            if line.hasPrefix("@"), let eq = line.firstIndex(of: "=") {
                let variable = line[line.index(after: line.startIndex)..<eq].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
                if !collection.variables.contains(where: { $0.0 == variable }) {
                    collection.variables.append((variable, ImportedCollection.text(value)))
                }
                k += 1
                continue
            }
            if line.hasPrefix("#") || line.hasPrefix("//") {
                let comment = line.drop { $0 == "#" || $0 == "/" }.trimmingCharacters(in: .whitespaces)
                if comment.hasPrefix("@name ") || comment.hasPrefix("@name=") {
                    name = comment.dropFirst(5).drop { $0 == " " || $0 == "=" }.trimmingCharacters(in: .whitespaces)
                } else if comment.hasPrefix("@expect status "),
                    let code = Int(comment.dropFirst("@expect status ".count).trimmingCharacters(in: .whitespaces))
                {
                    expected = code
                } else if comment.hasPrefix("@") {
                    let word = comment.split(separator: " ").prefix(comment.hasPrefix("@expect") ? 2 : 1)
                    notes.append("annotations \(word.joined(separator: " ")): not carried over")
                }
                k += 1
                continue
            }
            break
        }
        guard k < lines.count else { return nil }
        let requestLine = lines[k].trimmingCharacters(in: .whitespaces)
        let lineNumber = start + k
        var words = requestLine.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var method = "GET"
        if let first = words.first, methods.contains(first.uppercased()) {
            method = first.uppercased()
            words.removeFirst()
        }
        if let last = words.last, last.hasPrefix("HTTP/"), words.count > 1 { words.removeLast() }
        var url = words.joined(separator: " ")
        k += 1
        // Continuation lines of the URL: an indented `?…`, `&…` or `/…`.
        while k < lines.count, let first = lines[k].first,
            first == " " || first == "\t" || lines[k].hasPrefix("?")
                || lines[k].hasPrefix("&")
        {
            let piece = lines[k].trimmingCharacters(in: .whitespaces)
            guard (piece.hasPrefix("?") && !piece.hasPrefix("??")) || piece.hasPrefix("&") || piece.hasPrefix("/")
            else { break }
            url += piece
            k += 1
        }
        let place = "\(collection.file):\(lineNumber)"
        // Unnamed, a request is named after its method and path (its request line is its description).
        var request = ImportedCollection.Request(
            folders: [], name: name ?? "", description: name == nil ? "\(method) \(url)" : nil, method: method,
            url: ImportedCollection.text(url), place: place)
        // Headers, up to the first blank line, or a body's first line written without one (`{`, `[`).
        while k < lines.count, !lines[k].trimmingCharacters(in: .whitespaces).isEmpty {
            let line = lines[k]
            if line.hasPrefix("[") || (line.hasPrefix("{") && !line.hasPrefix("{{")) { break }
            k += 1
            if line.hasPrefix("#") || line.hasPrefix("//") { continue }
            if line.hasPrefix("??") {
                assertion(line)
                continue
            }
            guard let colon = line.firstIndex(of: ":") else {
                collection.notCarried.append(
                    "\(collection.file):\(start + k - 1): not a header (Name: value), left out: \(line)")
                continue
            }
            let header = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            request.headers.append((header, ImportedCollection.text(value)))
        }
        // The body: the rest, less response handlers and trailing blank lines.
        var body: [String] = []
        var handler = false
        while k < lines.count {
            let line = lines[k]
            k += 1
            if handler {
                if line.contains("%}") { handler = false }
                continue
            }
            if line.hasPrefix("> ") || line.hasPrefix(">> ") || line.hasPrefix(">>! ") {
                notes.append("response handlers (> {% … %}): Strata runs none")
                handler = line.contains("{%") && !line.contains("%}")
                continue
            }
            if line.hasPrefix("<> ") {
                notes.append("saved responses (<> FILE): left out")
                continue
            }
            if line.hasPrefix("??") {
                assertion(line)
                continue
            }
            if line.trimmingCharacters(in: .whitespaces) == "{{" {
                skipScript()
                continue
            }
            body.append(line)
        }
        while let last = body.last, last.trimmingCharacters(in: .whitespaces).isEmpty { body.removeLast() }
        while let first = body.first, first.trimmingCharacters(in: .whitespaces).isEmpty { body.removeFirst() }
        if !body.isEmpty {
            let first = body[0].trimmingCharacters(in: .whitespaces)
            if body.count == 1, first.hasPrefix("<") {
                request.body = .file(String(first.drop { $0 == "<" || $0 == "@" }).trimmingCharacters(in: .whitespaces))
            } else {
                let type = request.headers.last { $0.0.lowercased() == "content-type" }.map {
                    ImportedCollection.written($0.1)
                }
                let text = body.joined(separator: "\n")
                if let type, type.lowercased().hasPrefix("application/x-www-form-urlencoded"), !text.contains("\n") {
                    request.body = .form(
                        text.split(separator: "&").map { pair in
                            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                            let value = kv.count > 1 ? PercentEncoding.decode(String(kv[1]), plusAsSpace: true) : ""
                            return (
                                PercentEncoding.decode(String(kv[0]), plusAsSpace: true), ImportedCollection.text(value)
                            )
                        })
                } else {
                    request.body = .raw(ImportedCollection.text(text), contentType: type)
                }
            }
        }
        request.expectedStatus = expected
        for note in notes { request.scripts.append(note) }
        return request
    }

    /// Reads an `http-client.env.json` file: each top-level member an environment (`$shared` values go to every
    /// one); a `*.private.env.json` file's values are secrets.
    static func readEnvironments(_ bytes: [UInt8], file: String, into collection: inout ImportedCollection)
        throws(ImportError)
    {
        let doc = try ImportDocument.parse(PostmanImport.stripBOM(bytes), file: file)
        guard doc.root.isObject else {
            throw ImportError("\(doc.location(doc.root.offset)): an environment file is an object of environments")
        }
        let isPrivate = file.hasSuffix(".private.env.json")
        let shared = InsomniaImport.flatten(doc.root["$shared"])
        for (name, value) in doc.root.members where name != "$shared" {
            let variables =
                shared.filter { s in !InsomniaImport.flatten(value).contains { $0.0 == s.0 } }
                + InsomniaImport.flatten(value)
            if isPrivate {
                for (k, _) in variables { collection.secretVariables.insert(k) }
                continue
            }
            collection.environments.append((name, variables))
            if collection.environments.count == 1 {
                for (k, v) in variables where !collection.variables.contains(where: { $0.0 == k }) {
                    collection.variables.append((k, v))
                }
            }
        }
    }
}
