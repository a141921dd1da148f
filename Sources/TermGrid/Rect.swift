/// A rectangle of cells: the area a widget renders into.
///
/// Width and height are never negative; operations that would make them negative give an empty rectangle.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a rectangle; negative sizes become 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// A rectangle at the origin with the given size.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// `x,y WxH`.
    public var description: String { "\(x),\(y) \(width)x\(height)" }

    /// Whether the rectangle has no cells.
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// The first column.
    public var left: Int { x }
    /// One past the last column.
    public var right: Int { x + width }
    /// The first row.
    public var top: Int { y }
    /// One past the last row.
    public var bottom: Int { y + height }
    /// Width and height.
    public var size: Size { Size(width: width, height: height) }
    /// The number of cells.
    public var area: Int { width * height }

    /// Whether the cell at `position` lies inside.
    public func contains(_ position: Position) -> Bool {
        position.x >= x && position.x < right && position.y >= y && position.y < bottom
    }

    /// The cells both rectangles cover (empty, placed at the clamped corner, when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(self.right, other.right)
        let bottom = min(self.bottom, other.bottom)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The rectangle shrunk by `margin` on each side (empty when the margin is larger than the rectangle).
    public func inset(_ margin: Margin) -> Rect {
        let width = max(self.width - margin.left - margin.right, 0)
        let height = max(self.height - margin.top - margin.bottom, 0)
        return Rect(
            x: x + min(margin.left, self.width), y: y + min(margin.top, self.height), width: width, height: height)
    }

    /// The rectangle shrunk by `amount` cells on every side.
    public func inset(by amount: Int) -> Rect { inset(Margin(amount)) }

    /// One-row rectangles for each row, top to bottom.
    public var rows: [Rect] { (y..<bottom).map { Rect(x: x, y: $0, width: width, height: 1) } }

    /// The row at `offset` from the top (empty when outside).
    public func row(_ offset: Int) -> Rect {
        guard offset >= 0, offset < height else { return Rect(x: x, y: bottom, width: width, height: 0) }
        return Rect(x: x, y: y + offset, width: width, height: 1)
    }
}

/// Space to leave on each side of a rectangle.
public struct Margin: Hashable, Sendable {
    /// Rows above.
    public var top: Int
    /// Columns to the right.
    public var right: Int
    /// Rows below.
    public var bottom: Int
    /// Columns to the left.
    public var left: Int

    /// A margin with each side given.
    public init(top: Int, right: Int, bottom: Int, left: Int) {
        self.top = max(top, 0)
        self.right = max(right, 0)
        self.bottom = max(bottom, 0)
        self.left = max(left, 0)
    }

    /// `horizontal` columns left and right, `vertical` rows above and below.
    public init(horizontal: Int = 0, vertical: Int = 0) {
        self.init(top: vertical, right: horizontal, bottom: vertical, left: horizontal)
    }

    /// The same margin on all four sides.
    public init(_ all: Int) {
        self.init(top: all, right: all, bottom: all, left: all)
    }
}
