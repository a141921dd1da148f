import Strata
import TermGrid

/// Boxes over the panes: key help, the curl command, the issues list, messages.
enum OverlayView {
    static func render(_ overlay: Overlay, state: ExplorerState, in area: Rect, into buffer: inout Buffer) {
        switch overlay {
        case .help(let scroll):
            let lines = helpLines(focus: state.focus)
            box(
                title: Line("Keys", style: Theme.title), footer: footer(.help), lines: lines, scroll: scroll,
                width: 100, in: area, into: &buffer)
        case .code(let language, let code, let notes, let scroll):
            box(
                title: Line("Request as code", style: Theme.title), footer: footer(.code),
                lines: codeLines(language, code, notes: notes, width: codeWidth(in: area)), scroll: scroll,
                width: codeWidth(in: area), in: area, into: &buffer)
        case .issues(let selected):
            // Two lines per issue (where, then what), each wrapped to the box, so no message is cut.
            let source = state.issueLines
            let width = max(min(116, area.width - 6), 1)
            // The configuration's problems first, as `strata check` prints them: they explain the issues below.
            var lines = state.configurationLines.flatMap { Paragraph.wrap($0, width: width) }
            if !lines.isEmpty, !source.isEmpty { lines.append(Line("")) }
            if source.isEmpty, state.response.document?.mapping?.notMapped == nil {
                lines.append(Line("No \(state.issueFilter.label) here: a shows every issue.", style: Theme.secondary))
            }
            var items: [Range<Int>] = []
            for k in stride(from: 0, to: source.count, by: 2) {
                let start = lines.count
                lines += Paragraph.wrap(source[k], width: width)
                if k + 1 < source.count {
                    // The message is indented under the path, also where it wraps.
                    let indent = "        "
                    let message = Line(String(source[k + 1].plainText.dropFirst(indent.count)))
                    lines += Paragraph.wrap(message, width: max(width - indent.count, 1)).map {
                        Line([TextSpan(indent)] + $0.spans)
                    }
                }
                items.append(start..<lines.count)
            }
            box(
                title: Line(state.issueTitle, style: Theme.title), footer: footer(.issues),
                lines: lines, scroll: 0, width: 116, selected: selected, items: items, in: area, into: &buffer)
        case .copy(let selected):
            let bindings = KeyMap.bindings(.copy)
            let lines = CopyChoice.allCases.map { choice -> Line in
                let key = bindings.first { $0.command == choice.command }?.keys.first?.label ?? " "
                let preview = state.scrubber.scrub(state.copyPreview(choice)).replacingNewlines
                let title = choice.title + String(repeating: " ", count: max(24 - choice.title.count, 1))
                return Line([
                    TextSpan(" \(key)  ", style: Theme.hintKey), TextSpan(title),
                    TextSpan(String(preview.prefix(200)), style: Theme.secondary),
                ])
            }
            box(
                title: Line("Copy to the clipboard", style: Theme.title), footer: footer(.copy), lines: lines,
                scroll: 0, width: 80, selected: selected, in: area, into: &buffer)
        case .confirmSave(let file):
            let lines = [
                Line("A pair for this request is in \(file) already."),
                Line("Replace it with the response shown? (secrets are redacted as when recording)"),
            ]
            box(
                title: Line("Save as fixture", style: Theme.title), footer: footer(.confirm), lines: lines, scroll: 0,
                width: 80, in: area, into: &buffer)
        case .trust(let question):
            box(
                title: Line("Trust \(question.folder)?", style: Theme.title), footer: footer(.trust),
                lines: question.lines.map { Line($0) }, scroll: 0, width: 100, wrap: true, in: area, into: &buffer)
        case .choice(let choice):
            // Notes (environment descriptions) follow their entries, dimmed, in a wider box.
            let notes = choice.notes
            let nameWidth = (choice.items.map(\.count).max() ?? 0) + 2
            let lines = choice.items.enumerated().map { k, item -> Line in
                let note = k < notes.count ? notes[k] : ""
                guard !note.isEmpty else { return Line(" " + item) }
                return Line([
                    TextSpan(" " + item.padding(toLength: nameWidth, withPad: " ", startingAt: 0)),
                    TextSpan(note, style: Theme.secondary),
                ])
            }
            box(
                title: Line(choice.title, style: Theme.title), footer: footer(.choice), lines: lines, scroll: 0,
                width: max(52, min(nameWidth + (notes.map(\.count).max() ?? 0) + 4, 100)), selected: choice.selected,
                in: area, into: &buffer)
        case .history(let list):
            let lines: [Line]
            if let entries = list.entries {
                lines =
                    entries.isEmpty
                    ? [Line("Nothing kept yet: every response of r is kept here.", style: Theme.secondary)]
                    : HistoryListing.rows(entries, route: list.route == nil).enumerated().map { k, row in
                        Line([
                            TextSpan(" " + row),
                            TextSpan("  \(entries[k].method) \(entries[k].url)", style: Theme.secondary),
                        ])
                    }
            } else {
                lines = [Line("Reading the history…", style: Theme.secondary)]
            }
            // What the kept bodies take, against the session's bound for the whole history (every 100 MB response
            // adds 100 MB; the oldest go first past the bound).
            let sizes = list.entries.map { entries in
                let bytes = entries.reduce(0) { $0 + $1.size }
                let bound = ByteCount.text(state.session.history.maxBytes)
                return " · \(ByteCount.text(bytes))" + (list.route == nil ? " of \(bound)" : "")
            }
            let title =
                "History · " + (list.route ?? "every route") + (list.entries.map { " · \($0.count)" } ?? "")
                + (sizes ?? "")
            box(
                title: Line(title, style: Theme.title), footer: footer(.history), lines: lines, scroll: 0, width: 110,
                selected: list.entries?.isEmpty == false ? list.selected : nil, in: area, into: &buffer)
        case .diff(let title, let lines, let scroll):
            box(
                title: Line(title, style: Theme.title), footer: footer(.diff),
                lines: lines.map { Line($0, style: diffStyle($0)) }, scroll: scroll, width: 110, wrap: true, in: area,
                into: &buffer)
        case .message(let title, let lines, let scroll):
            box(
                title: Line(title, style: Theme.error.adding(.bold)), footer: footer(.message),
                lines: lines.map { Line($0) }, scroll: scroll, width: 110, wrap: true, in: area, into: &buffer)
        }
    }

    /// The colour of a diff line by its mark: added, removed, changed.
    static func diffStyle(_ line: String) -> Style {
        switch line.first {
        case "+": Theme.string
        case "-": Theme.error
        case "~", "!": Theme.number
        default: Style()
        }
    }

    /// The key tables, the focused pane's first, then everywhere, then text editing.
    static func helpLines(focus: Pane) -> [Line] {
        let order =
            [focus.keyContext, .global, .textField]
            + [KeyContext.routes, .request, .raw, .parsed, .mapped, .traffic, .trafficRequest].filter {
                $0 != focus.keyContext
            }
        var lines: [Line] = []
        for context in order {
            if !lines.isEmpty { lines.append(.empty) }
            lines.append(Line(context.title + (context == focus.keyContext ? " (focused)" : ""), style: Theme.title))
            for binding in KeyMap.bindings(context) {
                let keys = binding.keys.map(\.label).joined(separator: " ")
                let padded = keys + String(repeating: " ", count: max(18 - DisplayWidth.of(keys), 1))
                lines.append(Line([TextSpan("  " + padded, style: Theme.hintKey), TextSpan(binding.description)]))
            }
        }
        lines.append(.empty)
        lines.append(Line("Mouse", style: Theme.title))
        for entry in KeyMap.mouse {
            let padded = entry.action + String(repeating: " ", count: max(18 - DisplayWidth.of(entry.action), 1))
            lines.append(Line([TextSpan("  " + padded, style: Theme.hintKey), TextSpan(entry.description)]))
        }
        return lines
    }

    /// `Esc close  ↑↓ scroll`, from the overlay's key table.
    static func footer(_ context: KeyContext) -> Line {
        var spans: [TextSpan] = []
        for hint in KeyMap.hints(context) {
            if !spans.isEmpty { spans.append(TextSpan("  ")) }
            spans.append(TextSpan(hint.key, style: Theme.hintKey))
            spans.append(TextSpan(" " + hint.word, style: Theme.secondary))
        }
        return Line(spans)
    }

    /// A centred box with a title, scrolled lines, an optional selected line and a footer of key hints.
    /// The widest the code box is: 110 columns, less on a narrow screen.
    static func codeWidth(in area: Rect) -> Int { max(min(110, area.width - 6), 1) }

    /// The code box's rows: the languages (the one shown picked out), what happens to secrets, the code cut into
    /// rows of `width` columns where a line is longer (its indentation kept, so it reads as code), then the notes.
    static func codeLines(_ language: CodeLanguage, _ code: String, notes: [String], width: Int) -> [Line] {
        let tabs = CodeLanguage.allCases.enumerated().flatMap { k, other -> [TextSpan] in
            [
                TextSpan(k == 0 ? "" : "  "),
                TextSpan(other.title, style: other == language ? Theme.selectedFocused : Theme.secondary),
            ]
        }
        var lines = [
            Line(tabs), Line("secrets as their environment variables, or <redacted>", style: Theme.secondary), Line(""),
        ]
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            var row = ""
            var used = 0
            VisibleText.forEachCell(in: String(line)) { symbol, columns in
                if used + columns > width, !row.isEmpty {
                    lines.append(Line(row))
                    row = ""
                    used = 0
                }
                row += symbol
                used += columns
                return true
            }
            lines.append(Line(row))
        }
        if !notes.isEmpty { lines.append(Line("")) }
        lines += notes.flatMap { Paragraph.wrap(Line($0, style: Theme.secondary), width: width) }
        return lines
    }

    static func box(
        title: Line, footer: Line, lines: [Line], scroll: Int, width: Int, wrap: Bool = false, selected: Int? = nil,
        items: [Range<Int>]? = nil, in area: Rect, into buffer: inout Buffer
    ) {
        let contentWidth = min(width, area.width - 6)
        let rows = wrap ? Paragraph(lines, wrap: true).rowCount(width: max(contentWidth, 1)) : lines.count
        let height = min(rows + 2, area.height - 2)
        var popup = Popup(
            block: Block(title: title, rightTitle: footer, isFocused: true), content: Paragraph(lines, wrap: wrap),
            size: Size(width: contentWidth + 4, height: height))
        let box = popup.area(in: area)
        guard !box.isEmpty else { return }
        let inner = popup.contentArea(in: area)
        let visible = max(inner.height, 1)
        var top = min(max(scroll, 0), max(rows - visible, 0))
        // The selected item's rows: one row per line unless `items` groups them.
        let chosen: Range<Int>? = selected.map { k in
            guard let items else { return k..<(k + 1) }
            return k < items.count ? items[k] : (rows..<rows)
        }
        if let chosen, !chosen.isEmpty {
            if chosen.lowerBound < top { top = chosen.lowerBound }
            if chosen.upperBound > top + visible { top = max(chosen.upperBound - visible, 0) }
        }
        popup.content.scroll = top
        buffer.render(popup, in: area)
        if let chosen {
            for row in chosen where row >= top && row < top + visible {
                buffer.setStyle(Theme.selectedFocused, in: inner.row(row - top))
            }
        }
        if rows > visible {
            let more = Line("\(top + 1)–\(min(top + visible, rows)) of \(rows)", style: Theme.secondary)
            buffer.setLine(more, x: box.right - more.width - 2, y: box.bottom - 1, width: more.width)
        }
    }
}
