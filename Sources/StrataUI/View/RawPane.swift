import Strata
import TermGrid

/// The raw response: line numbers, JSON/XML colours, wrapped or scrolled sideways, the selected node's bytes
/// highlighted. Only the lines on screen are read.
package enum RawPane {
    package static func render(_ state: ExplorerState, in area: Rect, into buffer: inout Buffer) {
        let focused = state.focus == .raw && state.overlay == nil
        guard let content = state.rawContent else {
            let block = ExplorerView.block(Line("Raw", style: Theme.title), focused: focused)
            buffer.render(block, in: area)
            ExplorerView.emptyState(emptyMessage(state), in: block.inner(area), into: &buffer)
            return
        }
        let document = content.document
        var right: [TextSpan] = []
        if let search = state.search, search.pane == .raw {
            right = ParsedPane.searchTitle(search).spans + [TextSpan(" ")]
        }
        if state.raw.wrap { right.append(TextSpan("wrap", style: Theme.secondary)) }
        if state.raw.showHeaders {
            right.append(TextSpan((state.raw.wrap ? " " : "") + "headers", style: Theme.secondary))
        }
        let title = Line([
            TextSpan("Raw", style: Theme.title),
            TextSpan(
                " " + byteCount(document.body.count) + (document.isBinary ? " binary" : ""), style: Theme.secondary),
        ])
        let block = ExplorerView.block(title, right: right.isEmpty ? nil : Line(right), focused: focused)
        buffer.render(block, in: area)
        let inner = block.inner(area)
        guard !inner.isEmpty else { return }
        if document.body.isEmpty && content.headerLines.isEmpty {
            ExplorerView.emptyState(
                [Line("The body is empty."), Line("H shows the status line and headers.", style: Theme.secondary)],
                in: inner, into: &buffer)
            return
        }
        let gutter = content.gutterWidth
        let width = content.textWidth(inner.width)
        let language = RawSyntax.Language(format: document.tree?.format ?? Tree.Format(name: document.outcome.parser))
        let highlights = highlightRanges(state, document)
        var line = state.raw.topLine
        var segment = state.raw.topSegment
        var tokenCache: (line: Int, tokens: [(Range<Int>, RawSyntax.Token)])? = nil
        for row in 0..<inner.height {
            guard line < content.count else { break }
            let y = inner.y + row
            let (bytes, lineRange) = content.bytes(of: line)
            let kind = content.kind(of: line)
            if segment == 0 || !state.raw.wrap, kind != .header {
                let number = String(line - content.headerLines.count + 1)
                let label = String(repeating: " ", count: max(gutter - 1 - number.count, 0)) + number
                buffer.setString(label, x: inner.x, y: y, style: Theme.secondary)
            }
            let long = lineRange.count > RawContent.longLine
            let range: Range<Int>
            if state.raw.wrap {
                range = content.segment(segment, of: line, width: width)
            } else if long {
                let start = RawContent.characterStart(
                    bytes, min(lineRange.lowerBound + state.raw.column, lineRange.upperBound),
                    floor: lineRange.lowerBound)
                range = start..<min(start + width * 4, lineRange.upperBound)
            } else {
                range = lineRange
            }
            let tokens: [(Range<Int>, RawSyntax.Token)]
            switch kind {
            case .header: tokens = headerTokens(bytes, lineRange, first: line == 0)
            case .hex: tokens = [(lineRange, .plain)]
            case .body:
                if long {
                    tokens = RawSyntax.tokens(bytes, range, language: language)
                } else if let cached = tokenCache, cached.line == line {
                    tokens = cached.tokens
                } else {
                    tokens = RawSyntax.tokens(bytes, lineRange, language: language)
                    tokenCache = (line, tokens)
                }
            }
            var lineHighlights: [(Range<Int>, Style)] = []
            switch kind {
            case .header: break
            case .body: lineHighlights = highlights
            case .hex:
                let offset = content.bodyOffset(of: line) ?? 0
                let row = offset..<(offset + 16)
                for (r, style) in highlights where r.overlaps(row) { lineHighlights.append((lineRange, style)) }
            }
            let text = RawSyntax.line(bytes, range, tokens: tokens, highlights: lineHighlights)
            let skip = state.raw.wrap || long ? 0 : state.raw.column
            buffer.setLine(text, x: inner.x + gutter, y: y, width: width, skip: skip)
            if state.raw.wrap {
                if segment + 1 < content.segmentCount(of: line, width: width) {
                    segment += 1
                } else {
                    line += 1
                    segment = 0
                }
            } else {
                line += 1
            }
        }
    }

    /// The byte ranges to highlight: the selected node's span, then the search match.
    static func highlightRanges(_ state: ExplorerState, _ document: ResponseDocument) -> [(Range<Int>, Style)] {
        var out: [(Range<Int>, Style)] = []
        if let tree = document.tree, tree.count > 0 {
            let node = min(state.parsed.selected, tree.count - 1)
            var span = document.memo.span(node, in: tree)
            if let key = tree.keySpan(node) { span = min(key.lowerBound, span.lowerBound)..<span.upperBound }
            if !span.isEmpty { out.append((span, Theme.spanHighlight)) }
        }
        if let match = state.search?.match { out.append((match, Theme.searchMatch)) }
        return out
    }

    /// `HTTP 200 OK` in the status colour; `Name: value` with the name as a key.
    static func headerTokens(_ b: [UInt8], _ range: Range<Int>, first: Bool) -> [(Range<Int>, RawSyntax.Token)] {
        if first { return [(range, .number)] }
        guard let colon = b[range].firstIndex(of: UInt8(ascii: ":")) else { return [(range, .plain)] }
        return [(range.lowerBound..<colon, .key), (colon..<range.upperBound, .plain)]
    }

    /// What the Raw pane says before there is a response.
    static func emptyMessage(_ state: ExplorerState) -> [Line] {
        if let run = state.run {
            return [Line("Waiting for \(run.summary)…"), Line("Esc cancels", style: Theme.secondary)]
        }
        guard let route = state.route else {
            return [Line("No response yet."), Line("Select a route, then press r.", style: Theme.secondary)]
        }
        return [
            Line("No response yet."),
            Line("Press r to run \(route.name) (\(state.source.rawValue) data).", style: Theme.secondary),
        ]
    }

    /// `512 B`, `1.2 KB`, `100.0 MB` (decimal units; see ``ByteCount``).
    static func byteCount(_ n: Int) -> String { ByteCount.text(n) }
}
