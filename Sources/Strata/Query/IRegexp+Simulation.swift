extension IRegexp.Program {
    /// Whether the program matches `text`, or nil when the running task was cancelled part-way.
    ///
    /// An NFA simulation (a Pike VM without captures): the states the scalars read so far can reach are kept in
    /// a list, each at most once, and every scalar advances all of them together. Each scalar costs at most one
    /// visit per instruction, so the time is O(instructions × scalars) and the memory four arrays of
    /// `instructions.count`, whatever the pattern — nothing is ever retried. `search` starts a new thread at every
    /// position; `match` only at the first, and stops as soon as no thread is left. `Task.isCancelled` is checked
    /// every 4096 scalars.
    func run(_ text: String) -> Bool? {
        instructions.withUnsafeBufferPointer { code in
            sets.withUnsafeBufferPointer { sets in
                var machine = Machine(code: code, sets: sets)
                defer { machine.deallocate() }
                return machine.run(text, anchored: anchored)
            }
        }
    }

    /// The state of one run: the lists of consuming states for this position and the next, and a stack for
    /// following the moves that consume nothing.
    ///
    /// `marks` holds, per instruction, the last position it was reached at, so a state is entered once per
    /// position however many paths lead to it (which also ends the empty loops of `(a*)*`); a state is marked
    /// when pushed, so the stack never holds more than one entry per instruction. Raw buffers, sized once,
    /// since this loop is where a `match` or `search` spends its time.
    private struct Machine {
        let code: UnsafeBufferPointer<Instruction>
        let sets: UnsafeBufferPointer<IRegexp.ScalarSet>
        let marks: UnsafeMutablePointer<Int>
        var current: UnsafeMutablePointer<Int32>
        var next: UnsafeMutablePointer<Int32>
        let stack: UnsafeMutablePointer<Int32>
        var currentCount = 0
        var nextCount = 0
        var position = 0

        init(code: UnsafeBufferPointer<Instruction>, sets: UnsafeBufferPointer<IRegexp.ScalarSet>) {
            self.code = code
            self.sets = sets
            let n = code.count
            marks = .allocate(capacity: n)
            marks.initialize(repeating: -1, count: n)
            current = .allocate(capacity: n)
            next = .allocate(capacity: n)
            stack = .allocate(capacity: n)
        }

        func deallocate() {
            marks.deallocate()
            current.deallocate()
            next.deallocate()
            stack.deallocate()
        }

        mutating func run(_ text: String, anchored: Bool) -> Bool? {
            let scalars = text.unicodeScalars
            var index = scalars.startIndex
            if add(0, atStart: true, atEnd: index == scalars.endIndex) { return true }
            swap(&current, &next)
            (currentCount, nextCount) = (nextCount, 0)
            while index != scalars.endIndex {
                let c = scalars[index]
                scalars.formIndex(after: &index)
                let atEnd = index == scalars.endIndex
                position += 1
                for k in 0..<currentCount {
                    let pc = Int(current[k])
                    let accepted: Bool
                    switch code[pc] {
                    case .scalar(let s): accepted = s == c
                    case .set(let i): accepted = sets[i].contains(c)
                    default: accepted = false
                    }
                    if accepted, add(pc + 1, atStart: false, atEnd: atEnd) { return true }
                }
                if !anchored, add(0, atStart: false, atEnd: atEnd) { return true }
                swap(&current, &next)
                (currentCount, nextCount) = (nextCount, 0)
                if anchored && currentCount == 0 { return false }
                if position & 0xFFF == 0, Task.isCancelled { return nil }
            }
            return false
        }

        /// Adds the consuming states `pc` reaches without consuming to `next`; true when that includes `match`.
        private mutating func add(_ pc: Int, atStart: Bool, atEnd: Bool) -> Bool {
            guard marks[pc] != position else { return false }
            marks[pc] = position
            stack[0] = Int32(pc)
            var depth = 1
            while depth > 0 {
                depth -= 1
                let p = Int(stack[depth])
                var follow = -1
                var also = -1
                switch code[p] {
                case .scalar, .set:
                    next[nextCount] = Int32(p)
                    nextCount += 1
                case .split(let first, let second):
                    follow = first
                    also = second
                case .jump(let to): follow = to
                case .start: if atStart { follow = p + 1 }
                case .end: if atEnd { follow = p + 1 }
                case .match: return true
                }
                if also >= 0, marks[also] != position {
                    marks[also] = position
                    stack[depth] = Int32(also)
                    depth += 1
                }
                if follow >= 0, marks[follow] != position {
                    marks[follow] = position
                    stack[depth] = Int32(follow)
                    depth += 1
                }
            }
            return false
        }
    }
}
