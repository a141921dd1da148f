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
        // Each secret read from the environment gets a marker that the shell words below turn into variables.
        var words: [String: [ShellSegment]] = [:]
        var substitutes: [Int: String] = [:]
        var basic: (marker: String, user: [ShellSegment], password: [ShellSegment])? = nil
        if redacting {
            for (i, p) in params.enumerated() where p.isSecret && p.status == .sent {
                let marker = "\u{E000}\(i)\u{E000}"
                if case .basic(let user, let password)? = p.auth {
                    basic = (marker, ShellSegment.of(user), ShellSegment.of(password))
                    substitutes[i] = marker
                } else if let segments = BuiltRequest.shellSegments(p) {
                    words[marker] = segments
                    substitutes[i] = marker
                }
            }
        }
        let r = redacting ? redacted(substituting: substitutes) : self
        func word(_ text: String) -> String {
            guard text.contains("\u{E000}") else { return ShellWords.quote(text) }
            var segments: [ShellSegment] = []
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "\u{E000}"),
                let close = rest[rest.index(after: open)...].firstIndex(of: "\u{E000}")
            {
                segments.append(.literal(String(rest[..<open])))
                let marker = String(rest[open...close])
                segments += words[marker] ?? [.literal(ResolvedParam.redacted)]
                rest = rest[rest.index(after: close)...]
            }
            segments.append(.literal(String(rest)))
            return ShellSegment.doubleQuoted(segments)
        }
        let method =
            switch r.method {
            case "GET": ""
            case "HEAD": "--head "
            default: "-X \(r.method) "
            }
        var parts = ["curl " + method + word(r.url)]
        if let basic { parts.append("-u " + ShellSegment.doubleQuoted(basic.user + [.literal(":")] + basic.password)) }
        let multipart: [MultipartField]? =
            if case .multipart(let fields)? = bodyTemplate { fields } else { nil }
        for field in r.headers where basic == nil || field.value != basic!.marker {
            // curl writes the multipart Content-Type itself, with its own boundary.
            if multipart != nil, field.name.lowercased() == "content-type",
                field.value.hasPrefix("multipart/form-data")
            {
                continue
            }
            parts.append("-H " + word("\(field.name): \(field.value)"))
        }
        if let multipart {
            let values = Dictionary(r.params.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            func text(_ parts: [BodyPart]) -> String {
                parts.map {
                    switch $0 {
                    case .literal(let s): s
                    case .param(let name, _): values[name].map { $0.status == .sent ? $0.value : "" } ?? ""
                    case .variable(let name, let fallback): environment[name] ?? fallback ?? ""
                    // The value read from another route's response is not kept apart: its placeholder is written.
                    case .response(let chained): chained.description
                    }
                }.joined()
            }
            for field in multipart {
                switch field.value {
                case .file(let path):
                    let full = path.hasPrefix("/") ? path : Session.join(sessionDirectory, path)
                    parts.append("-F " + word("\(field.name)=@\(full)"))
                case .text(let t): parts.append("--form-string " + word("\(field.name)=\(text(t))"))
                }
            }
            let used = Set(bodyTemplate?.paramNames ?? [])
            for p in r.sentParams where p.location == .body && !used.contains(p.name) {
                parts.append("--form-string " + word("\(p.name)=\(p.value)"))
            }
        } else if let body = r.body {
            parts.append("--data-raw " + word(String(decoding: body, as: UTF8.self)))
        }
        return parts.joined(separator: " \\\n  ")
    }

    /// What ``curl(redacting:)`` leaves empty because a variable is not set here, one sentence each: the command
    /// mirrors the request built here, so an unset variable's param is empty and not sent.
    public var curlNotes: [String] {
        missingVariables.map {
            "\($0.name) is not set: \($0.usedBy) reads it as empty, and an empty param is not sent"
        }
    }

    /// The shell form of secret `p` when its value is read from the environment as the session wrote it; nil
    /// when it was typed, or written in the file without a variable.
    static func shellSegments(_ p: ResolvedParam) -> [ShellSegment]? {
        // A typed value is its own template (sent as typed); a param only moved elsewhere keeps its template.
        let typed = p.origin == .added || (p.origin == .edited && p.template == p.value)
        guard !typed, let template = try? Template(parsing: p.template),
            template.readsEnvironment
        else { return nil }
        return ShellSegment.of(template)
    }
}

/// A piece of a shell word: text, or an environment variable the shell expands.
enum ShellSegment: Equatable {
    case literal(String)
    case variable(name: String, default: String?)

    /// The pieces of `template`.
    static func of(_ template: Template) -> [ShellSegment] {
        template.parts.map {
            switch $0 {
            case .literal(let s): .literal(s)
            case .variable(let name, let fallback): .variable(name: name, default: fallback)
            // A secret read from another route's response is not in the environment: it stays hidden.
            case .response: .literal(ResolvedParam.redacted)
            }
        }
    }

    /// One double-quoted shell word: text escaped, variables as `$NAME` (`${NAME}` before a name character; a
    /// template's default is not written).
    static func doubleQuoted(_ segments: [ShellSegment]) -> String {
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
                // A default is left out: it is a value written in the session, possibly a secret itself.
                var next: Character? = nil
                if k + 1 < segments.count, case .literal(let s) = segments[k + 1] { next = s.first }
                let joins = next.map { $0 == "_" || $0.isLetter || $0.isNumber } ?? false
                out += joins ? "${\(name)}" : "$\(name)"
            }
        }
        return out + "\""
    }
}
