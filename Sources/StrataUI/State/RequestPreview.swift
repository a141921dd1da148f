import Strata

/// The request a route would send with the user's edits, and the param rows the Request pane lists.
///
/// When the edits leave the request unsendable (a required param emptied), the rows still show every param and
/// ``error`` says what is wrong.
public struct RequestPreview: Sendable {
    /// The route.
    public let route: Route
    /// The request, when it can be built.
    public let request: BuiltRequest?
    /// Why it cannot be built.
    public let error: RequestError?
    /// Every param: sent, left out when empty, or removed; each with its value and origin.
    public let params: [ResolvedParam]

    /// Builds the request for `route` with `edits`.
    public init(session: Session, route: Route, edits: [ParamEdit], environment: [String: String]) {
        self.route = route
        let builder = RequestBuilder(session: session, environment: environment)
        do {
            let built = try builder.build(route, edits: edits)
            request = built
            error = nil
            params = built.params
        } catch {
            request = nil
            self.error = error
            // Show the declared params with the edits laid over them, so the user can fix the value.
            var rows = builder.declaredParams(route)
            for edit in edits {
                switch edit {
                case .set(let name, let value, let location):
                    if let i = rows.firstIndex(where: { $0.name == name }) {
                        rows[i].value = value
                        rows[i].template = value
                        rows[i].origin = .edited
                        rows[i].status = .sent
                    } else if var added = rows.first {
                        // ResolvedParam has no public initializer: start from a row and replace every field.
                        added.name = name
                        added.value = value
                        added.template = value
                        added.location = location ?? ParamLocation.defaultLocation(for: route.method)
                        added.origin = .added
                        added.kind = .string
                        added.required = false
                        added.isSecret = session.isRedacted(name)
                        added.status = .sent
                        added.missingVariables = []
                        added.description = nil
                        rows.append(added)
                    }
                case .remove(let name):
                    if let i = rows.firstIndex(where: { $0.name == name }) {
                        rows[i].status = .removed
                        rows[i].origin = .edited
                    }
                }
            }
            params = rows
        }
    }

    /// The method and URL as shown (secrets as `<redacted>`), or the method and path template when the request
    /// cannot be built.
    public var title: String {
        if let request {
            let shown = request.redacted()
            return "\(shown.method) \(shown.url)"
        }
        return "\(route.method) \(route.path)"
    }

    /// The declared (default) value of param `name`, as written in the session, or nil for an added param.
    public func declaredTemplate(_ name: String, session: Session) -> String? {
        RequestBuilder(session: session, environment: [:]).declaredParams(route).first { $0.name == name }?.template
    }
}
