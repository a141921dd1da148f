extension IRegexp {
    /// A pattern compiled to a Thompson NFA: one instruction per state, run by `run(_:)`.
    ///
    /// `scalar` and `set` consume one scalar; `split`, `jump` and the anchors move without consuming; reaching
    /// `match` is a match. Counted repeats are copies of their operand (`a{2,4}` is `aa`, then two nested
    /// optional `a`s), which is why `IRegexp.maxRepeat` and `IRegexp.maxInstructions` bound them.
    struct Program: Sendable {
        enum Instruction: Sendable, Equatable {
            /// Consumes this scalar.
            case scalar(Unicode.Scalar)
            /// Consumes a scalar of `sets[index]`.
            case set(Int)
            /// Goes on at both places.
            case split(Int, Int)
            /// Goes on there.
            case jump(Int)
            /// Goes on at the next instruction only at the start of the text.
            case start
            /// Goes on at the next instruction only at the end of the text.
            case end
            /// The pattern matched.
            case match
        }

        /// The states, from the entry at 0.
        let instructions: [Instruction]
        /// The sets `set` instructions name.
        let sets: [ScalarSet]
        /// True for `match` (the whole text, so a match starts only at 0); false for `search`.
        let anchored: Bool

        /// Compiles `node` (whose sets are in `sets`), ending in `$`'s test when `whole`.
        init(_ node: Node, sets: [ScalarSet], whole: Bool) throws(PatternError) {
            var builder = Builder()
            try builder.compile(node)
            if whole { try builder.emit(.end) }
            try builder.emit(.match)
            instructions = builder.code
            self.sets = sets
            anchored = whole
        }

        /// Emits instructions, failing once there would be more than `IRegexp.maxInstructions`.
        private struct Builder {
            var code: [Instruction] = []

            @discardableResult
            mutating func emit(_ instruction: Instruction) throws(PatternError) -> Int {
                guard code.count < IRegexp.maxInstructions else {
                    throw PatternError(
                        message: "the pattern needs more than \(IRegexp.maxInstructions) states (counted repeats "
                            + "copy what they repeat: write fewer or smaller counts)",
                        offset: 0)
                }
                code.append(instruction)
                return code.count - 1
            }

            /// Sets the targets of the `split` at `at`.
            mutating func patch(_ at: Int, _ first: Int, _ second: Int) { code[at] = .split(first, second) }

            mutating func compile(_ node: Node) throws(PatternError) {
                switch node {
                case .empty: break
                case .scalar(let c): try emit(.scalar(c))
                case .set(let index): try emit(.set(index))
                case .start: try emit(.start)
                case .end: try emit(.end)
                case .concat(let parts):
                    for part in parts { try compile(part) }
                case .alternation(let branches):
                    // split → first | next split …; each branch but the last jumps past the others.
                    var jumps: [Int] = []
                    for branch in branches.dropLast() {
                        let split = try emit(.split(0, 0))
                        try compile(branch)
                        jumps.append(try emit(.jump(0)))
                        patch(split, split + 1, code.count)
                    }
                    try compile(branches[branches.count - 1])
                    for jump in jumps { code[jump] = .jump(code.count) }
                case .repetition(let operand, let min, let max):
                    try repetition(operand, min: min, max: max)
                }
            }

            private mutating func repetition(_ operand: Node, min: Int, max: Int?) throws(PatternError) {
                guard let max else {
                    if min == 0 {
                        // loop: split body, out; body; jump loop
                        let loop = try emit(.split(0, 0))
                        try compile(operand)
                        try emit(.jump(loop))
                        patch(loop, loop + 1, code.count)
                    } else {
                        // min - 1 copies, then body; split body, out (a `+`)
                        for _ in 0..<(min - 1) { try compile(operand) }
                        let body = code.count
                        try compile(operand)
                        let split = try emit(.split(0, 0))
                        patch(split, body, split + 1)
                    }
                    return
                }
                for _ in 0..<min { try compile(operand) }
                // max - min optional copies, each only after the one before: split copy, out; copy; split …
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(try emit(.split(0, 0)))
                    try compile(operand)
                }
                for split in splits { patch(split, split + 1, code.count) }
            }
        }
    }
}
