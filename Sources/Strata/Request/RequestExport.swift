/// A request as every code export writes it (curl, HTTPie, Python, JavaScript, Swift): each piece of text split into
/// literal text and the environment variables its secrets are read from.
///
/// A secret the session reads from an environment variable (`${env:API_TOKEN}`, with or without a default, which is
/// never written) becomes that variable, so the exported code sends the real value and shows none; any other secret
/// is `<redacted>`. Built once here, so the five languages cannot disagree about what the request is.
struct RequestExport {
    /// A piece of exported text: literal text, or an environment variable read when the code runs.
    enum Segment: Equatable {
        case literal(String)
        case variable(name: String, default: String?)
    }

    /// Text made of segments.
    typealias Text = [Segment]

    /// A multipart field: text, or a file sent from `path` (absolute, or relative to where the code runs).
    enum Field {
        case text(name: String, value: Text)
        case file(name: String, path: String)
    }

    /// What the request sends after its head.
    enum Body {
        /// Text (a form, JSON or raw body), sent as its UTF-8 bytes.
        case text(Text)
        /// Multipart fields, whose boundary and part headers each language's library writes.
        case multipart([Field])
    }

    /// The method, upper case.
    var method: String
    /// The full URL.
    var url: Text
    /// Basic auth, when the request has it (then `headers` has no `Authorization` of its own).
    var basic: (user: Text, password: Text)?
    /// The headers in order; without the multipart `Content-Type`, whose boundary the library writes.
    var headers: [(name: String, value: Text)]
    /// The body, if any.
    var body: Body?

    /// The request `request` exports; with `redacting` false, the real values of its secrets (never the default:
    /// code ends up in shell history, notebooks and bug reports).
    init(_ request: BuiltRequest, redacting: Bool = true) {
        // Each secret read from the environment gets a marker that the text below turns into its variable.
        var segments: [String: Text] = [:]
        var substitutes: [Int: String] = [:]
        var basicMarker: String? = nil
        var basic: (user: Text, password: Text)? = nil
        if redacting {
            for (i, p) in request.params.enumerated() where p.isSecret && p.status == .sent {
                let marker = "\u{E000}\(i)\u{E000}"
                if case .basic(let user, let password)? = p.auth {
                    basic = (RequestExport.text(user), RequestExport.text(password))
                    basicMarker = marker
                    substitutes[i] = marker
                } else if let variable = RequestExport.segments(p) {
                    segments[marker] = variable
                    substitutes[i] = marker
                }
            }
        }
        let r = redacting ? request.redacted(substituting: substitutes) : request
        func split(_ text: String) -> Text {
            guard text.contains("\u{E000}") else { return text.isEmpty ? [] : [.literal(text)] }
            var out: Text = []
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "\u{E000}"),
                let close = rest[rest.index(after: open)...].firstIndex(of: "\u{E000}")
            {
                if open > rest.startIndex { out.append(.literal(String(rest[..<open]))) }
                out += segments[String(rest[open...close])] ?? [.literal(ResolvedParam.redacted)]
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { out.append(.literal(String(rest))) }
            return out
        }
        method = r.method
        url = split(r.url)
        let multipart: [MultipartField]? =
            if case .multipart(let fields)? = request.bodyTemplate { fields } else { nil }
        var headers: [(String, Text)] = []
        for field in r.headers {
            if let basicMarker, field.value == basicMarker { continue }
            if multipart != nil, field.name.lowercased() == "content-type", field.value.hasPrefix("multipart/form-data")
            {
                continue
            }
            headers.append((field.name, split(field.value)))
        }
        self.headers = headers
        self.basic = basic
        if let multipart {
            let values = Dictionary(r.params.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            func text(_ parts: [BodyPart]) -> String {
                parts.map {
                    switch $0 {
                    case .literal(let s): s
                    case .param(let name, _): values[name].map { $0.status == .sent ? $0.value : "" } ?? ""
                    case .variable(let name, let fallback): request.environment[name] ?? fallback ?? ""
                    // The value read from another route's response is not kept apart: its placeholder is written.
                    case .response(let chained): chained.description
                    }
                }.joined()
            }
            var fields: [Field] = []
            for field in multipart {
                switch field.value {
                case .file(let path):
                    let full = path.hasPrefix("/") ? path : Session.join(request.sessionDirectory, path)
                    fields.append(.file(name: field.name, path: full))
                case .text(let t): fields.append(.text(name: field.name, value: split(text(t))))
                }
            }
            let used = Set(request.bodyTemplate?.paramNames ?? [])
            for p in r.sentParams where p.location == .body && !used.contains(p.name) {
                fields.append(.text(name: p.name, value: split(p.value)))
            }
            body = .multipart(fields)
        } else if let bytes = r.body {
            body = .text(split(String(decoding: bytes, as: UTF8.self)))
        } else {
            body = nil
        }
    }

    /// The segments of `template`: its text, and its environment variables.
    static func text(_ template: Template) -> Text {
        template.parts.compactMap {
            switch $0 {
            case .literal(let s): s.isEmpty ? nil : .literal(s)
            case .variable(let name, let fallback): .variable(name: name, default: fallback)
            // A secret read from another route's response is not in the environment: it stays hidden.
            case .response: .literal(ResolvedParam.redacted)
            }
        }
    }

    /// The segments of secret `p` when its value is read from the environment as the session wrote it; nil when it
    /// was typed, or written in the file without a variable.
    static func segments(_ p: ResolvedParam) -> Text? {
        // A typed value is its own template (sent as typed); a param only moved elsewhere keeps its template.
        let typed = p.origin == .added || (p.origin == .edited && p.template == p.value)
        guard !typed, let template = try? Template(parsing: p.template), template.readsEnvironment else { return nil }
        return text(template)
    }

    /// The environment variables the export reads, each once, in the order they appear.
    var variables: [String] {
        var names: [String] = []
        func visit(_ text: Text) {
            for case .variable(let name, _) in text where !names.contains(name) { names.append(name) }
        }
        visit(url)
        if let basic {
            visit(basic.user)
            visit(basic.password)
        }
        for header in headers { visit(header.value) }
        switch body {
        case .text(let t)?: visit(t)
        case .multipart(let fields)?:
            for case .text(_, let value) in fields { visit(value) }
        case nil: break
        }
        return names
    }
}
