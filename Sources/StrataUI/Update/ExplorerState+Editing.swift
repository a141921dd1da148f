import Strata
import TermGrid

extension ExplorerState {
    /// A key while a text field is edited: Enter accepts, Esc cancels, everything else edits the text, so no
    /// pane or global binding can fire while typing.
    mutating func editKey(_ key: Key) -> [Effect] {
        guard let purpose = editor?.purpose else { return [] }
        switch KeyMap.command(for: key, in: .textField) {
        case .commit:
            let done = editor!
            editor = nil
            return commitEdit(done)
        case .cancelEdit:
            editor = nil
            if case .routeFilter(let previous) = purpose {
                routeList.setFilter(previous)
                keepRouteInView()
            }
            return []
        default:
            // In place: a copy of the editor would copy the text on every key.
            editor!.field.handle(key)
            textChanged(purpose)
            return []
        }
    }

    /// Pasted text: inserted whole at the cursor of the field being edited, as one edit (line breaks and tabs
    /// become spaces, other control characters are dropped: every field is one line). Outside a field it is
    /// ignored with a notice — never read as keys.
    mutating func paste(_ text: String) -> [Effect] {
        notice = nil
        guard let purpose = editor?.purpose else {
            notice = Notice("paste ignored: paste while editing a field (Enter on a param, a to add one, / to filter)")
            return []
        }
        editor!.field.insert(text)
        textChanged(purpose)
        return []
    }

    /// Follows the edited text where it shows at once: the route filter narrows the list while typing.
    private mutating func textChanged(_ purpose: FieldEditor.Purpose) {
        if case .routeFilter = purpose {
            routeList.setFilter(editor!.field.text)
            keepRouteInView()
        }
    }

    /// Applies accepted text according to what it was for.
    mutating func commitEdit(_ done: FieldEditor) -> [Effect] {
        let text = done.field.text
        switch done.purpose {
        case .paramValue(let name):
            setParam(name, value: text)
            keepParamInView()
        case .newParamName:
            let name = text.trimmingSpaces
            guard !name.isEmpty else {
                notice = Notice("no param added: the name was empty")
                return []
            }
            if let params = draft?.params, let row = params.firstIndex(where: { $0.key == name }) {
                // A param of that name exists: edit it rather than adding a second one.
                selectParam(row)
                editor = FieldEditor(
                    .paramValue(name: name), text: editableValue(params[row], draft: draft!))
                return []
            }
            editor = FieldEditor(.newParamValue(name: name))
        case .newParamValue(let name):
            // A header of that name in another case is edited in place (header names ignore case).
            if let params = draft?.params,
                let row = params.firstIndex(where: {
                    $0.location == .header && $0.name.lowercased() == name.lowercased()
                })
            {
                setParam(params[row].key, value: text)
                selectParam(row)
                return []
            }
            // Then where it goes, starting from where the method puts params.
            let method = draft?.route.method ?? "GET"
            overlay = .choice(
                .placement(
                    .newParamPlacement(name: name, value: text), title: "Where '\(name)' goes",
                    current: ParamLocation.defaultLocation(for: method)))
        case .routeFilter:
            routeList.setFilter(text)
            keepRouteInView()
        case .search:
            guard !text.isEmpty else {
                search = nil
                return []
            }
            return startSearch(text, in: focus.isResponsePane ? focus : .parsed, forward: true)
        case .query:
            return commitQuery(text)
        }
        return []
    }
}

extension String {
    /// The string without spaces and tabs at either end.
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
