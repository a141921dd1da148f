import Strata
import TermGrid

extension ExplorerState {
    /// A key while a text field is edited: Enter accepts, Esc cancels, everything else edits the text, so no
    /// pane or global binding can fire while typing.
    mutating func editKey(_ key: Key) -> [Effect] {
        guard var current = editor else { return [] }
        switch KeyMap.command(for: key, in: .textField) {
        case .commit:
            editor = nil
            return commitEdit(current)
        case .cancelEdit:
            editor = nil
            if case .routeFilter(let previous) = current.purpose {
                routeFilter = previous
                keepRouteInView()
            }
            return []
        default:
            current.field.handle(key)
            editor = current
            if case .routeFilter = current.purpose {
                routeFilter = current.field.text
                keepRouteInView()
            }
            return []
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
            if let params = draft?.params, let row = params.firstIndex(where: { $0.name == name }) {
                // A param of that name exists: edit it rather than adding a second one.
                selectParam(row)
                editor = FieldEditor(
                    .paramValue(name: name), text: editableValue(params[row], draft: draft!))
                return []
            }
            editor = FieldEditor(.newParamValue(name: name))
        case .newParamValue(let name):
            setParam(name, value: text)
            if let params = draft?.params, let row = params.firstIndex(where: { $0.name == name }) {
                selectParam(row)
            }
            if let error = draft?.error { notice = Notice(error.message, kind: .error) }
        case .routeFilter:
            routeFilter = text
            keepRouteInView()
        case .search:
            guard !text.isEmpty else {
                search = nil
                return []
            }
            return startSearch(text, forward: true)
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
