/// The direction a rectangle is split in.
public enum Axis: Hashable, Sendable {
    /// Side by side: the pieces share the height and divide the width.
    case horizontal
    /// Stacked: the pieces share the width and divide the height.
    case vertical
}

/// How much of a split one piece gets.
public enum Constraint: Hashable, Sendable {
    /// Exactly this many cells (less when there is not enough room).
    case fixed(Int)
    /// This percentage of the space left after spacing.
    case percent(Int)
    /// A share of what the fixed and percent pieces leave, proportional to the weight (1 if unsure).
    case fill(Int)

    /// A fill piece of weight 1.
    public static let fill = Constraint.fill(1)
}

extension Rect {
    /// Splits the rectangle along `axis` into one piece per constraint, `spacing` cells apart.
    ///
    /// Fixed and percent pieces are sized first (percentages round down); fill pieces share the rest by weight.
    /// When there is no fill piece, rounding leftovers go to the last percent piece. When the fixed and percent
    /// pieces do not fit, the later pieces shrink first. The pieces always lie inside the rectangle, in order.
    public func split(_ axis: Axis, _ constraints: [Constraint], spacing: Int = 0) -> [Rect] {
        guard !constraints.isEmpty else { return [] }
        let length = axis == .horizontal ? width : height
        let gaps = max(spacing, 0) * (constraints.count - 1)
        let available = max(length - gaps, 0)
        var sizes = constraints.map { constraint -> Int in
            switch constraint {
            case .fixed(let n): return max(n, 0)
            case .percent(let p): return available * min(max(p, 0), 100) / 100
            case .fill: return 0
            }
        }
        var overflow = sizes.reduce(0, +) - available
        var index = sizes.count - 1
        while overflow > 0 && index >= 0 {
            let cut = min(sizes[index], overflow)
            sizes[index] -= cut
            overflow -= cut
            index -= 1
        }
        var remaining = available - sizes.reduce(0, +)
        let weights = constraints.map { constraint -> Int in
            if case .fill(let w) = constraint { return max(w, 1) }
            return 0
        }
        let totalWeight = weights.reduce(0, +)
        if totalWeight > 0 {
            var given = 0
            for i in sizes.indices where weights[i] > 0 {
                let share = remaining * weights[i] / totalWeight
                sizes[i] += share
                given += share
            }
            // Rounding leftovers go to the fill pieces from the first one on.
            var left = remaining - given
            for i in sizes.indices where weights[i] > 0 && left > 0 {
                sizes[i] += 1
                left -= 1
            }
            remaining = 0
        } else if remaining > 0,
            let last = constraints.lastIndex(where: { if case .percent = $0 { true } else { false } })
        {
            sizes[last] += remaining
        }
        var rects: [Rect] = []
        var offset = axis == .horizontal ? x : y
        for size in sizes {
            switch axis {
            case .horizontal: rects.append(Rect(x: offset, y: y, width: size, height: height))
            case .vertical: rects.append(Rect(x: x, y: offset, width: width, height: size))
            }
            offset += size + max(spacing, 0)
        }
        return rects
    }

    /// A rectangle of at most `width`×`height` centred in this one (for popups).
    public func centered(width: Int, height: Int) -> Rect {
        let w = min(max(width, 0), self.width)
        let h = min(max(height, 0), self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }

    /// A rectangle taking the given percentages of this one, centred.
    public func centered(percentWidth: Int, percentHeight: Int) -> Rect {
        centered(
            width: width * min(max(percentWidth, 0), 100) / 100,
            height: height * min(max(percentHeight, 0), 100) / 100)
    }
}
