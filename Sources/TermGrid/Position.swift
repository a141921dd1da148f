/// A cell coordinate: column `x` and row `y`, both 0-based from the top-left corner.
public struct Position: Hashable, Sendable, CustomStringConvertible {
    /// Column, 0-based.
    public var x: Int
    /// Row, 0-based.
    public var y: Int

    /// Creates a position.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A size in cells: `width` columns by `height` rows.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size; negative values become 0.
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// `WxH`, as in `80x24`.
    public var description: String { "\(width)x\(height)" }
}
