import Strata

/// What writing a route's edits into session.json came to.
package enum EditsSaveOutcome: Sendable {
    /// session.json was written with what `result` lists as saved (nothing when it lists none), and read again.
    case saved(RouteEditsSave.Result, reloaded: Result<Session, SessionError>?)
    /// Nothing was written, saying why.
    case failed(String)
}

extension ExplorerState {
    /// `Ctrl-S` in the Request pane: write the selected route's edits into session.json as its own values.
    mutating func saveEdits() -> [Effect] {
        guard let draft else { return [] }
        let name = draft.route.name
        guard let list = edits[name], !list.isEmpty else {
            notice = Notice("\(name) has no edits to save (edit a param with e, the body with B)")
            return []
        }
        return [.saveEdits(routeName: name, edits: list, request: draft.request, session: session)]
    }

    /// The edits were written (they are the route's values now, so only those left out stay edits) or refused.
    mutating func editsSaved(routeName: String, _ outcome: EditsSaveOutcome) -> [Effect] {
        switch outcome {
        case .failed(let message):
            notice = Notice("not saved: " + message, kind: .error)
            return []
        case .saved(let result, let reloaded):
            var effects: [Effect] = []
            if let reloaded {
                let kept = Set(result.left.map(\.name))
                let remaining = (edits[routeName] ?? []).filter { kept.contains($0.name) }
                requestEditor.setEdits(remaining, of: routeName)
                effects = sessionLoaded(reloaded)
                if case .failure = reloaded { return effects }
            }
            let file = session.file.split(separator: "/").last.map(String.init) ?? session.file
            let count = result.saved.count
            var text =
                count == 0
                ? "nothing saved"
                : "saved \(count) edit\(count == 1 ? "" : "s") of \(routeName) in \(file)"
            if !result.left.isEmpty {
                text += "; kept as edits: " + result.left.map(\.description).joined(separator: "; ")
            }
            notice = Notice(text, kind: count == 0 ? .error : .info)
            return effects
        }
    }
}
