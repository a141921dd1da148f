/// One terminal cell: a grapheme cluster and its style.
///
/// A wide character (CJK, emoji) occupies two cells: the first holds the cluster, the second is a *continuation*
/// cell whose symbol is empty. Backends draw the first and skip the continuation. A cell's symbol never contains a
/// control character: ``Buffer`` writes turn those into visible escapes (see ``VisibleText``).
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster shown in this cell; empty for the right half of a wide character.
    public var symbol: String
    /// Colours and modifiers.
    public var style: Style

    /// Creates a cell. The symbol is taken as is: use ``Buffer/setString(_:x:y:style:maxWidth:)`` for untrusted text.
    public init(_ symbol: String = " ", style: Style = .plain) {
        self.symbol = symbol
        self.style = style
    }

    /// A space in the default style.
    public static let blank = Cell()

    /// The right half of a wide character drawn in `style`.
    public static func continuation(style: Style) -> Cell { Cell("", style: style) }

    /// Whether this is the right half of a wide character.
    public var isContinuation: Bool { symbol.isEmpty }

    /// Columns this cell's symbol takes on screen: 1 or 2 (0 for a continuation cell).
    public var width: Int {
        guard let first = symbol.first else { return 0 }
        return max(DisplayWidth.of(first), 1)
    }
}
