import Strata

extension ExplorerState {
    /// Rows of the Request pane given to the params table (the rest shows headers and body when toggled).
    var paramRowsHeight: Int {
        let height = max(routesLayout.contentHeight(.request), 1)
        guard showRequestDetails else { return height }
        let width = routesLayout.inner(.request).width - 2
        let details = RequestPane.detailHeight(draft?.request?.redacted(), width: width, height: height)
        return max(height - details, 1)
    }

    /// Commands of the Request pane.
    mutating func requestCommand(_ command: Command) -> [Effect] {
        guard let draft else {
            if command == .addParam || command == .edit { notice = Notice("select a route first", kind: .error) }
            return []
        }
        let params = draft.params
        let page = max(paramRowsHeight - 1, 1)
        switch command {
        case .up: selectParam(paramSelection - 1)
        case .down: selectParam(paramSelection + 1)
        case .pageUp: selectParam(paramSelection - page)
        case .pageDown: selectParam(paramSelection + page)
        case .top: selectParam(0)
        case .bottom: selectParam(params.count - 1)
        case .edit:
            guard paramSelection < params.count else {
                editor = FieldEditor(.newParamName)
                return []
            }
            let param = params[paramSelection]
            editor = FieldEditor(.paramValue(name: param.key), text: editableValue(param, draft: draft))
        case .addParam:
            editor = FieldEditor(.newParamName)
        case .removeParam:
            guard paramSelection < params.count else { return [] }
            removeParam(params[paramSelection], route: draft.route)
        case .resetParam:
            guard paramSelection < params.count else { return [] }
            let name = params[paramSelection].key
            if let list = edits[draft.route.name] { setEdits(list.filter { $0.name != name }, of: draft.route.name) }
            selectParam(paramSelection)
        case .toggleDetails:
            showRequestDetails.toggle()
            keepParamInView()
        case .placeParam:
            return pickPlacement()
        case .editBody:
            return editBody()
        case .saveEdits:
            return saveEdits()
        default: break
        }
        return []
    }

    /// The text an edit of `param` starts from: the edited value, or the declared template (never a secret that
    /// came from the environment).
    func editableValue(_ param: ResolvedParam, draft: RequestDraft) -> String {
        if param.origin == .edited || param.origin == .added {
            if case .set(_, let value, _)? = edits[draft.route.name]?.last(where: { $0.name == param.key }) {
                return value
            }
        }
        return param.template
    }

    /// Selects param row `row` (clamped to the draft's params, so the draft is brought up to date first) and keeps
    /// it on screen.
    mutating func selectParam(_ row: Int) {
        refreshDraft()
        requestEditor.select(row, rowsShown: paramRowsHeight)
    }

    /// Scrolls the params table so the selected row shows.
    mutating func keepParamInView() {
        selectParam(paramSelection)
    }

    /// `d`: leaves the param out; an added param is dropped; a path param cannot go.
    mutating func removeParam(_ param: ResolvedParam, route: Route) {
        if param.location == .path {
            notice = Notice(
                "'\(param.name)' fills {\(param.name)} in the path \(route.path): edit its value instead", kind: .error)
            return
        }
        var list = edits[route.name] ?? []
        list.removeAll { $0.name == param.key }
        if param.origin != .added { list.append(.remove(name: param.key)) }
        setEdits(list, of: route.name)
        selectParam(paramSelection)
    }

    /// Stores a new value for param `name` of the selected route: back to the default when it equals the
    /// declared value, else an edit replacing earlier ones for that name.
    /// A new param goes to `location` (an added one keeps where it went); a placement edit stays.
    mutating func setParam(_ name: String, value: String, location: ParamLocation? = nil) {
        guard let draft else { return }
        let existing = draft.params.first { $0.key == name }
        let wasAdded = existing?.origin == .added
        let kept = draft.declaredTemplate(name) != value || wasAdded
        let list = (edits[draft.route.name] ?? []).settingValue(
            of: name, to: kept ? value : nil, location: location ?? (wasAdded ? existing?.location : nil))
        setEdits(list, of: draft.route.name)
    }
}
