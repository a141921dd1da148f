import Strata

extension ExplorerState {
    /// The request `y` shows and `Y c` copies: a served request shown from Traffic as it reached the server (sent to
    /// the served URL), else the selected route's request with its edits.
    var requestToExport: BuiltRequest? {
        if traffic.isShown, let number = traffic.shownNumber,
            let entry = traffic.entries.first(where: { $0.number == number })
        {
            var request = entry.request
            if request.baseURL.isEmpty, let served = traffic.url { request = request.sent(toBaseURL: served) }
            return request
        }
        return draft?.request
    }

    /// `y`: the request as code in `language`, which later `y` and `Y c` use too.
    mutating func showCode(_ language: CodeLanguage) -> [Effect] {
        guard let request = requestToExport else {
            if let draft {
                notice = Notice(
                    "cannot build the request: \(draft.error?.message ?? "unknown problem")", kind: .error)
            } else {
                notice = Notice("select a route first", kind: .error)
            }
            return []
        }
        codeLanguage = language
        overlay = .code(language, request.code(language), notes: request.curlNotes, scroll: 0)
        return []
    }

    /// Keys in the code overlay: another language, or copy what is shown.
    mutating func codeCommand(_ command: Command, showing language: CodeLanguage) -> [Effect] {
        let all = CodeLanguage.allCases
        let index = all.firstIndex(of: language) ?? 0
        switch command {
        case .nextLanguage: return showCode(all[(index + 1) % all.count])
        case .previousLanguage: return showCode(all[(index + all.count - 1) % all.count])
        case .showCurlCode: return showCode(.curl)
        case .showHTTPieCode: return showCode(.httpie)
        case .showPythonCode: return showCode(.python)
        case .showJavaScriptCode: return showCode(.javascript)
        case .showSwiftCode: return showCode(.swift)
        case .copyShownCode: return copy(.code)
        default: return []
        }
    }
}
