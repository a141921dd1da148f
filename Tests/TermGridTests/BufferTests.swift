import Testing

@testable import TermGrid

@Suite struct BufferTests {
    @Test("setString writes cells and returns the next column")
    func setString() {
        var buffer = Buffer(width: 8, height: 2)
        let end = buffer.setString("abc", x: 2, y: 1, style: Style().bold)
        #expect(end == 5)
        #expect(buffer.lines() == ["        ", "  abc   "])
        #expect(buffer.styleMask() == "........\n..bbb...")
    }

    @Test("writes are clipped at the edges and outside coordinates are ignored")
    func clipping() {
        var buffer = Buffer(width: 5, height: 2)
        buffer.setString("abcdefgh", x: 2, y: 0)
        buffer.setString("xyz", x: -2, y: 1)
        buffer.setString("never", x: 0, y: 7)
        buffer.setString("never", x: 9, y: 0)
        buffer[99, 99] = Cell("!")
        #expect(buffer.lines() == ["  abc", "z    "])
        #expect(buffer[-1, 0] == .blank)
    }

    @Test("maxWidth limits a write")
    func maxWidth() {
        var buffer = Buffer(width: 10, height: 1)
        #expect(buffer.setString("abcdef", x: 1, y: 0, maxWidth: 3) == 4)
        #expect(buffer.text() == " abc      ")
    }

    @Test("a wide character takes two cells; the second is a continuation")
    func wideCharacters() {
        var buffer = Buffer(width: 6, height: 1)
        buffer.setString("a中b", x: 0, y: 0)
        #expect(buffer[1, 0].symbol == "中")
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer.text() == "a中b  ")
        #expect(buffer.text().count == 5)
    }

    @Test("a wide character that does not fit at the edge is left out")
    func wideAtEdge() {
        var buffer = Buffer(width: 3, height: 1)
        #expect(buffer.setString("ab中", x: 0, y: 0) == 2)
        #expect(buffer.text() == "ab ")
    }

    @Test("overwriting half of a wide character blanks the other half")
    func overwriteHalf() {
        var buffer = Buffer(width: 6, height: 1)
        buffer.setString("中文", x: 0, y: 0)
        buffer.setString("x", x: 1, y: 0)
        #expect(buffer.text() == " x文  ")
        buffer.setString("y", x: 2, y: 0)
        #expect(buffer.text() == " xy   ")
        #expect(!buffer.cells.contains { $0.isContinuation })
    }

    @Test("a combining mark stays with its base character in one cell")
    func combining() {
        var buffer = Buffer(width: 3, height: 1)
        buffer.setString("e\u{301}x", x: 0, y: 0)
        #expect(buffer[0, 0].symbol == "e\u{301}")
        #expect(buffer[1, 0].symbol == "x")
    }

    @Test("a conjunct is spread over one cell per spacing character, marks staying with their base")
    func conjunct() {
        var buffer = Buffer(width: 3, height: 1)
        buffer.setString("क्षa", x: 0, y: 0)
        #expect(buffer.cells.map(\.symbol) == ["क्", "ष", "a"])
    }

    @Test("a zero-width character across spans attaches to the previous cell")
    func zeroWidthAcrossSpans() {
        var buffer = Buffer(width: 3, height: 1)
        buffer.setLine(Line([TextSpan("a"), TextSpan("\u{200B}b")]), x: 0, y: 0, width: 3)
        #expect(buffer[0, 0].symbol == "a\u{200B}")
        #expect(buffer[1, 0].symbol == "b")
    }

    @Test("styles patch over what is in the cell")
    func stylePatching() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.fill(buffer.area, with: Cell(" ", style: Style(background: .blue)))
        buffer.setString("ab", x: 0, y: 0, style: Style(foreground: .red))
        #expect(buffer[0, 0].style == Style(foreground: .red, background: .blue))
        #expect(buffer[3, 0].style == Style(background: .blue))
    }

    @Test("setLine ends a line that does not fit with an ellipsis")
    func ellipsis() {
        var buffer = Buffer(width: 8, height: 4)
        buffer.setLine("hello world", x: 0, y: 0, width: 8)
        buffer.setLine("exactly8", x: 0, y: 1, width: 8)
        buffer.setLine("ab中文字", x: 0, y: 2, width: 7)
        buffer.setLine("ab中文字", x: 0, y: 3, width: 6)
        #expect(buffer.lines() == ["hello w…", "exactly8", "ab中文… ", "ab中 …  "])
    }

    @Test("setLine scrolls horizontally and marks hidden text on the left")
    func horizontalScroll() {
        var buffer = Buffer(width: 6, height: 2)
        buffer.setLine("0123456789", x: 0, y: 0, width: 6, skip: 3)
        buffer.setLine("中文字", x: 0, y: 1, width: 6, skip: 1, overflow: .clip)
        #expect(buffer.lines() == ["…4567…", " 文字 "])
    }

    @Test("setLine aligns right and centre")
    func alignment() {
        var buffer = Buffer(width: 7, height: 2)
        buffer.setLine(Line("ab", alignment: .right), x: 0, y: 0, width: 7)
        buffer.setLine(Line("abc", alignment: .center), x: 0, y: 1, width: 7)
        #expect(buffer.lines() == ["     ab", "  abc  "])
    }

    @Test("diff lists only changed cells and skips continuations")
    func diff() {
        var before = Buffer(width: 5, height: 2)
        before.setString("hello", x: 0, y: 0)
        var after = before
        after.setString("J", x: 0, y: 0)
        after.setString("中", x: 1, y: 1)
        let changes = after.diff(from: before)
        #expect(changes.map { "\($0.x),\($0.y),\($0.cell.symbol)" } == ["0,0,J", "1,1,中"])
        #expect(after.diff(from: after).isEmpty)
    }

    @Test("diff against a buffer of another size lists every cell")
    func diffAcrossSizes() {
        let small = Buffer(width: 2, height: 1)
        var big = Buffer(width: 3, height: 2)
        big.setString("中", x: 0, y: 0)
        #expect(big.diff(from: small).count == 5)
    }

    @Test("applying a diff to the old screen gives the new one")
    func diffRoundTrip() {
        var old = Buffer(width: 6, height: 2)
        old.setString("a中b文", x: 0, y: 0)
        old.setString("xyzzy", x: 0, y: 1)
        var new = Buffer(width: 6, height: 2)
        new.setString("中ab c", x: 0, y: 0, style: Style().bold)
        new.setString("x文zy", x: 0, y: 1)
        let backend = MemoryBackend(width: 6, height: 2)
        backend.draw(old.allCells)
        backend.draw(new.diff(from: old))
        #expect(backend.screen == new)
    }

    @Test("text can trim trailing spaces and the style mask has one letter per column")
    func textAndMask() {
        var buffer = Buffer(width: 6, height: 2)
        buffer.setString("ab", x: 0, y: 0, style: Style().reverse)
        buffer.setString("日", x: 1, y: 1, style: Style().dim)
        buffer.setString("x", x: 3, y: 1, style: Style(foreground: .green))
        #expect(buffer.text(trimmingTrailingSpaces: true) == "ab\n 日x")
        #expect(buffer.styleMask() == "rr....\n.ddc..")
    }

    @Test("resize keeps what fits and mends a cut wide character")
    func resize() {
        var buffer = Buffer(width: 4, height: 2)
        buffer.setString("ab中", x: 0, y: 0)
        buffer.resize(width: 3, height: 1)
        #expect(buffer.lines() == ["ab "])
    }

    @Test("init(lines:) makes an expected screen from text")
    func fromLines() {
        let buffer = Buffer(lines: ["ab", "中"])
        #expect(buffer.width == 2)
        #expect(buffer.lines() == ["ab", "中"])
    }
}
