import Strata

extension ExplorerState {
    /// Asks about the session when it names programs it may not run: when it is opened, and each time it is
    /// reloaded untrusted (`R`, or after `$EDITOR`; so an edit that changes a command asks again).
    mutating func askTrustIfNeeded() {
        guard session.withholdsPrograms else { return }
        overlay = .trust(TrustQuestion(session))
    }

    /// What a live send of `request` would carry to an address session.json chose, when the session is not trusted.
    func untrustedExposure(of request: BuiltRequest) -> EnvironmentExposure? {
        guard source == .live, !session.isTrusted else { return nil }
        return session.environmentExposure(of: request)
    }

    /// What every request served from the live source would carry (the session's defaults) to an address
    /// session.json chose, when the session is not trusted.
    func untrustedServingExposure() -> EnvironmentExposure? {
        guard source == .live, !session.isTrusted else { return nil }
        let builder = RequestBuilder(session: session, environment: environment)
        guard let defaults = try? builder.build(Route(name: ServeRequest.unroutedName, path: "/")) else { return nil }
        return session.environmentExposure(of: defaults)
    }

    /// A key in the trust question: `y` trusts the session (for this run at once, and in the trust file) and does
    /// what waited; anything bound to close leaves it untrusted.
    mutating func trustCommand(_ command: Command, _ question: TrustQuestion) -> [Effect] {
        overlay = nil
        guard command == .commit else {
            switch question.then {
            case .nothing: notice = Notice("not trusted: bodies its parsers read are shown as text (R asks again)")
            case .send: notice = Notice("not sent: the session is not trusted (r asks again)")
            case .serve: notice = Notice("not serving live: the session is not trusted (S asks again)")
            }
            return []
        }
        guard question.fingerprint == session.trust.fingerprint else {
            notice = Notice("session.json changed meanwhile: nothing was trusted", kind: .error)
            return []
        }
        trustedThisRun.insert(question.fingerprint)
        session.isTrusted = true
        notice = Notice("trusted \(session.directory)")
        var effects: [Effect] = [.recordTrust(session.trust)]
        switch question.then {
        case .nothing: break
        case .send: effects += startRun()
        case .serve: effects += toggleServing()
        }
        return effects
    }

    /// The trust file's answer: where the trust was recorded, or why it is for this run only.
    mutating func trustRecorded(file: String?, problem: String?) {
        if let problem {
            notice = Notice("trusted for this run only: \(problem)", kind: .error)
        } else if let file {
            let what =
                session.trust.programs.isEmpty
                ? "live requests send what it reads from the environment" : "its parsers run on the next response"
            notice = Notice("trusted: \(what) (recorded in \(file))")
        }
    }
}
