import Foundation
import StrataDocuments

/// Filling a body template with the params' values: the one place a templated body becomes bytes.
struct BodyFill {
    /// The params, by key (sent, empty or removed).
    let params: [String: ResolvedParam]
    /// What `${env:...}` placeholders read.
    let environment: [String: String]
    /// The session folder multipart files are read from.
    let directory: String
    /// Names of params whose value is inserted as a string as it is (the `<redacted>` placeholder).
    let verbatim: Set<String>
    /// The route, for messages.
    let routeName: String

    var problems: [String] = []
    var missing: [String] = []
    /// Reads the body's chained values (`${response:…}`).
    var chains: ChainResolver

    init(
        params: [ResolvedParam], environment: [String: String], directory: String, verbatim: Set<String>,
        routeName: String, chains: ChainResolver = ChainResolver()
    ) {
        self.chains = chains
        self.params = Dictionary(params.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.environment = environment
        self.directory = directory
        self.verbatim = verbatim
        self.routeName = routeName
    }

    /// The body and its content type; `extra` are sent body params no placeholder reads (added as members of a
    /// JSON object or as multipart fields; a raw body or a JSON body that is not an object cannot take them).
    mutating func fill(_ template: BodyTemplate, extra: [ResolvedParam]) -> (body: [UInt8], contentType: String) {
        switch template {
        case .json(let value):
            var out = ""
            write(value, extra: extra, into: &out)
            var isObject = false
            if case .object = value { isObject = true }
            if !extra.isEmpty, !isObject { refuseExtra(extra, "its JSON body is not an object") }
            return (Array(out.utf8), "application/json")
        case .raw(let text, let contentType):
            if !extra.isEmpty { refuseExtra(extra, "its raw body has no ${…} for them") }
            return (Array(self.text(text).utf8), contentType)
        case .multipart(let fields):
            return multipart(fields, extra: extra)
        }
    }

    private mutating func refuseExtra(_ extra: [ResolvedParam], _ why: String) {
        let names = extra.map { "'\($0.name)'" }.joined(separator: ", ")
        problems.append("route '\(routeName)' cannot send body param \(names): \(why)")
    }

    /// The value a placeholder reads: nil when the param is left out (empty or removed).
    private func value(_ name: String) -> String? {
        guard let p = params[name], p.status == .sent else { return nil }
        return verbatim.contains(name) ? ResolvedParam.redacted : p.value
    }

    /// The text of `parts`, placeholders replaced by values.
    private mutating func text(_ parts: [BodyPart]) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let s): out += s
            case .param(let name, _): out += value(name) ?? ""
            case .variable(let name, let fallback):
                Template.append(name, fallback: fallback, from: environment, to: &out, missing: &missing)
            case .response(let chained):
                out += chains.resolve(chained)?.text ?? ""
            }
        }
        return out
    }

    private mutating func write(_ value: JSONBodyTemplate, extra: [ResolvedParam] = [], into out: inout String) {
        // Iterative over containers would be safer, but templates come from a session file whose nesting the
        // loader caps (``SessionLoader/maximumBodyDepth``).
        switch value {
        case .object(let members):
            out += "{"
            for (k, member) in members.enumerated() {
                if k > 0 { out += "," }
                out += JSONString.quote(member.key) + ":"
                write(member.value, into: &out)
            }
            for (k, p) in extra.enumerated() {
                if k > 0 || !members.isEmpty { out += "," }
                out += JSONString.quote(p.name) + ":"
                out +=
                    verbatim.contains(p.name) ? JSONString.quote(ResolvedParam.redacted) : RequestAssembly.jsonValue(p)
            }
            out += "}"
        case .array(let items):
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .literal(let text):
            out += text
        case .string(let parts):
            if parts.count == 1, case .param(let name, let type) = parts[0] {
                out += typed(name, type)
            } else if parts.count == 1, case .response(let chained) = parts[0] {
                // Exactly one chained value: it keeps its JSON type (a number stays a number, an object is inserted).
                out += chains.resolve(chained)?.json ?? "null"
            } else {
                out += JSONString.quote(text(parts))
            }
        }
    }

    /// The JSON for a string that is exactly `${name}` or `${name:type}`.
    private mutating func typed(_ name: String, _ type: PlaceholderType?) -> String {
        guard let p = params[name] else { return "null" }
        guard let v = value(name) else { return type == nil || type == .string ? "\"\"" : "null" }
        if verbatim.contains(name) { return JSONString.quote(v) }
        let shown = p.isSecret ? "" : " (\(JSONString.quote(v)))"
        func refuse(_ what: String) -> String {
            problems.append(
                "param '\(name)' fills ${\(name):\(type!.rawValue)} in the body of route '\(routeName)' "
                    + "but its value\(shown) is not \(what)")
            return "null"
        }
        switch type {
        case nil: return RequestAssembly.jsonValue(p)
        case .string: return JSONString.quote(v)
        case .int:
            let digits = v.hasPrefix("-") ? v.dropFirst() : Substring(v)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), Tree.isJSONNumber(v) else {
                return refuse("a whole number")
            }
            return v
        case .number:
            guard Tree.isJSONNumber(v) else { return refuse("a number") }
            return v
        case .bool:
            guard v == "true" || v == "false" else { return refuse("true or false") }
            return v
        case .json:
            do {
                _ = try JSONParser().parse(Array(v.utf8))
            } catch {
                problems.append(
                    "param '\(name)' fills ${\(name):json} in the body of route '\(routeName)' but its value is not "
                        + "JSON: \(error)")
                return "null"
            }
            return v.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// A multipart/form-data body with a boundary that none of its parts contains.
    private mutating func multipart(_ fields: [MultipartField], extra: [ResolvedParam]) -> (
        body: [UInt8], contentType: String
    ) {
        var parts: [(header: String, data: [UInt8])] = []
        func disposition(_ name: String) -> String {
            "Content-Disposition: form-data; name=\"\(BodyFill.escapeQuoted(name))\""
        }
        for field in fields {
            switch field.value {
            case .text(let text):
                parts.append((disposition(field.name), Array(self.text(text).utf8)))
            case .file(let path):
                let joined = path.hasPrefix("/") ? path : Session.join(directory, path)
                switch SessionFiles.read(joined, inside: directory) {
                case .failure(let refusal):
                    problems.append(
                        "multipart file '\(field.name)' of route '\(routeName)': '\(path)' \(refusal)")
                case .success(let data):
                    let filename = (path as NSString).lastPathComponent
                    parts.append(
                        (
                            disposition(field.name) + "; filename=\"\(BodyFill.escapeQuoted(filename))\"\r\n"
                                + "Content-Type: \(BodyFill.mediaType(ofFile: filename))",
                            [UInt8](data)
                        ))
                }
            }
        }
        for p in extra {
            parts.append((disposition(p.name), Array((value(p.name) ?? "").utf8)))
        }
        // A boundary from the content, so the same request always has the same bytes; made longer until no part
        // contains it.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for b in part.header.utf8 { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
            for b in part.data.prefix(4096) { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
        var boundary = "strata-" + String(hash, radix: 16)
        while parts.contains(where: { BodyFill.contains($0.data, Array(boundary.utf8)) }) {
            hash = (hash ^ 0x5f) &* 0x100_0000_01b3
            boundary += String(hash % 36, radix: 36)
        }
        var body: [UInt8] = []
        for part in parts {
            body += Array("--\(boundary)\r\n\(part.header)\r\n\r\n".utf8)
            body += part.data
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    /// A form-data name or filename with `"`, CR and LF percent-encoded (as browsers do).
    static func escapeQuoted(_ s: String) -> String {
        s.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The media type a file is sent with, from its extension.
    static func mediaType(ofFile name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "json": "application/json"
        case "xml": "application/xml"
        case "txt": "text/plain"
        case "csv": "text/csv"
        case "html": "text/html"
        case "pdf": "application/pdf"
        default: "application/octet-stream"
        }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count, let first = needle.first else { return false }
        var i = 0
        while i + needle.count <= haystack.count {
            if haystack[i] == first, Array(haystack[i..<(i + needle.count)]) == needle { return true }
            i += 1
        }
        return false
    }
}
