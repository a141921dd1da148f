import Strata

/// How saving a response as a fixture ended.
package enum FixtureSaveOutcome: Sendable, Equatable {
    /// The pair was written (or replaced one).
    case written(FixtureWriter.Written)
    /// A pair for the same request exists in `file`; nothing was written.
    case exists(file: String)
    /// The fixture writer refused, saying why.
    case failed(String)
}

extension ExplorerState {
    /// `W`: save the shown response as a fixture pair for the request that produced it (asking before replacing).
    mutating func saveFixture(overwrite: Bool = false) -> [Effect] {
        guard let document = response.document else {
            notice = Notice("nothing to save: run a request first (r)")
            return []
        }
        if case .fixture(let file, let number, _) = document.response.origin {
            notice = Notice(
                "this response came from \(SessionFiles.relative(file, to: session.directory))#\(number): it is a fixture already"
            )
            return []
        }
        // A stream still arriving would be saved cut short: wait for its end, and say so.
        if let current = run, current.id == responseID, current.arriving != nil {
            saveFixtureWhenComplete = current.id
            let events = document.tree.map { $0.childCount(Tree.root) } ?? 0
            notice = Notice(
                "the response is still arriving (\(Counted.text(events, "event")) so far): W saves it as a fixture "
                    + "when it has all arrived")
            return []
        }
        return [
            .saveFixture(request: document.request, response: document.response, session: session, overwrite: overwrite)
        ]
    }

    /// The response `id` has all arrived (or stopped early): the save `W` asked for while it streamed runs now, or
    /// is dropped with the reason when only part of it came.
    mutating func saveFixtureIfWaiting(for id: Int) -> [Effect] {
        guard saveFixtureWhenComplete == id else { return [] }
        saveFixtureWhenComplete = nil
        guard let document = response.document, responseID == id else { return [] }
        if document.response.partial {
            notice = Notice(
                "not saved as a fixture: the stream stopped before its end (W saves the part that arrived)",
                kind: .error)
            return []
        }
        return saveFixture()
    }

    /// The fixture writer's answer: a confirmation, a question before replacing a pair, or the error.
    mutating func fixtureSaved(_ outcome: FixtureSaveOutcome) -> [Effect] {
        switch outcome {
        case .written(let written):
            let where_ = SessionFiles.relative(written.file, to: session.directory)
            notice = Notice(
                "\(written.replaced ? "replaced" : "saved") the pair in \(where_) (\(written.path) #\(written.index + 1)): the mock source answers it now"
            )
        case .exists(let file):
            overlay = .confirmSave(file: SessionFiles.relative(file, to: session.directory))
        case .failed(let message):
            notice = Notice("not saved: \(message)", kind: .error)
        }
        return []
    }

    /// A key in the question before replacing a pair: yes saves over it, anything bound to close keeps it.
    mutating func confirmSaveCommand(_ command: Command) -> [Effect] {
        overlay = nil
        guard command == .commit else {
            notice = Notice("not saved: the existing pair is kept")
            return []
        }
        return saveFixture(overwrite: true)
    }
}
