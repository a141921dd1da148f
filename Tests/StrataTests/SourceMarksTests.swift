import Testing

@testable import StrataMapping

/// The source marks in a byte a node read back what was written: values near their block's first, far from it,
/// before it, and marks written over values.
@Suite struct SourceMarksTests {
    @Test("every write, and every first value, reads back as a plain array of Int32 would hold it")
    func readsBackLikeAnArray() {
        var generator = SystemRandomNumberGenerator()
        for count in [1, 63, 64, 65, 1023, 1024, 1025, 5000] {
            var marks = SourceMarks(count: count)
            var model = [Int32](repeating: SourceMarks.untouched, count: count)
            var next: Int32 = 0
            for _ in 0..<(count * 3) {
                let node = Int.random(in: 0..<count, using: &generator)
                let value: Int32
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: value = SourceMarks.unmapped
                case 1: value = SourceMarks.passed
                case 2: value = SourceMarks.untouched
                case 3: value = Int32.random(in: 0..<200_000, using: &generator)  // far, or before the block's first
                default:
                    value = next
                    next += Int32.random(in: 1...3, using: &generator)
                }
                if value >= 0, Bool.random(using: &generator) {
                    // As the mapping records a node's value: only its first.
                    marks.setIfUnread(node, value)
                    if model[node] < 0 { model[node] = value }
                } else {
                    marks[node] = value
                    model[node] = value
                }
            }
            #expect(marks.count == count)
            #expect(marks.indices.map { marks[$0] } == model, "\(count) nodes")
        }
    }

    @Test("a value before its block's first or out of its reach is kept aside, and a mark written over it drops it")
    func valuesOutOfReach() {
        var marks = SourceMarks(count: 3000)
        marks[10] = 100_000
        marks[11] = 99_999
        marks[12] = 100_000 + 251
        marks[13] = 100_000 + 252
        marks[2000] = 0
        #expect([marks[10], marks[11], marks[12], marks[13], marks[2000]] == [100_000, 99_999, 100_251, 100_252, 0])
        marks[11] = SourceMarks.passed
        marks[13] = SourceMarks.unmapped
        #expect(marks[11] == SourceMarks.passed)
        #expect(marks[13] == SourceMarks.unmapped)
        #expect(marks[14] == SourceMarks.untouched)
    }
}
