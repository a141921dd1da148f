import CNcursesw
import TermGrid

extension NcursesBackend {
    /// The ncurses colour number for `color` in the current mode (-1: the terminal default).
    func colorNumber(_ color: Color, isForeground: Bool) -> Int32 {
        let index: Int?
        switch colorMode {
        case .monochrome: return -1
        case .basic: index = color.nearestBasic.paletteIndex
        case .indexed256: index = color.paletteIndex
        }
        if let index { return Int32(index) }
        if defaultColorsAvailable { return -1 }
        return isForeground ? 7 : 0  // without default-colour support: white on black
    }

    /// The colour pair for a foreground/background combination, created on first use and cached.
    ///
    /// Pair 0 is the terminal default. When the terminal runs out of pairs, further combinations fall back to it.
    func pair(foreground: Color, background: Color) -> Int32 {
        guard colorMode != .monochrome else { return 0 }
        let fg = colorNumber(foreground, isForeground: true)
        let bg = colorNumber(background, isForeground: false)
        if fg == -1 && bg == -1 { return 0 }
        return cachedPair(foreground: fg, background: bg)
    }

    private func cachedPair(foreground: Int32, background: Int32) -> Int32 {
        let key = PairKey(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        guard nextPair < strata_color_pairs(), init_extended_pair(nextPair, foreground, background) == OK else {
            return 0
        }
        pairs[key] = nextPair
        nextPair += 1
        return nextPair - 1
    }
}
