/// How untrusted text becomes harmless, visible cells: no byte from a response reaches the terminal raw.
///
/// The scheme, applied by every ``Buffer`` write and by ``DisplayWidth``:
/// - C0 controls U+0000–U+001F (except tab) show as their Unicode *Control Picture* (U+2400 + code), one column
///   each: ESC → `␛`, BEL → `␇`, LF → `␊`, CR → `␍`, NUL → `␀`.
/// - DEL U+007F shows as `␡`.
/// - C1 controls U+0080–U+009F show as their code in angle brackets, like `less` does: U+009B → `<9B>`.
/// - Tab shows as ``tabWidth`` spaces (a fixed width, so measuring never depends on the column).
/// - Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) and the bidi marks
///   (U+200E, U+200F, U+061C) are dropped from display so they cannot reorder what the terminal shows.
///
/// So `"\u{1B}[2J"` is drawn as the four visible characters `␛[2J` and never clears the screen.
public enum VisibleText {
    /// Spaces a tab turns into.
    public static let tabWidth = 4

    /// The visible replacement for `scalar`, or nil when the scalar is shown as itself.
    ///
    /// An empty string means the scalar is dropped from display (bidi controls).
    public static func escape(for scalar: Unicode.Scalar) -> String? {
        let v = scalar.value
        switch v {
        case 0x09:
            return String(repeating: " ", count: tabWidth)
        case 0x00..<0x20:
            return String(Character(Unicode.Scalar(0x2400 + v)!))
        case 0x7F:
            return "\u{2421}"
        case 0x80..<0xA0:
            return "<" + hex(v, width: 2) + ">"
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069:
            return ""
        default:
            return nil
        }
    }

    /// `value` in upper-case hex digits, zero-padded to `width`.
    public static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Whether `text` contains anything ``escape(for:)`` would replace.
    public static func needsEscaping(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains { escape(for: $0) != nil }
    }

    /// `text` with every control character replaced by its visible escape (a plain string, for logs and tests).
    public static func sanitized(_ text: some StringProtocol) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if let escape = escape(for: scalar) {
                result += escape
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Splits `text` into display cells: each call of `body` gets one cell's symbol and its width (0, 1 or 2).
    ///
    /// A width of 0 means "attach to the previous cell" (a zero-width cluster such as a lone combining mark or zero
    /// width space). Control characters arrive already escaped, one cell per visible character. Return false from
    /// `body` to stop early, which keeps long lines cheap when only a screenful is shown.
    public static func forEachCell(in text: some StringProtocol, _ body: (String, Int) -> Bool) {
        for character in text {
            let scalars = character.unicodeScalars
            let first = scalars.first!
            if first.value >= 0x20 && first.value < 0x7F && character.utf8.count == 1 {
                if !body(String(character), 1) { return }
                continue
            }
            if scalars.contains(where: { escape(for: $0) != nil }) {
                // Controls are their own clusters (or CR LF): emit each scalar, escaped.
                for scalar in scalars {
                    if let escape = escape(for: scalar) {
                        for visible in escape where !body(String(visible), 1) { return }
                    } else {
                        let symbol = String(Character(scalar))
                        if !body(symbol, DisplayWidth.of(scalar)) { return }
                    }
                }
                continue
            }
            if scalars.count > 1 && !DisplayWidth.isEmojiCluster(scalars) {
                // A text cluster with several spacing characters (a conjunct): one cell per spacing character, as
                // terminals lay it out; zero-width scalars stay with the one before them.
                var symbol = ""
                var columns = 0
                for scalar in scalars {
                    let width = DisplayWidth.of(scalar)
                    if width > 0 && !symbol.isEmpty {
                        if !body(symbol, columns) { return }
                        symbol = ""
                        columns = 0
                    }
                    symbol.unicodeScalars.append(scalar)
                    columns += width
                }
                if !body(symbol, columns) { return }
                continue
            }
            if !body(String(character), DisplayWidth.of(character)) { return }
        }
    }
}

extension VisibleText {
    /// Whether a UTF-8 byte can start a scalar that ``escape(for:)`` replaces: C0 controls and DEL, and the lead
    /// bytes of C1 controls (0xC2), U+061C (0xD8) and the bidi marks and controls (0xE2).
    ///
    /// A fast filter for writers of large outputs: text with none of these bytes is shown as itself. A test checks
    /// it against ``escape(for:)`` for every scalar.
    @inline(__always)
    public static func mayStartEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    /// The index of the first byte of `bytes` that ``mayStartEscape(_:)`` flags, leaving out line feeds, and tabs
    /// too when `keepingTabs`; nil when there is none (the common case).
    ///
    /// Sixteen bytes at a time: a vector of printable ASCII (no byte below 0x20, none at 0x7F or above) is passed in
    /// a few vector instructions, so a writer of a large output pays a fraction of an instruction a byte to learn
    /// that it has nothing to escape; other vectors are looked at byte by byte.
    public static func firstEscapeCandidate(in bytes: UnsafeBufferPointer<UInt8>, keepingTabs: Bool) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        func flagged(_ b: UInt8) -> Bool {
            mayStartEscape(b) && b != 0x0A && !(keepingTabs && b == 0x09)
        }
        var i = 0
        // Sixteen bytes at a time: a vector with no byte below 0x20 (but kept ones), none at 0x7F and none at 0x80
        // or above is passed in a few vector instructions.
        let newline = SIMD16<UInt8>(repeating: 0x0A)
        let tab = SIMD16<UInt8>(repeating: keepingTabs ? 0x09 : 0x0A)
        let space = SIMD16<UInt8>(repeating: 0x20)
        let del = SIMD16<UInt8>(repeating: 0x7F)
        while i + 16 <= n {
            let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
            let control = (v .< space) .& (v .!= newline) .& (v .!= tab)
            if any(control .| (v .>= del)) {
                for k in i..<(i + 16) where flagged(base[k]) { return k }
            }
            i += 16
        }
        while i < n {
            if flagged(base[i]) { return i }
            i += 1
        }
        return nil
    }
}
