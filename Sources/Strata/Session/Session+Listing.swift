/// The route listing of `strata routes`: text for people, JSON for scripts.
extension Session {
    /// Each route with its method, path and params (templates unexpanded, so secrets never show).
    public func routeListing() -> String {
        let builder = RequestBuilder(session: self, environment: [:])
        var lines = ["\(name) — \(baseURL.text.isEmpty ? "(no baseURL)" : baseURL.text)"]
        if !headers.isEmpty {
            lines.append(
                "headers: " + headers.map { "\($0.name): \(display($0.name, $0.value.text))" }.joined(separator: ", "))
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
            let nameWidth = params.map(\.name.count).max() ?? 0
            for p in params {
                var line = "    \(p.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)) = "
                line += JSONString.quote(display(p.name, p.template))
                line += "  (\(p.location), \(p.origin)\(p.required ? ", required" : ""))"
                if let d = p.description { line += "  \(d)" }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The listing as JSON: `{ "name", "baseURL", "headers", "routes": [{ "name", "method", "path", "body",
    /// "contentType", "params": [{ "name", "value", "in", "from", "required" }] }] }`.
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
                        params.map {
                            .object([
                                ("name", .string($0.name)),
                                ("value", .string(display($0.name, $0.template))),
                                ("in", .string($0.location.rawValue)),
                                ("from", .string($0.origin.name)),
                                ("required", .bool($0.required)),
                            ])
                        })
                ),
            ])
        }
        return OutputJSON.object([
            ("name", .string(name)),
            ("baseURL", .string(baseURL.text)),
            ("headers", .object(headers.map { ($0.name, .string(display($0.name, $0.value.text))) })),
            ("routes", .array(routes)),
        ]).text()
    }

    /// A declared value as shown: templates as written (they name variables, not secrets), literal secrets
    /// redacted.
    func display(_ name: String, _ text: String) -> String {
        guard isRedacted(name), !text.isEmpty else { return text }
        let isTemplateOnly = (try? Template(parsing: text))?.parts.allSatisfy {
            if case .variable(_, nil) = $0 { true } else { false }
        }
        return isTemplateOnly == true ? text : ResolvedParam.redacted
    }
}
