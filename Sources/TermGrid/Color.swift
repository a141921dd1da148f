/// A terminal colour: the terminal's default, one of the 8 basic colours, or an index into the 256-colour palette.
///
/// `.default` means "whatever the terminal uses" (its own foreground or background). The 8 basic colours are the
/// first 8 palette entries; `.indexed(8...15)` are their bright variants, `16...231` a 6×6×6 colour cube and
/// `232...255` a grey ramp (the xterm palette, see ``rgb``).
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background colour.
    case `default`
    /// Palette entry 0.
    case black
    /// Palette entry 1.
    case red
    /// Palette entry 2.
    case green
    /// Palette entry 3.
    case yellow
    /// Palette entry 4.
    case blue
    /// Palette entry 5.
    case magenta
    /// Palette entry 6.
    case cyan
    /// Palette entry 7.
    case white
    /// Any entry of the 256-colour palette.
    case indexed(UInt8)

    /// Bright black (palette entry 8), a dark grey on most terminals.
    public static let brightBlack = Color.indexed(8)
    /// Bright red (palette entry 9).
    public static let brightRed = Color.indexed(9)
    /// Bright green (palette entry 10).
    public static let brightGreen = Color.indexed(10)
    /// Bright yellow (palette entry 11).
    public static let brightYellow = Color.indexed(11)
    /// Bright blue (palette entry 12).
    public static let brightBlue = Color.indexed(12)
    /// Bright magenta (palette entry 13).
    public static let brightMagenta = Color.indexed(13)
    /// Bright cyan (palette entry 14).
    public static let brightCyan = Color.indexed(14)
    /// Bright white (palette entry 15).
    public static let brightWhite = Color.indexed(15)

    /// The 8 basic colours in palette order.
    public static let basic: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]

    /// The palette index (0–255) of this colour, or nil for `.default`.
    public var paletteIndex: Int? {
        switch self {
        case .default: return nil
        case .black: return 0
        case .red: return 1
        case .green: return 2
        case .yellow: return 3
        case .blue: return 4
        case .magenta: return 5
        case .cyan: return 6
        case .white: return 7
        case .indexed(let n): return Int(n)
        }
    }

    /// The same colour in the canonical form: palette entries 0–7 become the named basic colours.
    public var normalized: Color {
        if case .indexed(let n) = self, n < 8 { return Color.basic[Int(n)] }
        return self
    }

    /// The nearest of the 8 basic colours (for 8-colour terminals); `.default` stays `.default`.
    ///
    /// Bright variants (8–15) map to their base colour; cube and grey entries map by their RGB value.
    public var nearestBasic: Color {
        guard let index = paletteIndex else { return .default }
        if index < 8 { return Color.basic[index] }
        if index < 16 { return Color.basic[index - 8] }
        let (r, g, b) = Color.rgb(index)
        var best = 0
        var bestDistance = Int.max
        for candidate in 0..<8 {
            let (cr, cg, cb) = Color.rgb(candidate)
            let distance = (r - cr) * (r - cr) + (g - cg) * (g - cg) + (b - cb) * (b - cb)
            if distance < bestDistance {
                bestDistance = distance
                best = candidate
            }
        }
        return Color.basic[best]
    }
}

extension Color {
    /// The RGB value (0–255 per channel) of palette entry `index` in the xterm 256-colour palette.
    ///
    /// Entries 0–15 use a readable VGA-like palette, 16–231 the 6×6×6 cube, 232–255 the grey ramp. Indices
    /// outside 0–255 are clamped.
    public static func rgb(_ index: Int) -> (red: Int, green: Int, blue: Int) {
        let i = min(max(index, 0), 255)
        if i < 16 { return systemPalette[i] }
        if i < 232 {
            let n = i - 16
            let levels = [0, 95, 135, 175, 215, 255]
            return (levels[n / 36], levels[(n / 6) % 6], levels[n % 6])
        }
        let grey = 8 + (i - 232) * 10
        return (grey, grey, grey)
    }

    /// The RGB value of the 16 system colours, tuned to be readable on a dark background.
    static let systemPalette: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16),
        (36, 114, 200), (188, 63, 188), (17, 168, 205), (229, 229, 229),
        (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67),
        (59, 142, 234), (214, 112, 214), (41, 184, 219), (255, 255, 255),
    ]

    /// `#rrggbb` for palette entry `index`.
    public static func hex(_ index: Int) -> String {
        let (r, g, b) = rgb(index)
        func two(_ v: Int) -> String {
            let digits = Array("0123456789abcdef")
            return String([digits[v / 16], digits[v % 16]])
        }
        return "#" + two(r) + two(g) + two(b)
    }
}
