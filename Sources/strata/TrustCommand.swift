import Strata

/// `strata trust SESSION [--revoke] | strata trust --list`: Trust a session to run the programs its session.json
/// names and to send environment variables to its base URLs, or stop trusting it.
enum TrustCommand {
    static let usage = "strata trust SESSION [--revoke] | strata trust --list"
    static let summary =
        "Trust a session to run the programs session.json names and send environment variables to its base URLs."
    static let arguments = [PositionalSpec(name: "SESSION", help: "a session folder (or its session.json)")]
    static let options = [
        OptionSpec("--revoke", help: "stop trusting SESSION"),
        OptionSpec("--list", help: "list the trusted sessions, and which changed since they were trusted"),
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let revoke = args.flag("--revoke")
        let list = args.flag("--list")
        let positionals = try args.positionals(max: 1)
        if list {
            guard positionals.isEmpty, !revoke else { throw UsageError("--list takes no SESSION and no --revoke") }
            return try listTrusted(store())
        }
        guard let path = positionals.first else { throw UsageError("missing SESSION") }
        let store = try store()
        if revoke {
            let folder = SessionTrust.folder(ofSession: path)
            let removed = try commandError { () throws(TrustStore.Failure) in try store.remove(folder: folder) }
            Output.print(removed ? "no longer trusted: \(folder)" : "\(folder) was not trusted")
            return 0
        }
        let session = try loadSession(path)
        let trust = session.trust
        guard !trust.isEmpty else {
            Output.print("\(path) names no programs and reads no environment variables: it needs no trust")
            return 0
        }
        let added = try commandError { () throws(TrustStore.Failure) in try store.add(trust) }
        Output.print((added ? "trusted " : "already trusted: ") + trust.folder)
        for line in lines(trust) { Output.print("  " + line) }
        if added { Output.print("recorded in \(store.file); an edit to these asks again") }
        return 0
    }

    /// What trusting the session allows, one line each: the programs it runs, the variables it sends and where.
    static func lines(_ trust: SessionTrust) -> [String] {
        var lines: [String] = []
        if !trust.programs.isEmpty { lines.append("runs " + trust.programList) }
        if !trust.variables.isEmpty {
            let urls = trust.baseURLs.filter { !$0.isEmpty }
            lines.append(
                "sends \(trust.variables.count == 1 ? "environment variable" : "environment variables") "
                    + trust.variables.joined(separator: ", ")
                    + (urls.isEmpty ? "" : " to " + urls.joined(separator: ", ")))
        }
        return lines
    }

    /// The user's trust file, or why there is none.
    static func store() throws(CommandError) -> TrustStore {
        guard let trustStore else {
            throw CommandError("nowhere to keep trust: set XDG_CONFIG_HOME or HOME to an absolute path")
        }
        return trustStore
    }

    /// `--list`: each trusted folder, and whether its session still has the fingerprint it was trusted with.
    static func listTrusted(_ store: TrustStore) throws(CommandError) -> Int32 {
        let entries = try commandError { () throws(TrustStore.Failure) in try store.entries() }
        guard !entries.isEmpty else {
            Output.print("no session is trusted (\(store.file))")
            return 0
        }
        let width = entries.map(\.folder.count).max() ?? 0
        for entry in entries {
            let state: String
            if let session = try? Session.load(from: entry.folder) {
                state =
                    session.trust.fingerprint == entry.fingerprint
                    ? "trusted" : "changed since it was trusted: \(session.trustCommand) again"
            } else {
                state = "no session loads there"
            }
            Output.print(entry.folder.padding(toLength: width + 2, withPad: " ", startingAt: 0) + state)
        }
        return 0
    }
}
