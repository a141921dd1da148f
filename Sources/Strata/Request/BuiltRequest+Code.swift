import Foundation
import StrataDocuments

/// A language a request can be exported to as code that sends it.
public enum CodeLanguage: String, CaseIterable, Sendable {
    /// A curl command.
    case curl
    /// An HTTPie command (`http`).
    case httpie
    /// Python with `requests`.
    case python
    /// JavaScript with `fetch`, as Node 18 and later run it (an ES module: top-level `await`).
    case javascript
    /// Swift with Foundation's `URLSession` (a script `swift request.swift` runs, on macOS and Linux).
    case swift

    /// `curl`, `HTTPie`, `Python (requests)`, `JavaScript (fetch)`, `Swift (URLSession)`.
    public var title: String {
        switch self {
        case .curl: "curl"
        case .httpie: "HTTPie"
        case .python: "Python (requests)"
        case .javascript: "JavaScript (fetch)"
        case .swift: "Swift (URLSession)"
        }
    }

    /// The language a command-line name means: its raw value, or `http`, `py`, `js`, `node`.
    public init?(name: String) {
        let aliases: [String: CodeLanguage] = ["http": .httpie, "py": .python, "js": .javascript, "node": .javascript]
        guard let language = CodeLanguage(rawValue: name.lowercased()) ?? aliases[name.lowercased()] else { return nil }
        self = language
    }
}

extension BuiltRequest {
    /// The request as code in `language` that sends it, secrets kept out as ``curl(redacting:)`` keeps them: a secret
    /// the session reads from an environment variable is read from that variable when the code runs
    /// (`os.environ["API_TOKEN"]`, `process.env.API_TOKEN`, `env["API_TOKEN"]`, `$API_TOKEN`), any other is
    /// `<redacted>`. With `redacting` false, the real values.
    public func code(_ language: CodeLanguage, redacting: Bool = true) -> String {
        let export = RequestExport(self, redacting: redacting)
        switch language {
        case .curl: return export.curl
        case .httpie: return export.httpie
        case .python: return export.python
        case .javascript: return export.javascript
        case .swift: return export.swift
        }
    }
}

extension RequestExport {
    /// The file name a multipart file is sent as: its last path component.
    static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }

    // MARK: HTTPie

    /// `http --ignore-stdin POST URL Header:value … --raw BODY`: one item per line. Options that items follow come
    /// before the method (HTTPie reads no option between items).
    var httpie: String {
        let word = RequestExport.shellWord
        var options = ["--ignore-stdin"]
        if case .multipart? = body { options.append("--multipart") }
        if let basic {
            options.append("-a " + RequestExport.doubleQuoted(basic.user + [.literal(":")] + basic.password))
        }
        var parts = ["http " + options.joined(separator: " ") + " " + method + " " + word(url)]
        for header in headers {
            parts.append(word([.literal(RequestExport.httpieEscaped(header.name) + ":")] + header.value))
        }
        switch body {
        case .multipart(let fields)?:
            for field in fields {
                switch field {
                case .file(let name, let path):
                    parts.append(word([.literal(RequestExport.httpieEscaped(name) + "@" + path)]))
                case .text(let name, let value):
                    parts.append(word([.literal(RequestExport.httpieEscaped(name) + "=")] + value))
                }
            }
        case .text(let text)?:
            parts.append("--raw " + word(text))
        case nil:
            break
        }
        return parts.joined(separator: " \\\n  ")
    }

    /// A header or field name with HTTPie's separators (`:`, `=`, `@`) and backslashes escaped.
    static func httpieEscaped(_ name: String) -> String {
        var out = ""
        for c in name {
            if c == "\\" || c == ":" || c == "=" || c == "@" { out.append("\\") }
            out.append(c)
        }
        return out
    }

    // MARK: Python

    /// A script with `requests`: `response = requests.request(…)`, then the status and the body printed.
    var python: String {
        func value(_ text: Text) -> String {
            RequestExport.joined(text, literal: RequestExport.pythonString) {
                "os.environ[\(RequestExport.pythonString($0))]"
            }
        }
        var lines: [String] = []
        if !variables.isEmpty { lines += ["import os", ""] }
        lines += ["import requests", "", "response = requests.request("]
        lines.append("    \(RequestExport.pythonString(method)),")
        lines.append("    \(value(url)),")
        if !headers.isEmpty {
            lines.append("    headers={")
            for (name, values) in RequestExport.merged(headers) {
                let joined = values.enumerated().flatMap { k, v in k == 0 ? v : [.literal(", ")] + v }
                lines.append("        \(RequestExport.pythonString(name)): \(value(joined)),")
            }
            lines.append("    },")
        }
        if let basic {
            // Bytes, so a name or password is sent as UTF-8 (requests would encode text as Latin-1).
            lines.append("    auth=((\(value(basic.user))).encode(), (\(value(basic.password))).encode()),")
        }
        switch body {
        case .multipart(let fields)?:
            lines.append("    files=[")
            for field in fields {
                switch field {
                case .file(let name, let path):
                    lines.append(
                        "        (\(RequestExport.pythonString(name)), open(\(RequestExport.pythonString(path)), \"rb\")),"
                    )
                case .text(let name, let text):
                    lines.append("        (\(RequestExport.pythonString(name)), (None, \(value(text)))),")
                }
            }
            lines.append("    ],")
        case .text(let text)?:
            // Bytes, so the body is sent as UTF-8 exactly (requests would encode a str as Latin-1).
            lines.append("    data=(\(value(text))).encode(),")
        case nil:
            break
        }
        lines += [")", "print(response.status_code)", "print(response.text)"]
        return lines.joined(separator: "\n")
    }

    /// A Python string literal: double quotes, backslash escapes for quotes, backslashes and control characters.
    static func pythonString(_ s: String) -> String {
        let named: [Unicode.Scalar: String] = ["\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t"]
        return "\""
            + LiteralEscaping.escaped(
                s, named: named, needsEscape: { LiteralEscaping.isControl($0) || LiteralEscaping.isInvisible($0) },
                escape: { scalar in
                    LiteralEscaping.isControl(scalar)
                        ? "\\x" + JSONString.hexDigits(scalar.value, 2)
                        : scalar.value > 0xFFFF
                            ? "\\U" + JSONString.hexDigits(scalar.value, 8)
                            : "\\u" + JSONString.hexDigits(scalar.value, 4)
                }) + "\""
    }

    // MARK: JavaScript

    /// An ES module for Node 18 and later: `const response = await fetch(…)`, then the status and the body logged.
    var javascript: String {
        func value(_ text: Text) -> String {
            guard text.contains(where: { if case .variable = $0 { true } else { false } }) else {
                return RequestExport.javascriptString(RequestExport.literalText(text))
            }
            var out = "`"
            for segment in text {
                switch segment {
                case .literal(let s): out += RequestExport.templateEscaped(s)
                case .variable(let name, _): out += "${process.env.\(name)}"
                }
            }
            return out + "`"
        }
        var lines = ["// Node 18 or later, as an ES module: node request.mjs"]
        var options: [String] = ["  method: \(RequestExport.javascriptString(method)),"]
        var headerLines: [String] = []
        if let basic {
            let credentials = value(basic.user + [.literal(":")] + basic.password)
            headerLines.append("    \"Authorization\": \"Basic \" + Buffer.from(\(credentials)).toString(\"base64\"),")
        }
        let merged = RequestExport.merged(headers)
        for (name, values) in merged {
            let joined = values.enumerated().flatMap { k, v in k == 0 ? v : [.literal(", ")] + v }
            headerLines.append("    \(RequestExport.javascriptString(name)): \(value(joined)),")
        }
        if !headerLines.isEmpty { options += ["  headers: {"] + headerLines + ["  },"] }
        var before: [String] = []
        switch body {
        case .multipart(let fields)?:
            if fields.contains(where: { if case .file = $0 { true } else { false } }) {
                lines += ["import { readFile } from \"node:fs/promises\";"]
            }
            before.append("const form = new FormData();")
            for field in fields {
                switch field {
                case .file(let name, let path):
                    before.append(
                        "form.append(\(RequestExport.javascriptString(name)), new Blob([await readFile("
                            + "\(RequestExport.javascriptString(path)))]), "
                            + "\(RequestExport.javascriptString(RequestExport.fileName(path))));")
                case .text(let name, let text):
                    before.append("form.append(\(RequestExport.javascriptString(name)), \(value(text)));")
                }
            }
            options.append("  body: form,")
        case .text(let text)?:
            options.append("  body: \(value(text)),")
        case nil:
            break
        }
        lines.append("")
        if !before.isEmpty { lines += before + [""] }
        lines.append("const response = await fetch(\(value(url)), {")
        lines += options
        lines += ["});", "console.log(response.status);", "console.log(await response.text());"]
        return lines.joined(separator: "\n")
    }

    /// A JavaScript string literal (JSON's, which JavaScript reads the same).
    static func javascriptString(_ s: String) -> String { JSONString.quote(s) }

    /// Text inside a template literal: backslashes, backticks and `${` escaped, control characters as escapes.
    static func templateEscaped(_ s: String) -> String {
        let quoted = JSONString.quote(s)
        // JSON's escapes are template escapes too; `"` needs none there, and `` ` `` and `${` do.
        return String(quoted.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            .replacingOccurrences(of: "`", with: "\\`").replacingOccurrences(of: "${", with: "\\${")
    }

    // MARK: Swift

    /// A script for `swift request.swift` with Foundation's `URLSession`, on macOS and Linux.
    var swift: String {
        func value(_ text: Text) -> String {
            var out = "\""
            for segment in text {
                switch segment {
                case .literal(let s): out += RequestExport.swiftEscaped(s)
                case .variable(let name, _): out += "\\(env[\(RequestExport.swiftString(name))] ?? \"\")"
                }
            }
            return out + "\""
        }
        var lines = [
            "import Foundation", "#if canImport(FoundationNetworking)", "    import FoundationNetworking", "#endif", "",
        ]
        if !variables.isEmpty { lines.append("let env = ProcessInfo.processInfo.environment") }
        lines.append("var request = URLRequest(url: URL(string: \(value(url)))!)")
        lines.append("request.httpMethod = \(RequestExport.swiftString(method))")
        if let basic {
            let credentials = value(basic.user + [.literal(":")] + basic.password)
            lines.append(
                "request.setValue(\"Basic \" + Data(\(credentials).utf8).base64EncodedString(), "
                    + "forHTTPHeaderField: \"Authorization\")")
        }
        for header in headers {
            lines.append(
                "request.addValue(\(value(header.value)), forHTTPHeaderField: \(RequestExport.swiftString(header.name)))"
            )
        }
        switch body {
        case .multipart(let fields)?:
            lines.append("let boundary = \"Boundary-\\(UUID().uuidString)\"")
            lines.append("var body = Data()")
            for field in fields {
                switch field {
                case .file(let name, let path):
                    let disposition =
                        "Content-Disposition: form-data; name=\\\"\(RequestExport.swiftEscaped(BodyFill.escapeQuoted(name)))\\\"; "
                        + "filename=\\\"\(RequestExport.swiftEscaped(BodyFill.escapeQuoted(RequestExport.fileName(path))))\\\""
                    let type = RequestExport.swiftEscaped(BodyFill.mediaType(ofFile: RequestExport.fileName(path)))
                    lines.append(
                        "body.append(Data(\"--\\(boundary)\\r\\n\(disposition)\\r\\nContent-Type: \(type)\\r\\n\\r\\n\".utf8))"
                    )
                    lines.append(
                        "body.append(try Data(contentsOf: URL(fileURLWithPath: \(RequestExport.swiftString(path)))))")
                    lines.append("body.append(Data(\"\\r\\n\".utf8))")
                case .text(let name, let text):
                    let disposition =
                        "Content-Disposition: form-data; name=\\\"\(RequestExport.swiftEscaped(BodyFill.escapeQuoted(name)))\\\""
                    lines.append(
                        "body.append(Data(\"--\\(boundary)\\r\\n\(disposition)\\r\\n\\r\\n\".utf8))")
                    lines.append("body.append(Data(\(value(text)).utf8))")
                    lines.append("body.append(Data(\"\\r\\n\".utf8))")
                }
            }
            lines.append("body.append(Data(\"--\\(boundary)--\\r\\n\".utf8))")
            lines.append(
                "request.setValue(\"multipart/form-data; boundary=\\(boundary)\", forHTTPHeaderField: \"Content-Type\")"
            )
            lines.append("request.httpBody = body")
        case .text(let text)?:
            lines.append("request.httpBody = Data(\(value(text)).utf8)")
        case nil:
            break
        }
        lines += [
            "let (data, response) = try await URLSession.shared.data(for: request)",
            "print((response as! HTTPURLResponse).statusCode)", "print(String(decoding: data, as: UTF8.self))",
        ]
        return lines.joined(separator: "\n")
    }

    /// A Swift string literal.
    static func swiftString(_ s: String) -> String { "\"" + swiftEscaped(s) + "\"" }

    /// Text inside a Swift string literal: backslashes, quotes and control characters escaped.
    static func swiftEscaped(_ s: String) -> String {
        let named: [Unicode.Scalar: String] = [
            "\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0",
        ]
        return LiteralEscaping.escaped(
            s, named: named, needsEscape: { LiteralEscaping.isControl($0) || LiteralEscaping.isInvisible($0) },
            escape: { "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" })
    }

    // MARK: Shared

    /// Text as one expression: literals through `literal`, variables through `variable`, joined with ` + `.
    static func joined(_ text: Text, literal: (String) -> String, variable: (String) -> String) -> String {
        guard !text.isEmpty else { return literal("") }
        return text.map {
            switch $0 {
            case .literal(let s): literal(s)
            case .variable(let name, _): variable(name)
            }
        }.joined(separator: " + ")
    }

    /// The literal text of `text` (which reads no variable).
    static func literalText(_ text: Text) -> String {
        text.map { if case .literal(let s) = $0 { s } else { "" } }.joined()
    }

    /// The headers by name, first spelling and order kept, repeated names' values together (a dictionary of headers
    /// holds each name once; the values are sent joined with `, `, which HTTP reads the same).
    static func merged(_ headers: [(name: String, value: Text)]) -> [(name: String, values: [Text])] {
        var out: [(name: String, values: [Text])] = []
        for header in headers {
            if let k = out.firstIndex(where: { $0.name.lowercased() == header.name.lowercased() }) {
                out[k].values.append(header.value)
            } else {
                out.append((header.name, [header.value]))
            }
        }
        return out
    }
}
