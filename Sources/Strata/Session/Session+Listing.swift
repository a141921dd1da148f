import StrataDocuments

/// The route listing of `strata routes`: text for people, JSON for scripts.
extension Session {
    /// Each route with its method, path and params (templates unexpanded, so secrets never show).
    public func routeListing() -> String {
        let builder = RequestBuilder(session: self, environment: [:])
        var lines = ["\(name) — \(baseURL.text.isEmpty ? "(no baseURL)" : baseURL.text)"]
        if !headers.isEmpty {
            lines.append(
                "headers: "
                    + headers.map { "\($0.name): \(display($0.value.text, secret: isSecret($0.name, in: .header)))" }
                    .joined(separator: ", "))
        }
        let width = routes.map(\.name.count).max() ?? 0
        for route in routes {
            lines.append("")
            let padded = route.name.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append(
                "\(padded)  \(route.method.padding(toLength: 6, withPad: " ", startingAt: 0)) \(route.path)"
                    + (route.description.map { "  — \($0)" } ?? ""))
            let params = builder.declaredParams(route).filter {
                !([.session, .environment].contains($0.origin) && $0.location == .header)
            }
            // A param is listed by its key (what `-p` names); one that sends another name says it.
            let nameWidth = params.map(\.key.count).max() ?? 0
            for p in params {
                var line = "    \(p.key.padding(toLength: nameWidth, withPad: " ", startingAt: 0)) = "
                line += JSONString.quote(display(p.template, secret: p.isSecret))
                let sent = p.sessionKey == nil ? "" : ", sent as \(p.name)"
                line += "  (\(p.location)\(sent), \(p.origin)\(p.required ? ", required" : ""))"
                if let d = p.description { line += "  \(d)" }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The listing as JSON: `{ "name", "baseURL", "headers", "routes": [{ "name", "method", "path", "body",
    /// "contentType", "params": [{ "name", "key" (when not the name), "value", "in", "from", "required" }] }] }`.
    public func routeListingJSON() -> String {
        let builder = RequestBuilder(session: self, environment: [:])
        let routes = self.routes.map { route -> OutputJSON in
            let params = builder.declaredParams(route).filter {
                !([.session, .environment].contains($0.origin) && $0.location == .header)
            }
            return .object([
                ("name", .string(route.name)),
                ("method", .string(route.method)),
                ("path", .string(route.path)),
                ("body", .string(route.body.rawValue)),
                ("contentType", .optional(route.contentType)),
                ("description", .optional(route.description)),
                (
                    "params",
                    .array(
                        params.map { p -> OutputJSON in
                            var m: [(String, OutputJSON)] = [("name", .string(p.name))]
                            if let key = p.sessionKey { m.append(("key", .string(key))) }
                            m += [
                                ("value", .string(display(p.template, secret: p.isSecret))),
                                ("in", .string(p.location.rawValue)),
                                ("from", .string(p.origin.name)),
                                ("required", .bool(p.required)),
                            ]
                            return .object(m)
                        })
                ),
            ])
        }
        return OutputJSON.object([
            ("name", .string(name)),
            ("baseURL", .string(baseURL.text)),
            (
                "headers",
                .object(
                    headers.map { ($0.name, .string(display($0.value.text, secret: isSecret($0.name, in: .header)))) })
            ),
            ("routes", .array(routes)),
        ]).text()
    }

    /// A declared value as shown: templates as written (they name variables, not secrets), except in a `secret`
    /// value, where a variable's default and literal text read `<redacted>`; a leading auth scheme word (`Bearer `)
    /// stays.
    func display(_ text: String, secret: Bool) -> String {
        guard secret, !text.isEmpty else { return text }
        guard let template = try? Template(parsing: text),
            template.parts.contains(where: { if case .literal = $0 { false } else { true } })
        else { return ResolvedParam.redacted }
        var out = ""
        for (k, part) in template.parts.enumerated() {
            switch part {
            case .variable(let variable, nil): out += "${env:\(variable)}"
            case .variable(let variable, _?): out += "${env:\(variable):-\(ResolvedParam.redacted)}"
            case .response(let chained): out += chained.description
            case .literal(let s):
                let isScheme = k == 0 && s.hasSuffix(" ") && Auth.isSchemeWord(s.utf8.dropLast())
                out += isScheme ? s : ResolvedParam.redacted
            }
        }
        return out
    }
}
