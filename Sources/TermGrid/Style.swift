/// Text attributes a terminal can show: bold, dim, italic, underline and reverse video.
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (or bright) text.
    public static let bold = Modifiers(rawValue: 1 << 0)
    /// Dim (faint) text.
    public static let dim = Modifiers(rawValue: 1 << 1)
    /// Italic text (shown as is where the terminal lacks italics).
    public static let italic = Modifiers(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = Modifiers(rawValue: 1 << 3)
    /// Foreground and background swapped.
    public static let reverse = Modifiers(rawValue: 1 << 4)
}

/// How a cell looks: foreground and background colour plus modifiers.
///
/// Styles combine by *patching*: `base.patched(with: overlay)` takes the overlay's colours where they are not
/// `.default` and the union of both modifier sets. Buffer writes patch the style already in the cell, so text drawn
/// over a coloured background keeps that background.
public struct Style: Hashable, Sendable {
    /// Foreground (text) colour.
    public var foreground: Color
    /// Background colour.
    public var background: Color
    /// Bold, dim, italic, underline, reverse.
    public var modifiers: Modifiers

    /// Creates a style; everything defaults to the terminal's defaults.
    public init(foreground: Color = .default, background: Color = .default, modifiers: Modifiers = []) {
        self.foreground = foreground
        self.background = background
        self.modifiers = modifiers
    }

    /// The terminal's default look: default colours, no modifiers.
    public static let plain = Style()

    /// This style with the overlay's non-default colours and the union of the modifiers.
    public func patched(with overlay: Style) -> Style {
        Style(
            foreground: overlay.foreground == .default ? foreground : overlay.foreground,
            background: overlay.background == .default ? background : overlay.background,
            modifiers: modifiers.union(overlay.modifiers))
    }

    /// This style with another foreground colour.
    public func foreground(_ color: Color) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    /// This style with another background colour.
    public func background(_ color: Color) -> Style {
        var copy = self
        copy.background = color
        return copy
    }

    /// This style with `modifiers` added.
    public func adding(_ modifiers: Modifiers) -> Style {
        var copy = self
        copy.modifiers.formUnion(modifiers)
        return copy
    }

    /// This style with `modifiers` removed.
    public func removing(_ modifiers: Modifiers) -> Style {
        var copy = self
        copy.modifiers.subtract(modifiers)
        return copy
    }

    /// This style made bold.
    public var bold: Style { adding(.bold) }
    /// This style made dim.
    public var dim: Style { adding(.dim) }
    /// This style made italic.
    public var italic: Style { adding(.italic) }
    /// This style underlined.
    public var underline: Style { adding(.underline) }
    /// This style in reverse video.
    public var reverse: Style { adding(.reverse) }
}
