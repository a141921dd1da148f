import CNcursesw
import TermGrid

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension NcursesBackend {
    /// Draws one cell with `mvadd_wch`, keeping the grid aligned where the C library measures differently.
    ///
    /// - A cluster is passed as its base character plus the zero-width characters that follow it, at most 4
    ///   (ncurses holds 5 per cell); a ZWJ sequence is shown as its first emoji.
    /// - A flag (two regional indicators) is drawn as its two indicators in two cells; terminals join them.
    /// - When the C library measures the base narrower than TermGrid (an emoji made wide by U+FE0F), the base is
    ///   drawn alone and followed by a space, so the next column never keeps stale content.
    /// - Characters the C library cannot print show as U+FFFD, padded to the cell width.
    /// - A control character can only get here through a hand-made ``Cell``; it is drawn as its visible escape.
    func drawCell(_ cell: Cell, x: Int, y: Int, screenWidth: Int) {
        let width = cell.width
        let scalars = Array(cell.symbol.unicodeScalars)
        guard let first = scalars.first else { return }
        let attributes = self.attributes(for: cell.style)
        if scalars.contains(where: { VisibleText.escape(for: $0) != nil }) {
            let visible = VisibleText.sanitized(cell.symbol).unicodeScalars.first ?? " "
            put([visible], attributes: attributes, x: x, y: y)
            return
        }
        if scalars.count == 2, (0x1F1E6...0x1F1FF).contains(first.value), (0x1F1E6...0x1F1FF).contains(scalars[1].value)
        {
            put([first], attributes: attributes, x: x, y: y)
            if x + 1 < screenWidth { put([scalars[1]], attributes: attributes, x: x + 1, y: y) }
            return
        }
        let libraryWidth = Int(strata_wcwidth(first.value))
        if libraryWidth <= 0 && first.value >= 0x20 {
            put(["\u{FFFD}"], attributes: attributes, x: x, y: y)
            if width == 2 && x + 1 < screenWidth { put([" "], attributes: attributes, x: x + 1, y: y) }
            return
        }
        if libraryWidth > width {
            put(["\u{FFFD}"], attributes: attributes, x: x, y: y)  // would push the rest of the row right
            return
        }
        var characters = [first]
        if libraryWidth == width {
            for scalar in scalars.dropFirst() {
                guard characters.count < 4, scalar.value != 0x200D, strata_wcwidth(scalar.value) == 0
                else { break }
                characters.append(scalar)
            }
        }
        put(characters, attributes: attributes, x: x, y: y)
        if libraryWidth < width && x + 1 < screenWidth { put([" "], attributes: attributes, x: x + 1, y: y) }
    }

    /// `mvadd_wch` of a cell made of `characters`.
    private func put(_ characters: [Unicode.Scalar], attributes: (attr_t, Int32), x: Int, y: Int) {
        var text = characters.map { wchar_t(bitPattern: $0.value) }
        text.append(0)
        var value = cchar_t()
        _ = text.withUnsafeBufferPointer { strata_setcchar(&value, $0.baseAddress, attributes.0, attributes.1) }
        _ = mvwadd_wch(strata_stdscr(), Int32(y), Int32(x), &value)
    }

    /// The ncurses attributes and colour pair for a style, allocating the pair on first use.
    func attributes(for style: Style) -> (attr_t, Int32) {
        var attributes = strata_a_normal()
        let m = style.modifiers
        if m.contains(.bold) { attributes |= strata_a_bold() }
        if m.contains(.dim) { attributes |= strata_a_dim() }
        if m.contains(.italic) { attributes |= strata_a_italic() }
        if m.contains(.underline) { attributes |= strata_a_underline() }
        if m.contains(.reverse) { attributes |= strata_a_reverse() }
        return (attributes, pair(foreground: style.foreground, background: style.background))
    }
}
