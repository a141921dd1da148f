extension Buffer {
    /// Row `y` as text: each cell's symbol, continuation cells skipped (empty when `y` is outside).
    public func line(_ y: Int, trimmingTrailingSpaces trim: Bool = false) -> String {
        guard y >= 0, y < height else { return "" }
        var text = ""
        for x in 0..<width { text += cells[y * width + x].symbol }
        if trim {
            while text.last == " " { text.removeLast() }
        }
        return text
    }

    /// All rows as text, top to bottom.
    public func lines(trimmingTrailingSpaces trim: Bool = false) -> [String] {
        (0..<height).map { line($0, trimmingTrailingSpaces: trim) }
    }

    /// The screen as text: rows joined by newlines, trailing spaces kept unless `trimmingTrailingSpaces`.
    public func text(trimmingTrailingSpaces trim: Bool = false) -> String {
        lines(trimmingTrailingSpaces: trim).joined(separator: "\n")
    }

    /// A letter per column showing each cell's style, rows joined by newlines — readable in golden tests.
    ///
    /// `legend` picks the letter for a style; the default is ``styleLetter(_:)``. A wide character's continuation
    /// column repeats its letter, so the mask has exactly `width` letters per row.
    public func styleMask(_ legend: (Style) -> Character = Buffer.styleLetter) -> String {
        var rows: [String] = []
        rows.reserveCapacity(height)
        for y in 0..<height {
            var row = ""
            for x in 0..<width { row.append(legend(cells[y * width + x].style)) }
            rows.append(row)
        }
        return rows.joined(separator: "\n")
    }

    /// The default style-mask letter: the first that applies of `r` reverse, `b` bold, `d` dim, `u` underline,
    /// `i` italic, `c` colour only; `.` for the plain default style.
    public static func styleLetter(_ style: Style) -> Character {
        let m = style.modifiers
        if m.contains(.reverse) { return "r" }
        if m.contains(.bold) { return "b" }
        if m.contains(.dim) { return "d" }
        if m.contains(.underline) { return "u" }
        if m.contains(.italic) { return "i" }
        if style.foreground != .default || style.background != .default { return "c" }
        return "."
    }
}
