import Testing

@testable import TermGrid

@Suite struct LayoutTests {
    let area = Rect(x: 0, y: 0, width: 100, height: 30)

    @Test("fixed pieces get their size and fill takes the rest")
    func fixedAndFill() {
        let parts = area.split(.vertical, [.fixed(1), .fill, .fixed(1)])
        #expect(
            parts == [
                Rect(x: 0, y: 0, width: 100, height: 1), Rect(x: 0, y: 1, width: 100, height: 28),
                Rect(x: 0, y: 29, width: 100, height: 1),
            ])
    }

    @Test("percent pieces round down and leftovers go to the last percent piece")
    func percent() {
        let parts = Rect(x: 5, y: 0, width: 11, height: 3).split(.horizontal, [.percent(50), .percent(50)])
        #expect(parts.map(\.width) == [5, 6])
        #expect(parts.map(\.x) == [5, 10])
    }

    @Test("fill pieces share by weight and spacing leaves gaps")
    func weightsAndSpacing() {
        let parts = area.split(.horizontal, [.fill(1), .fill(2)], spacing: 1)
        #expect(parts.map(\.width) == [33, 66])
        #expect(parts.map(\.x) == [0, 34])
        let uneven = Rect(x: 0, y: 0, width: 10, height: 1).split(.horizontal, [.fill, .fill, .fill])
        #expect(uneven.map(\.width) == [4, 3, 3])
    }

    @Test("pieces that do not fit shrink from the end and never leave the area")
    func overflow() {
        let parts = Rect(x: 0, y: 0, width: 10, height: 1).split(.horizontal, [.fixed(6), .fixed(6), .fill])
        #expect(parts.map(\.width) == [6, 4, 0])
        #expect(parts.allSatisfy { $0.right <= 10 })
        #expect(Rect.zero.split(.vertical, [.fixed(3), .percent(50)]).map(\.height) == [0, 0])
        #expect(area.split(.vertical, []).isEmpty)
    }

    @Test("margins inset a rectangle and centring places a popup")
    func marginsAndCentre() {
        #expect(area.inset(Margin(horizontal: 2, vertical: 1)) == Rect(x: 2, y: 1, width: 96, height: 28))
        #expect(Rect(x: 0, y: 0, width: 3, height: 3).inset(by: 5).isEmpty)
        #expect(area.centered(width: 40, height: 10) == Rect(x: 30, y: 10, width: 40, height: 10))
        #expect(area.centered(width: 400, height: 10).width == 100)
        #expect(area.centered(percentWidth: 50, percentHeight: 50) == Rect(x: 25, y: 7, width: 50, height: 15))
    }

    @Test("intersection and containment")
    func intersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
        #expect(a.contains(Position(x: 9, y: 9)))
        #expect(!a.contains(Position(x: 10, y: 0)))
    }
}
