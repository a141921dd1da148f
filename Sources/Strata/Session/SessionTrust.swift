import Foundation
import StrataDocuments

/// What trusting a session allows: the programs its session.json names, and the environment variables its
/// templates read into requests, with the base URLs those go to. Trust is recorded against ``fingerprint``.
///
/// A session someone else wrote can name a program (a `parsers` command runs whenever a response of its type is
/// parsed) and can read a variable such as `${env:GITHUB_TOKEN}` into a request for a base URL of its choosing.
/// Until the user trusts the session (`strata trust SESSION`, or `y` at the explorer's question; see
/// ``TrustStore``), its programs are not run (such bodies are shown as text, saying why) and a live send that would
/// carry a variable's value to an address session.json chose is refused or asked about
/// (``Session/environmentExposure(of:)``).
///
/// The fingerprint is SHA-256 of the session's folder (absolute, symbolic links resolved) and everything listed
/// here, so moving the folder or an edit that changes a command, a variable read or a base URL needs trust again.
/// What a command's files contain is not part of it: trusting `python3 tools/csv2json.py` trusts whatever that
/// script says when it runs.
public struct SessionTrust: Sendable, Equatable {
    /// A program session.json names.
    public struct Program: Sendable, Equatable, CustomStringConvertible {
        /// The key it is named under: `parsers`.
        public var kind: String
        /// Its name there: `csv`.
        public var name: String
        /// The program and its arguments.
        public var command: [String]

        /// `csv = python3 tools/csv2json.py`, words quoted where a shell would need it (control characters are
        /// left for the front end to make visible).
        public var description: String { "\(name) = \(ShellWords.line(command))" }
    }

    /// The session folder, absolute with symbolic links resolved.
    public let folder: String
    /// The programs session.json names, in file order.
    public let programs: [Program]
    /// The environment variables its templates read into requests (base URLs, headers, params, auth and bodies, of
    /// the session, its environments and its routes), each once, in file order.
    public let variables: [String]
    /// The base URLs as written, the session's then each environment's: where those values would go.
    public let baseURLs: [String]
    /// SHA-256 of all of the above, as 64 hex digits.
    public let fingerprint: String

    /// Creates the trust of a session in `folder` (made absolute and resolved here) naming these.
    public init(folder: String, programs: [Program], variables: [String], baseURLs: [String]) {
        self.folder = SessionTrust.canonicalFolder(folder)
        self.programs = programs
        self.variables = variables
        self.baseURLs = baseURLs
        var text = "strata-trust 1\nfolder \(JSONString.quote(self.folder))\n"
        for p in programs {
            text +=
                "\(p.kind) \(JSONString.quote(p.name)) [\(p.command.map(JSONString.quote).joined(separator: ","))]\n"
        }
        for v in variables { text += "variable \(JSONString.quote(v))\n" }
        for b in baseURLs { text += "baseURL \(JSONString.quote(b))\n" }
        fingerprint = SHA256.hex(Array(text.utf8))
    }

    /// The trust of `session` as loaded: its programs, and the variables read by its defaults, environments and
    /// routes.
    init(of session: Session) {
        var variables: [String] = []
        func add(_ names: [String]) {
            for name in names where !variables.contains(name) { variables.append(name) }
        }
        func add(_ specs: [ParamSpec]) { for spec in specs { add(spec.value.variableNames) } }
        func add(_ auth: Auth?) { for template in auth?.templates ?? [] { add(template.variableNames) } }
        var baseURLs = [session.own.baseURL.text]
        add(session.own.baseURL.variableNames)
        add(session.own.headers)
        add(session.own.params)
        add(session.own.auth)
        for environment in session.environments {
            if let url = environment.baseURL {
                baseURLs.append(url.text)
                add(url.variableNames)
            }
            add(environment.headers)
            add(environment.params)
            add(environment.auth)
        }
        for route in session.routes {
            add(route.params)
            add(route.headers)
            add(route.auth)
            add(route.bodyTemplate?.variableNames ?? [])
        }
        self.init(
            folder: session.directory,
            programs: session.parsers.map { Program(kind: "parsers", name: $0.name, command: $0.command) },
            variables: variables, baseURLs: baseURLs)
    }

    /// Nothing to trust: no folder, no programs, no variables.
    static let none = SessionTrust(folder: "", programs: [], variables: [], baseURLs: [])

    /// True when the session names no program and reads no environment variable, so it never needs trust.
    public var isEmpty: Bool { programs.isEmpty && variables.isEmpty }

    /// `parsers: csv = python3 tools/csv2json.py; tsv = ./tsv`: the programs, by the key naming them.
    public var programList: String {
        var kinds: [String] = []
        for p in programs where !kinds.contains(p.kind) { kinds.append(p.kind) }
        return kinds.map { kind in
            "\(kind): " + programs.filter { $0.kind == kind }.map(\.description).joined(separator: "; ")
        }.joined(separator: "; ")
    }

    /// The folder of the session at `path` (its directory or session.json), as ``folder`` names it: what
    /// `strata trust --revoke` forgets, whether or not a session still loads there.
    public static func folder(ofSession path: String) -> String {
        canonicalFolder(Session.location(of: path).directory)
    }

    /// `path`, a session folder, absolute and with symbolic links resolved; made absolute only, when it does not
    /// exist.
    public static func canonicalFolder(_ path: String) -> String {
        guard !path.isEmpty else { return "" }
        if let resolved = SessionFiles.realPath(path) { return resolved }
        let absolute =
            path.hasPrefix("/") ? path : Session.join(FileManager.default.currentDirectoryPath, path)
        return (absolute as NSString).standardizingPath
    }
}
