/// Display widths of text in terminal columns, from a built-in wcwidth-like table.
///
/// - ASCII and most scripts: 1 column.
/// - East Asian Wide and Fullwidth characters (CJK ideographs, kana, Hangul syllables, fullwidth forms) and emoji
///   with emoji presentation: 2 columns.
/// - Combining marks, format characters (zero-width joiner, variation selectors, zero-width space) and Hangul
///   medial/final jamo: 0 columns — they belong to the preceding character.
/// - A grapheme cluster (a `Character`) takes the width of its base, widened to 2 by an emoji variation selector
///   (U+FE0F) and for a pair of regional indicators (a flag). ZWJ sequences such as 👨‍👩‍👧 count as one emoji: 2.
/// - Control characters measure as the visible escape ``VisibleText`` shows for them (a tab is 4 columns).
///
/// All widths agree with what ``Buffer`` draws, so widgets can measure before writing.
public enum DisplayWidth {
    /// The columns one Unicode scalar takes on its own: 0, 1 or 2 (control characters: their visible escape).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return 1 }
        if let escape = VisibleText.escape(for: scalar) { return escape.count }
        if v == 0x00AD { return 1 }  // soft hyphen: terminals show it
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }  // Hangul medial/final jamo
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1F1E6...0x1F1FF).contains(v) { return 1 }  // a lone regional indicator
        if isWide(v) { return 2 }
        if v >= 0x1F000 && scalar.properties.isEmojiPresentation { return 2 }  // emoji newer than the table
        return 1
    }

    /// The columns one grapheme cluster takes (control characters: their visible escape).
    ///
    /// An emoji cluster (a flag, or an emoji with a presentation selector, skin tone, keycap or ZWJ) takes 2. Any
    /// other cluster takes the sum of its scalars, as terminals measure it: 1 for `e` + accent, 2 for a Devanagari
    /// conjunct such as `क्ष` (which ``Buffer`` then spreads over two cells).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value >= 0x20 && first.value < 0x7F && character.utf8.count == 1 { return 1 }
        var rest = scalars.makeIterator()
        _ = rest.next()
        if rest.next() == nil { return of(first) }
        if isEmojiCluster(scalars) { return 2 }
        return scalars.reduce(0) { $0 + of($1) }
    }

    /// Whether a cluster of several scalars is shown as one emoji, two columns wide: a pair of regional
    /// indicators (a flag), or an emoji followed by a presentation selector, skin tone, keycap mark or ZWJ.
    public static func isEmojiCluster(_ scalars: Character.UnicodeScalarView) -> Bool {
        var iterator = scalars.makeIterator()
        guard let first = iterator.next(), let second = iterator.next() else { return false }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return (0x1F1E6...0x1F1FF).contains(second.value) }
        guard first.properties.isEmoji else { return false }
        if first.properties.isEmojiPresentation { return true }
        return scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.value == 0x200D }
    }

    /// The columns a string takes: the sum of its grapheme clusters (see ``of(_:)-(Character)``).
    public static func of(_ text: some StringProtocol) -> Int {
        let printableASCII =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
            } ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        if printableASCII { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Whether `value` is in the East Asian Wide/Fullwidth table.
    static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let (start, end) = wideRanges[mid]
            if value < start {
                high = mid - 1
            } else if value > end {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
