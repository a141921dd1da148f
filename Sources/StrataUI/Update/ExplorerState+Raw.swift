import Strata

extension ExplorerState {
    /// The Raw pane's lines, when a document is shown.
    package var rawContent: RawContent? {
        response.document.map { RawContent(document: $0, showHeaders: raw.showHeaders) }
    }

    /// Commands of the Raw pane.
    mutating func rawCommand(_ command: Command) -> [Effect] {
        if command == .search || command == .searchNext || command == .searchPrevious {
            return searchCommand(command, in: .raw)
        }
        guard let content = rawContent else { return [] }
        let height = rawHeight
        switch command {
        case .up: scrollRaw(by: -1, content)
        case .down: scrollRaw(by: 1, content)
        case .pageUp: scrollRaw(by: -max(height - 1, 1), content)
        case .pageDown: scrollRaw(by: max(height - 1, 1), content)
        case .top:
            raw.topLine = 0
            raw.topSegment = 0
        case .bottom:
            raw.topLine = max(content.count - 1, 0)
            raw.topSegment = raw.wrap ? content.segmentCount(of: raw.topLine, width: rawTextWidth(content)) - 1 : 0
            scrollRaw(by: -(height - 1), content)
        case .left:
            if raw.wrap {
                notice = Notice("lines wrap: press w to scroll them sideways instead")
            } else {
                raw.column = max(raw.column - 8, 0)
            }
        case .right:
            if raw.wrap {
                notice = Notice("lines wrap: press w to scroll them sideways instead")
            } else {
                raw.column += 8
            }
        case .toggleWrap:
            raw.wrap.toggle()
            raw.topSegment = 0
            raw.column = 0
        case .toggleHeaders:
            let before = content.headerLines.count
            raw.showHeaders.toggle()
            let after = rawContent?.headerLines.count ?? 0
            // Keep the same body line at the top; showing headers scrolls up to them.
            raw.topLine = raw.showHeaders ? 0 : max(raw.topLine - before + after, 0)
            raw.topSegment = 0
        default: break
        }
        clampRaw()
        return []
    }

    /// Columns of text per row in the Raw pane (its width less the line numbers).
    func rawTextWidth(_ content: RawContent) -> Int { content.textWidth(rawInnerWidth) }

    /// Scrolls the Raw pane by `rows` screen rows (wrapped rows when wrapping).
    mutating func scrollRaw(by rows: Int, _ content: RawContent) {
        guard content.count > 0 else { return }
        guard raw.wrap else {
            raw.topLine = min(max(raw.topLine + rows, 0), content.count - 1)
            return
        }
        let width = rawTextWidth(content)
        var line = min(raw.topLine, content.count - 1)
        var segment = raw.topSegment
        if rows > 0 {
            for _ in 0..<rows {
                if segment + 1 < content.segmentCount(of: line, width: width) {
                    segment += 1
                } else if line + 1 < content.count {
                    line += 1
                    segment = 0
                } else {
                    break
                }
            }
        } else {
            for _ in 0..<(-rows) {
                if segment > 0 {
                    segment -= 1
                } else if line > 0 {
                    line -= 1
                    segment = content.segmentCount(of: line, width: width) - 1
                } else {
                    break
                }
            }
        }
        raw.topLine = line
        raw.topSegment = segment
    }

    /// Keeps the Raw scroll inside the content.
    mutating func clampRaw() {
        guard let content = rawContent else { return }
        raw.topLine = min(max(raw.topLine, 0), max(content.count - 1, 0))
        if raw.wrap {
            let count = content.segmentCount(of: raw.topLine, width: rawTextWidth(content))
            raw.topSegment = min(max(raw.topSegment, 0), max(count - 1, 0))
        } else {
            raw.topSegment = 0
        }
    }

    /// Scrolls the Raw pane so body byte `offset` shows, a third of the way down when it has to move.
    mutating func scrollRaw(toByte offset: Int) {
        guard let content = rawContent, content.count > 0 else { return }
        let height = rawHeight
        let line = content.line(containing: offset)
        let width = rawTextWidth(content)
        let segment = raw.wrap ? content.segmentIndex(containing: offset, of: line, width: width) : 0
        if isRawRowVisible(line: line, segment: segment, content: content, height: height) {
            if !raw.wrap { keepRawColumnVisible(offset: offset, line: line, content: content, width: width) }
            return
        }
        raw.topLine = line
        raw.topSegment = segment
        scrollRaw(by: -(height / 3), content)
        if !raw.wrap { keepRawColumnVisible(offset: offset, line: line, content: content, width: width) }
    }

    /// Whether wrapped row `segment` of `line` is on screen.
    func isRawRowVisible(line: Int, segment: Int, content: RawContent, height: Int) -> Bool {
        if line < raw.topLine || (line == raw.topLine && segment < raw.topSegment) { return false }
        guard raw.wrap else { return line < raw.topLine + height }
        let width = rawTextWidth(content)
        var l = raw.topLine
        var s = raw.topSegment
        for _ in 0..<height {
            if l == line && s == segment { return true }
            if l > line { return false }
            if s + 1 < content.segmentCount(of: l, width: width) {
                s += 1
            } else {
                l += 1
                s = 0
            }
        }
        return false
    }

    /// With wrapping off, scrolls sideways so the byte at `offset` is within the pane.
    mutating func keepRawColumnVisible(offset: Int, line: Int, content: RawContent, width: Int) {
        let (buffer, range) = content.bytes(of: line)
        let start = min(max(offset, range.lowerBound), range.upperBound)
        var column = 0
        if range.count > RawContent.longLine {
            column = start - range.lowerBound
        } else {
            var k = range.lowerBound
            while k < start {
                let (scalar, length) = RawContent.decode(buffer, at: k, end: range.upperBound)
                column += RawContent.columns(of: scalar)
                k += length
            }
        }
        if column < raw.column || column >= raw.column + width {
            raw.column = max(column - width / 4, 0)
        }
    }
}
