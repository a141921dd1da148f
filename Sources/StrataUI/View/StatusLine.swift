import Strata
import TermGrid

/// The bottom row: what happened (response summary, spinner, notice), the selection's path, and key hints from
/// the key table of the focused context.
package enum StatusLine {
    /// What the search field says before anything is typed, for the pane it searches.
    static func searchPlaceholder(_ pane: Pane) -> String {
        switch pane {
        case .raw: "search the body: text, or /regex/ (Enter)"
        case .mapped: "search names and values: text, or /regex/ (Enter)"
        default: "search keys and values: text, or /regex/ (Enter)"
        }
    }

    package static func render(
        _ state: ExplorerState, in area: Rect, into buffer: inout Buffer, cursor: inout Position?
    ) {
        guard !area.isEmpty else { return }
        if let editor = state.editor, editor.purpose == .search || editor.purpose == .query {
            var field = editor.field
            let prompt =
                editor.purpose == .search
                ? TextField(prompt: TextSpan("/", style: Theme.edited), placeholder: searchPlaceholder(state.focus))
                : TextField(
                    prompt: TextSpan("query ", style: Theme.edited),
                    placeholder: "JSONPath, e.g. $..price or $.items[?@.price > 10] (Enter; empty clears)")
            buffer.render(prompt, in: area, state: &field)
            cursor = field.cursorPosition
            return
        }
        // Priority when space runs out: what happened (left), then `? help`, then the path, then other hints.
        // A long path keeps its end (where the selection is): `…[0][0].name`.
        var path = pathLine(state).map { tail($0, room: max(area.width / 3, 12)) }
        let available = area.width - 1
        let minimumHints = hintLine(state, room: 0).width
        // A notice goes before the path: the path gives way when both do not fit.
        if state.run == nil, let notice = state.notice, let p = path,
            DisplayWidth.of(notice.text) + 2 + minimumHints + p.width + 3 > available
        {
            path = nil
        }
        let left = leftLine(state, room: available - minimumHints - 2 - (path.map { $0.width + 3 } ?? 0))
        if let p = path, left.width + 3 + p.width + 2 + minimumHints > available { path = nil }
        let pathWidth = path.map { $0.width + 3 } ?? 0
        let hintRoom = max(min(available - left.width - pathWidth - 2, available / 2), minimumHints)
        // The right part: the hints flush right, then the path two columns before them, when each fits.
        let hints = hintLine(state, room: hintRoom)
        var right = hints.width > 0 && hints.width + 2 <= area.width ? hints : Line.empty
        let leftEnd = area.right - right.width - (right.width > 0 ? 2 : 0)
        if let p = path, p.width + 8 < leftEnd - area.x {
            right = Line(p.spans + (right.width > 0 ? [TextSpan("  ")] + right.spans : []))
        } else {
            path = nil
        }
        let bar = StatusBar(left: left, right: right, style: .plain, gap: path == nil ? 2 : 3, trailingPadding: 0)
        buffer.render(bar, in: area)
    }

    /// The spinner while a request runs, else the notice, else the response summary; while serving, the URL and
    /// the request count first (`⇄ http://127.0.0.1:8080 · 3 requests · `).
    static func leftLine(_ state: ExplorerState, room: Int) -> Line {
        guard let url = state.traffic.url else { return activityLine(state, room: room) }
        let count = state.traffic.count
        let serving = Line([
            TextSpan("⇄ ", style: Theme.edited), TextSpan(url, style: Theme.title),
            TextSpan(" · \(Counted.text(count, "request")) · ", style: Theme.secondary),
        ])
        let rest = activityLine(state, room: room - serving.width)
        return Line(serving.spans + rest.spans.map { TextSpan($0.text, style: rest.style.patched(with: $0.style)) })
    }

    /// The spinner while a request runs, else the notice, else the response summary.
    static func activityLine(_ state: ExplorerState, room: Int) -> Line {
        if let run = state.run {
            let frame = Spinner.frame(elapsed: run.elapsed)
            let what: String
            switch run.phase {
            case .sending: what = "\(run.summary) · \(run.source.rawValue)"
            case .receiving: what = run.summary
            case .processing(let bytes): what = "parsing \(ByteCount.text(bytes))"
            }
            return Line(
                [TextSpan(frame + " ", style: Theme.edited), TextSpan(what)]
                    + (run.phase == .receiving ? arrivingSpans(run) : []) + [
                        TextSpan(" · " + seconds(run.elapsed), style: Theme.secondary),
                        TextSpan(" · Esc cancels", style: Theme.secondary),
                    ])
        }
        if let notice = state.notice {
            // Too long for the row: shortened after a whole word, never cut inside one.
            return Line(notice.text, style: notice.kind == .error ? Theme.error : Theme.edited.removing(.bold))
                .cutAtWord(room: room)
        }
        switch state.response {
        case .empty:
            let count = state.session.routes.count
            return Line(
                "\(state.session.name) · \(Counted.text(count, "route")) · \(state.source.rawValue) data",
                style: Theme.secondary)
        case .failure(let request, let error):
            if case .noMatch = error { return Line("no fixture matches this request", style: Theme.error) }
            return Line(request.redacting(error.description), style: Theme.error)
        case .document(let document):
            // Shorter forms when the full summary does not fit: the issue count outlives the file and the type.
            for detail in [SummaryDetail.full, .noOrigin, .short] {
                let line = summary(document, state: state, detail: detail)
                if line.width <= room || detail == .short { return line }
            }
            return summary(document, state: state, detail: .short)
        }
    }

    /// ` · 200 · 12.0 KB · 4.1 KB/s · ███▌      35%` while a body arrives: its status, bytes so far, rate, and a
    /// bar when the length is known.
    static func arrivingSpans(_ run: RunState) -> [TextSpan] {
        guard let arriving = run.arriving else { return [] }
        let dot = TextSpan(" · ", style: Theme.secondary)
        var spans = [
            dot, TextSpan("\(arriving.status)", style: Theme.status(arriving.status)), dot,
            TextSpan(ByteCount.text(arriving.body.count)),
        ]
        let seconds = Response.Timing.milliseconds(run.elapsed) / 1000
        if seconds > 0 {
            spans += [dot, TextSpan(ByteCount.text(Int(Double(arriving.body.count) / seconds)) + "/s")]
        }
        if let fraction = arriving.fraction {
            spans += [
                dot, TextSpan(bar(fraction, width: 10), style: Theme.edited), TextSpan(" \(Int(fraction * 100))%"),
            ]
        }
        return spans
    }

    /// A bar of `width` cells filled to `fraction` in eighths (`███▌      `).
    static func bar(_ fraction: Double, width: Int) -> String {
        let eighths = Int((fraction * Double(width * 8)).rounded(.down))
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        let full = String(repeating: "█", count: eighths / 8)
        let used = eighths / 8 + (partial.isEmpty ? 0 : 1)
        return full + partial + String(repeating: " ", count: max(0, width - used))
    }

    /// `200 OK · application/json · 1.2 KB · 4 ms · fixtures/products.json#1 · 1 issue`.
    static func summary(_ document: ResponseDocument, state: ExplorerState, detail: SummaryDetail = .full) -> Line {
        let response = document.response
        let dot = TextSpan(" · ", style: Theme.secondary)
        var spans: [TextSpan] = []
        if let number = state.shownHistoryEntry, detail != .short {
            spans += [TextSpan("history #\(number)", style: Theme.edited.removing(.bold)), dot]
        }
        spans.append(TextSpan(response.statusLine, style: Theme.status(response.status).adding(.bold)))
        if detail != .short {
            spans += [dot, TextSpan(response.contentType.map(ParserRegistry.mediaType) ?? document.outcome.parser)]
        }
        spans += [dot, TextSpan(ByteCount.text(response.size))]
        if response.truncated { spans += [dot, TextSpan("truncated (maxBodyBytes)", style: Theme.warning)] }
        if response.partial { spans += [dot, TextSpan("partial", style: Theme.warning)] }
        spans += [dot, TextSpan("\(Int(response.durationMs.rounded())) ms")]
        switch detail == .full ? response.origin : nil {
        case nil: break
        case .fixture(let file, let number, _)?:
            spans += [
                dot,
                TextSpan(
                    SessionFiles.relative(file, to: state.session.directory) + "#\(number)", style: Theme.secondary),
            ]
        case .live(_, let redirects)?:
            spans += [
                dot,
                TextSpan(redirects.isEmpty ? "live" : "live · \(redirects.count) redirect(s)", style: Theme.secondary),
            ]
        case .server(let answer)?:
            spans += [dot, TextSpan("strata serve (\(answer))", style: Theme.secondary)]
        }
        if document.tree == nil {
            spans += [dot, TextSpan("parse error", style: Theme.error)]
        } else if let mapping = document.mapping {
            if mapping.issueCount > 0 {
                spans += [dot, TextSpan(mapping.counts.text, style: MappedPane.countsStyle(mapping.counts))]
            }
            // Problems in session.json that concern the route's mapping (listed by i, as check prints them).
            if !mapping.diagnostics.isEmpty {
                let style = mapping.diagnostics.contains { $0.severity == .error } ? Theme.error : Theme.warning
                spans += [
                    dot, TextSpan(Counted.text(mapping.diagnostics.count, "configuration problem"), style: style),
                ]
            }
        }
        return Line(spans)
    }

    /// How much the response summary says.
    enum SummaryDetail {
        case full, noOrigin, short
    }

    /// The path of the selection in the focused tree pane.
    static func pathLine(_ state: ExplorerState) -> Line? {
        guard let document = state.response.document, let tree = document.tree, tree.count > 0 else { return nil }
        if state.focus == .mapped, let text = state.mappedPathText {
            return Line(text, style: Theme.key)
        }
        let path = document.memo.path(min(state.parsed.selected, tree.count - 1), in: tree)
        return Line(path.description, style: Theme.key)
    }

    /// `line` cut from the left to `room` columns, starting with `…` when cut.
    static func tail(_ line: Line, room: Int) -> Line {
        let text = line.plainText
        guard DisplayWidth.of(text) > room, room > 1 else { return line }
        var kept: [Character] = []
        var width = 1
        for character in text.reversed() {
            let w = DisplayWidth.of(character)
            if width + w > room { break }
            kept.append(character)
            width += w
        }
        return Line("…" + String(kept.reversed()), style: line.spans.first?.style ?? .plain)
    }

    /// Key hints that fit in `room` columns: the context's own, then run/source, with `? help` always last.
    static func hintLine(_ state: ExplorerState, room: Int) -> Line {
        var hints = KeyMap.hints(state.keyContext)
        if state.editor == nil && state.overlay == nil {
            hints += KeyMap.hints(.global)
        }
        // Help and quit go last, so they are the ones kept when space runs out.
        hints =
            hints.filter { $0.word != "help" && $0.word != "quit" } + hints.filter { $0.word == "help" }
            + hints.filter { $0.word == "quit" }
        if state.keyContext == .request, state.editor == nil,
            let route = state.draft?.route.name, state.edits[route]?.isEmpty == false
        {
            // Unsaved edits: the key that keeps them comes first.
            hints.insert((key: KeyMap.shortLabel(.ctrl("s")), word: "save"), at: 0)
        }
        if state.run != nil, state.editor == nil, state.overlay == nil {
            hints.insert((key: "Esc", word: "cancel"), at: 0)
        }
        func render(_ list: [(key: String, word: String)]) -> Line {
            var spans: [TextSpan] = []
            for (k, hint) in list.enumerated() {
                if k > 0 { spans.append(TextSpan("  ")) }
                spans.append(TextSpan(hint.key, style: Theme.hintKey))
                spans.append(TextSpan(" " + hint.word, style: Theme.secondary))
            }
            return Line(spans)
        }
        // Drop hints from the middle (keeping help and quit) until the rest fits.
        while hints.count > 1 && render(hints).width > room {
            let kept: Set<String> = ["help", "quit", "accept", "cancel", "close"]
            let removable = hints.lastIndex { !kept.contains($0.word) }
            guard let index = removable else { break }
            hints.remove(at: index)
        }
        let line = render(hints)
        return line.width <= room
            ? line : Line([TextSpan("?", style: Theme.hintKey), TextSpan(" help", style: Theme.secondary)])
    }

    /// `1.2 s`, `850 ms`.
    static func seconds(_ d: Duration) -> String {
        let ms = Int(d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)
        if ms < 1000 { return "\(ms) ms" }
        return "\(ms / 1000).\((ms % 1000) / 100) s"
    }
}
