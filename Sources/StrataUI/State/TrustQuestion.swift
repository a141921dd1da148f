import Strata

/// The question before the explorer runs what an untrusted session names: asked when a session naming programs is
/// opened or reloaded, and before a live send (or serving live) would carry environment variables to an address
/// session.json chose. `y` trusts the session (recorded in the user's trust file), anything else does not.
package struct TrustQuestion: Hashable, Sendable {
    /// What waits for the answer.
    package enum Then: Hashable, Sendable {
        /// Nothing: the session was opened or reloaded.
        case nothing
        /// The selected route's request, sent on `y`.
        case send
        /// Serving from the live source, started on `y`.
        case serve
    }

    /// The session folder, as the user named it.
    package var folder: String
    /// The programs session.json names (`csv = python3 tools/csv2json.py`), by the key naming them.
    package var programs: String?
    /// Every environment variable the session reads into requests.
    package var variables: [String]
    /// What the waiting send would carry to an address session.json chose, if it would.
    package var exposure: EnvironmentExposure?
    /// What the answer decides.
    package var then: Then
    /// The fingerprint of what the question shows: `y` trusts exactly that.
    package var fingerprint: String

    /// The question about `session`, with what waits for the answer.
    package init(_ session: Session, exposure: EnvironmentExposure? = nil, then: Then = .nothing) {
        folder = session.directory
        programs = session.trust.programs.isEmpty ? nil : session.trust.programList
        variables = session.trust.variables
        self.exposure = exposure
        self.then = then
        fingerprint = session.trust.fingerprint
    }

    /// The box's lines: what would run or be sent, then what each answer does.
    package var lines: [String] {
        var lines: [String] = []
        if let programs {
            lines.append("\(folder) names programs that run on this machine when a response is parsed:")
            lines.append("  \(programs)")
        }
        if let exposure {
            if !lines.isEmpty { lines.append("") }
            lines.append(
                "\(then == .serve ? "Every request it forwards" : "This live request") sends the value of "
                    + "\(exposure.variables.joined(separator: ", ")) from your environment to \(exposure.destination), "
                    + "an address session.json chose.")
        }
        if !variables.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(
                "Trusted, its requests may send these environment variables: \(variables.joined(separator: ", ")).")
        }
        lines.append("")
        lines.append("Trust it only if you trust whoever wrote it. An edit to any of this asks again.")
        lines.append(
            "y: trust it (kept outside the session; strata trust --revoke forgets it) · n: "
                + (then == .nothing
                    ? "not now: bodies its parsers read are shown as text"
                    : then == .send ? "not now: nothing is sent" : "not now: nothing is served"))
        return lines
    }
}
