import Strata
import TermGrid

extension ExplorerState {
    /// `i`: the mapping issues, or a note saying why there are none to list.
    mutating func showIssues() -> [Effect] {
        guard let document = response.document else {
            notice = Notice("no response yet: press r to run the request")
            return []
        }
        guard let mapping = document.mapping else {
            notice = Notice(
                document.tree == nil ? "the body did not parse, so nothing was mapped" : unmappedReason)
            return []
        }
        guard mapping.issueCount > 0 || !(mapping.changes?.fixedIssues.isEmpty ?? true) || !mapping.diagnostics.isEmpty
        else {
            notice = Notice(mapping.notMapped ?? "no mapping issues")
            return []
        }
        // Start on the first error or warning: infos (coercions, unmapped fields) are for the record.
        overlay = .issues(selected: issueRows.firstIndex { $0.group.severity != .info } ?? 0)
        if issueRows.isEmpty, mapping.issueCount > 0 {
            notice = Notice("no \(issueFilter.label) among \(mapping.counts.text): a shows all")
        }
        return []
    }

    /// Keys in an overlay.
    mutating func overlayCommand(_ command: Command, _ current: Overlay) -> [Effect] {
        if case .confirmSave = current { return confirmSaveCommand(command) }
        if case .trust(let question) = current { return trustCommand(command, question) }
        if case .history(let list) = current { return historyCommand(command, list) }
        if command == .close {
            overlay = nil
            return []
        }
        if case .message = current, command == .reload || command == .editSession {
            overlay = nil
            return [command == .reload ? .loadSession(path: session.file) : .editFile(path: session.file)]
        }
        let page = max(size.height - 8, 1)
        let step: Int? =
            switch command {
            case .up: -1
            case .down: 1
            case .pageUp: -page
            case .pageDown: page
            default: nil
            }
        switch current {
        case .help(let scroll):
            // Never further than the last page, so the way back up is as long as the way down.
            let last = max(OverlayView.helpLines(focus: focus).count - (size.height - 4), 0)
            if let step { overlay = .help(scroll: min(max(scroll + step, 0), last)) }
        case .message(let title, let lines, let scroll):
            let last = max(lines.count - 1, 0)
            if let step { overlay = .message(title: title, lines: lines, scroll: min(max(scroll + step, 0), last)) }
        case .diff(let title, let lines, let scroll):
            let last = max(lines.count - 1, 0)
            if let step { overlay = .diff(title: title, lines: lines, scroll: min(max(scroll + step, 0), last)) }
        case .history:
            break
        case .issues(let selected):
            let rows = issueRows
            if let step {
                overlay = .issues(selected: min(max(selected + step, 0), max(rows.count - 1, 0)))
            } else if command == .jumpToSource, selected < rows.count {
                if rows[selected].status == .fixed {
                    notice = Notice("this issue was fixed by the last reload or edit")
                } else {
                    overlay = nil
                    jumpToIssue(rows[selected].group.first)
                }
            } else if command == .showErrors {
                filterIssues(.error)
            } else if command == .showWarnings {
                filterIssues(.warning)
            } else if command == .showAllIssues {
                filterIssues(.info)
            }
        case .code(let language, let code, let notes, let scroll):
            if let step {
                let rows = OverlayView.codeLines(
                    language, code, notes: notes,
                    width: OverlayView.codeWidth(in: Rect(x: 0, y: 0, width: size.width, height: size.height))
                ).count
                let last = max(rows - (size.height - 6), 0)
                overlay = .code(language, code, notes: notes, scroll: min(max(scroll + step, 0), last))
                return []
            }
            return codeCommand(command, showing: language)
        case .copy(let selected):
            return copyMenuCommand(command, selected: selected)
        case .confirmSave, .trust:
            break
        case .choice(var choice):
            if let step {
                choice.selected = min(max(choice.selected + step, 0), max(choice.items.count - 1, 0))
                overlay = .choice(choice)
            } else if command == .choose {
                overlay = nil
                return choose(choice)
            }
        }
        return []
    }

    /// Selects issue `k`'s value in Mapped and its source node in Parsed and Raw, focusing Parsed.
    mutating func jumpToIssue(_ k: Int) {
        guard let mapping = response.document?.mapping, let outline = mappedOutline, k < mapping.issueCount else {
            return
        }
        let target = mapping.issueTarget(k)
        if let value = target.value {
            mapped.reveal(value, in: outline, height: mappedHeight)
        }
        if let node = target.node {
            revealSource(node)
            focus = .parsed
            tab = .parsed
        } else if target.value != nil {
            focus = .mapped
            tab = .mapped
            notice = Notice("this issue has no source node (the field is missing)")
        }
    }
}
