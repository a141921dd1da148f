import Strata

extension ExplorerState {
    /// `v`: the list of the session's environments, the active one highlighted.
    mutating func pickEnvironment() -> [Effect] {
        guard !session.environments.isEmpty else {
            notice = Notice("this session has no environments (add \"environments\" to session.json)")
            return []
        }
        let names = [Choice.noEnvironment] + session.environments.map(\.name)
        let current = session.activeEnvironment.flatMap { names.firstIndex(of: $0) } ?? 0
        var choice = Choice(purpose: .environment, title: "Environment", items: names, selected: current)
        choice.notes =
            ["the session's own baseURL, params and auth"] + session.environments.map { $0.description ?? "" }
        overlay = .choice(choice)
        return []
    }

    /// `p`: where the selected param goes.
    mutating func pickPlacement() -> [Effect] {
        guard let draft, paramSelection < draft.params.count else { return [] }
        let param = draft.params[paramSelection]
        if param.location == .path {
            notice = Notice(
                "'\(param.name)' fills {\(param.name)} in the path \(draft.route.path): it stays there", kind: .error)
            return []
        }
        overlay = .choice(
            .placement(.placement(name: param.key), title: "Where '\(param.name)' goes", current: param.location))
        return []
    }

    /// The entry picked in `choice`.
    mutating func choose(_ choice: Choice) -> [Effect] {
        let item = choice.items[min(choice.selected, choice.items.count - 1)]
        switch choice.purpose {
        case .environment:
            // A running server follows only an environment that was applied and differs.
            return useEnvironment(item == Choice.noEnvironment ? nil : item) ? serveAgain() : []
        case .newParamPlacement(let name, let value):
            guard let location = ParamLocation(rawValue: item) else { return [] }
            setParam(name, value: value, location: location)
            if let params = draft?.params, let row = params.firstIndex(where: { $0.key == name }) {
                selectParam(row)
            }
            if let error = draft?.error { notice = Notice(error.message, kind: .error) }
        case .placement(let name):
            guard let location = ParamLocation(rawValue: item) else { return [] }
            placeParam(name, location)
        case .export(let copyChoice):
            guard choice.selected == 0, let export = textExport(copyChoice) else {
                notice = Notice("nothing copied or written")
                return []
            }
            notice = Notice("writing \(copyChoice.title) to \(TextExport.folder)/ …")
            return [.exportText(export)]
        }
        return []
    }

    /// Applies environment `name` (nil: the session's own defaults) to the session; true when that changed it.
    @discardableResult
    mutating func useEnvironment(_ name: String?) -> Bool {
        defer { keepParamInView() }
        let said = Notice(name.map { "environment: \($0)" } ?? "environment: none (the session's defaults)")
        guard name != session.activeEnvironment else {
            notice = said
            return false
        }
        do {
            session = try session.applying(environment: name)
            notice = said
            return true
        } catch {
            notice = Notice(error.message, kind: .error)
            return false
        }
    }

    /// Sends param `name` in `location`: an added param's own edit says so; a declared one gets a placement edit.
    mutating func placeParam(_ name: String, _ location: ParamLocation) {
        guard let draft else { return }
        var list = edits[draft.route.name] ?? []
        if let k = list.lastIndex(where: { if case .set(name, _, _) = $0 { true } else { false } }),
            draft.params.first(where: { $0.key == name })?.origin == .added, case .set(_, let value, _) = list[k]
        {
            list[k] = .set(name: name, value: value, location: location)
        } else {
            list.removeAll { if case .place(name, _) = $0 { true } else { false } }
            let declared = declaredLocation(name, draft: draft)
            if declared != location { list.append(.place(name: name, location: location)) }
        }
        setEdits(list, of: draft.route.name)
        if let error = self.draft?.error { notice = Notice(error.message, kind: .error) }
        selectParam(paramSelection)
    }

    /// Where param `name` goes before any placement edit.
    private func declaredLocation(_ name: String, draft: RequestDraft) -> ParamLocation? {
        let withoutPlacement = (edits[draft.route.name] ?? []).filter {
            if case .place = $0 { false } else { true }
        }
        return RequestDraft(session: session, route: draft.route, edits: withoutPlacement, environment: environment)
            .params.first { $0.key == name }?.location
    }
}

extension ExplorerState {
    /// `B`: the route's JSON body, placeholders kept, to edit in `$EDITOR`.
    mutating func editBody() -> [Effect] {
        guard let draft else { return [] }
        let template: JSONBodyTemplate
        switch draft.route.bodyTemplate {
        case .json(let t)?: template = t
        case nil where draft.route.body == .json:
            template = .flat(draft.params.filter { $0.location == .body && $0.status != .removed }.map(\.key))
        default:
            notice = Notice(
                "B edits JSON bodies; route '\(draft.route.name)' sends a \(draft.route.body.rawValue) body",
                kind: .error)
            return []
        }
        let name = draft.route.name
        if let refused = refusedBodies[name] {
            notice = Notice("editing the body text that did not parse last time (delete it all to start again)")
            openedBodies[name] = template.text
            return [.editBody(routeName: name, text: refused)]
        }
        openedBodies[name] = template.text
        return [.editBody(routeName: name, text: template.text)]
    }

    /// The body text back from `$EDITOR`: used when it parses and its placeholders name params; otherwise the
    /// previous body stays and the notice says what is wrong and where (line:col).
    mutating func bodyEdited(routeName: String, text: String?, problem: String?) {
        if let problem {
            notice = Notice(problem, kind: .error)
            return
        }
        guard let text, let route = session.route(named: routeName) else { return }
        // An emptied editor starts again from the route's body.
        if text.allSatisfy(\.isWhitespace), refusedBodies[routeName] != nil {
            refusedBodies[routeName] = nil
            notice = Notice("body unchanged: the text that did not parse is dropped; B opens the route's body")
            return
        }
        if let opened = openedBodies[routeName], Self.sameText(text, opened) {
            refusedBodies[routeName] = nil
            notice = Notice("body unchanged")
            return
        }
        let names = RequestDraft(
            session: session, route: route, edits: edits[routeName] ?? [], environment: environment
        ).params.map(\.key)
        switch JSONBodyTemplate.parse(text, file: "body", params: names) {
        case .failure(let error):
            let first = error.diagnostics.first.map(\.description) ?? "the body does not parse"
            refusedBodies[routeName] = text
            notice = Notice("body not changed: \(first) (B opens your text again)", kind: .error)
        case .success(let template):
            refusedBodies[routeName] = nil
            var list = edits[routeName] ?? []
            list.removeAll { if case .body = $0 { true } else { false } }
            if route.bodyTemplate != .json(template) { list.append(.body(template)) }
            setEdits(list, of: routeName)
            notice = Notice(draft?.error.map { "body changed; \($0.message)" } ?? "body changed")
        }
    }

    /// Whether two body texts are the same but for white space at their ends (editors add a final newline).
    static func sameText(_ a: String, _ b: String) -> Bool {
        a.trimmingCharacters(in: .whitespacesAndNewlines) == b.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
