extension Buffer {
    /// The screen as a standalone SVG image: monospace text in colour on a dark background, for a browser.
    ///
    /// One `<rect>` per run of a background colour, one `<text>` per run of cells in the same style (wide
    /// characters get their own element so they line up with the grid). Reverse video swaps the colours, bold
    /// and italic map to the font, dim to opacity, underline to text-decoration. Text is XML-escaped.
    public func svg(fontSize: Double = 14) -> String {
        let cellWidth = fontSize * 0.6
        let cellHeight = fontSize * 1.25
        let defaultForeground = "#d4d4d4"
        let defaultBackground = "#1e1e1e"
        func number(_ value: Double) -> String {
            let rounded = (value * 100).rounded() / 100
            if rounded == rounded.rounded() { return String(Int(rounded)) }
            return String(rounded)
        }
        func colors(_ style: Style) -> (foreground: String, background: String) {
            var fg = style.foreground.paletteIndex.map { Color.hex($0) } ?? defaultForeground
            var bg = style.background.paletteIndex.map { Color.hex($0) } ?? defaultBackground
            if style.modifiers.contains(.reverse) { swap(&fg, &bg) }
            return (fg, bg)
        }
        let totalWidth = Double(width) * cellWidth
        let totalHeight = Double(height) * cellHeight
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(totalWidth))" height="\(number(totalHeight))" \
            viewBox="0 0 \(number(totalWidth)) \(number(totalHeight))" font-family="DejaVu Sans Mono, Menlo, \
            Consolas, monospace" font-size="\(number(fontSize))">

            """
        out += "<rect width=\"100%\" height=\"100%\" fill=\"\(defaultBackground)\"/>\n"
        for y in 0..<height {
            // Background runs.
            var x = 0
            while x < width {
                let background = colors(cells[y * width + x].style).background
                var end = x + 1
                while end < width && colors(cells[y * width + end].style).background == background { end += 1 }
                if background != defaultBackground {
                    out += "<rect x=\"\(number(Double(x) * cellWidth))\" y=\"\(number(Double(y) * cellHeight))\" "
                    out += "width=\"\(number(Double(end - x) * cellWidth))\" height=\"\(number(cellHeight))\" "
                    out += "fill=\"\(background)\"/>\n"
                }
                x = end
            }
            // Text runs of one style; a wide character is a run of its own.
            let baseline = Double(y) * cellHeight + fontSize
            x = 0
            while x < width {
                let cell = cells[y * width + x]
                if cell.isContinuation {
                    x += 1
                    continue
                }
                var end = x + cell.width
                var text = cell.symbol
                if cell.width == 1 {
                    while end < width {
                        let next = cells[y * width + end]
                        guard next.style == cell.style, !next.isContinuation, next.width == 1 else { break }
                        text += next.symbol
                        end += 1
                    }
                }
                if text.contains(where: { $0 != " " }) {
                    let style = cell.style
                    var attributes = "x=\"\(number(Double(x) * cellWidth))\" y=\"\(number(baseline))\""
                    attributes += " fill=\"\(colors(style).foreground)\""
                    attributes +=
                        " textLength=\"\(number(Double(end - x) * cellWidth))\" lengthAdjust=\"spacingAndGlyphs\""
                    if style.modifiers.contains(.bold) { attributes += " font-weight=\"bold\"" }
                    if style.modifiers.contains(.italic) { attributes += " font-style=\"italic\"" }
                    if style.modifiers.contains(.dim) { attributes += " opacity=\"0.6\"" }
                    if style.modifiers.contains(.underline) { attributes += " text-decoration=\"underline\"" }
                    out += "<text \(attributes) xml:space=\"preserve\">\(Buffer.xmlEscaped(text))</text>\n"
                }
                x = end
            }
        }
        out += "</svg>\n"
        return out
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` escaped for XML, and characters XML 1.0 forbids replaced by U+FFFD.
    static func xmlEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = scalar.value
                let allowed =
                    v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v)
                    || v >= 0x10000
                if allowed { out.unicodeScalars.append(scalar) } else { out += "\u{FFFD}" }
            }
        }
        return out
    }
}
