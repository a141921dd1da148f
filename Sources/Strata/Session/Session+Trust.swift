import Foundation

/// What an untrusted session may not do, and how front ends say so (see ``SessionTrust``).
extension Session {
    /// True when the session names programs it may not run: it is not trusted.
    public var withholdsPrograms: Bool { !isTrusted && !trust.programs.isEmpty }

    /// `strata trust Sessions/catalog`: the command that trusts this session, its folder as the user named it.
    public var trustCommand: String { "strata trust " + ShellWords.line([directory]) }

    /// `Sessions/catalog runs programs named in session.json (parsers: csv = python3 tools/csv2json.py); trust it
    /// with: strata trust Sessions/catalog`.
    public var programsNotRun: String {
        "\(directory) runs programs named in session.json (\(trust.programList)); trust it with: \(trustCommand)"
    }

    /// What a live send of `request` (built from this session) would carry from the environment to an address
    /// session.json chose, or nil when it carries nothing from the environment, or goes where the user said.
    ///
    /// A variable counts when it is set and a template of the request reads it: the base URL, a header, param or
    /// auth value as session.json writes it (values typed or given with `-p` are not expanded), or the body
    /// template. The address is the user's choice when the base URL starts with a variable that is set
    /// (`${env:SHOP_URL:-https://shop.example.com}` with `SHOP_URL` set) and no `proxy` is named; then nothing is
    /// asked.
    public func environmentExposure(of request: BuiltRequest) -> EnvironmentExposure? {
        let environment = request.environment
        func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        if transport.proxy == nil, case .variable(let name, _)? = baseURL.parts.first, isSet(name) { return nil }
        var names: [String] = []
        func add(_ variables: [String]) {
            for name in variables where isSet(name) && !names.contains(name) { names.append(name) }
        }
        add(baseURL.variableNames)
        for p in request.params where p.status == .sent && p.origin != .edited && p.origin != .added {
            if let template = try? Template(parsing: p.template) { add(template.variableNames) }
        }
        add(request.bodyTemplate?.variableNames ?? [])
        guard !names.isEmpty else { return nil }
        return EnvironmentExposure(variables: names, destination: EnvironmentExposure.origin(of: request.baseURL))
    }

    /// `Sessions/demo is not trusted, and this request sends environment variables DEMO_SHOP_KEY to
    /// https://shop.example.com, an address session.json chose; trust it with: strata trust Sessions/demo`.
    public func notTrustedToSend(_ exposure: EnvironmentExposure, what: String = "this request") -> String {
        "\(directory) is not trusted, and \(what) sends \(exposure.description); trust it with: \(trustCommand)"
    }
}

/// Environment variables a live send would carry to an address session.json chose
/// (``Session/environmentExposure(of:)``).
public struct EnvironmentExposure: Sendable, Hashable, CustomStringConvertible {
    /// The variables, set in the environment, whose values the request carries, in the order it reads them.
    public var variables: [String]
    /// Where they go: the base URL's scheme, host and port (`https://shop.example.com`).
    public var destination: String

    /// Creates an exposure.
    public init(variables: [String], destination: String) {
        self.variables = variables
        self.destination = destination
    }

    /// `environment variables A, B to https://x.example, an address session.json chose`.
    public var description: String {
        "environment \(variables.count == 1 ? "variable" : "variables") \(variables.joined(separator: ", ")) to "
            + "\(destination), an address session.json chose"
    }

    /// `https://shop.example.com:8443` of a URL: its scheme, host and port; the URL itself when it has no host.
    static func origin(of url: String) -> String {
        guard let c = URLComponents(string: url), let scheme = c.scheme, let host = c.host, !host.isEmpty else {
            return url
        }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed)" + (c.port.map { ":\($0)" } ?? "")
    }
}
