/// Exporting a request as a curl command.
extension BuiltRequest {
    /// The equivalent curl command, one option per line, with secret values kept out.
    ///
    /// A secret whose value the session reads from an environment variable (`${env:API_TOKEN}`, with or without a
    /// default, which is never written) is written as
    /// that variable (`-H "Authorization: Bearer $API_TOKEN"`, basic auth as `-u "user:$PASSWORD"`), so the pasted
    /// command works and still shows no secret; any other secret is `<redacted>`. Set `redacting` to false to
    /// export the real values (never the default: commands end up in shell history and bug reports).
    public func curl(redacting: Bool = true) -> String {
        RequestExport(self, redacting: redacting).curl
    }

    /// What ``curl(redacting:)`` and ``code(_:redacting:)`` leave empty because a variable is not set here, one
    /// sentence each: the code mirrors the request built here, so an unset variable's param is empty and not sent.
    public var curlNotes: [String] {
        missingVariables.map {
            "\($0.name) is not set: \($0.usedBy) reads it as empty, and an empty param is not sent"
        }
    }
}

extension RequestExport {
    /// The curl command: one option per line.
    var curl: String {
        let word = RequestExport.shellWord
        let method =
            switch self.method {
            case "GET": ""
            case "HEAD": "--head "
            default: "-X \(self.method) "
            }
        var parts = ["curl " + method + word(url)]
        if let basic { parts.append("-u " + RequestExport.doubleQuoted(basic.user + [.literal(":")] + basic.password)) }
        for header in headers { parts.append("-H " + word([.literal("\(header.name): ")] + header.value)) }
        switch body {
        case .multipart(let fields)?:
            for field in fields {
                switch field {
                case .file(let name, let path): parts.append("-F " + word([.literal("\(name)=@\(path)")]))
                case .text(let name, let value): parts.append("--form-string " + word([.literal("\(name)=")] + value))
                }
            }
        case .text(let text)?:
            parts.append("--data-raw " + word(text))
        case nil:
            break
        }
        return parts.joined(separator: " \\\n  ")
    }

    /// One shell word: single-quoted when it is all text, double-quoted with `$NAME` where it reads variables.
    static func shellWord(_ text: Text) -> String {
        guard text.contains(where: { if case .variable = $0 { true } else { false } }) else {
            return ShellWords.quote(text.map { if case .literal(let s) = $0 { s } else { "" } }.joined())
        }
        return doubleQuoted(text)
    }

    /// One double-quoted shell word: text escaped, variables as `$NAME` (`${NAME}` before a name character; a
    /// template's default is not written: it is a value written in the session, possibly a secret itself).
    static func doubleQuoted(_ segments: Text) -> String {
        func escape(_ s: String) -> String {
            var out = ""
            for c in s {
                if c == "\\" || c == "\"" || c == "$" || c == "`" { out.append("\\") }
                out.append(c)
            }
            return out
        }
        var out = "\""
        for (k, segment) in segments.enumerated() {
            switch segment {
            case .literal(let s): out += escape(s)
            case .variable(let name, _):
                var next: Character? = nil
                if k + 1 < segments.count, case .literal(let s) = segments[k + 1] { next = s.first }
                let joins = next.map { $0 == "_" || $0.isLetter || $0.isNumber } ?? false
                out += joins ? "${\(name)}" : "$\(name)"
            }
        }
        return out + "\""
    }
}
