extension IRegexp.Program {
    /// Whether the program matches `text`, or nil when the running task was cancelled part-way.
    ///
    /// An NFA simulation (a Pike VM without captures): the states the scalars read so far can reach are kept in
    /// a list, each at most once, and every scalar advances all of them together. Each scalar costs at most one
    /// visit per instruction, so the time is O(instructions × scalars) and the memory three arrays of
    /// `instructions.count`, whatever the pattern — nothing is ever retried. `search` starts a new thread at every
    /// position; `match` only at the first, and stops as soon as no thread is left. `Task.isCancelled` is checked
    /// every 4096 scalars.
    func run(_ text: String) -> Bool? {
        var closure = Closure(self)
        var current: [Int] = []
        var next: [Int] = []
        current.reserveCapacity(instructions.count)
        next.reserveCapacity(instructions.count)
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        if closure.add(0, into: &current, atStart: true, atEnd: index == scalars.endIndex) { return true }
        var read = 0
        while index != scalars.endIndex {
            let c = scalars[index]
            scalars.formIndex(after: &index)
            let atEnd = index == scalars.endIndex
            closure.nextPosition()
            next.removeAll(keepingCapacity: true)
            for pc in current {
                let accepted: Bool
                switch instructions[pc] {
                case .scalar(let s): accepted = s == c
                case .set(let k): accepted = sets[k].contains(c)
                default: accepted = false
                }
                if accepted, closure.add(pc + 1, into: &next, atStart: false, atEnd: atEnd) { return true }
            }
            if !anchored, closure.add(0, into: &next, atStart: false, atEnd: atEnd) { return true }
            swap(&current, &next)
            if anchored && current.isEmpty { return false }
            read &+= 1
            if read & 0xFFF == 0, Task.isCancelled { return nil }
        }
        return false
    }

    /// Follows the moves that consume nothing from one state, collecting the consuming states it reaches.
    ///
    /// `marks` holds, per instruction, the last position it was reached at, so a state is entered once per
    /// position however many paths lead to it (which also ends the empty loops of `(a*)*`). Its own stack, not
    /// recursion, so a long chain of splits costs no call depth.
    private struct Closure {
        let program: IRegexp.Program
        var marks: [Int]
        var position = 0
        var stack: [Int] = []

        init(_ program: IRegexp.Program) {
            self.program = program
            marks = Array(repeating: -1, count: program.instructions.count)
        }

        /// Moves on to the next position of the text: every state may be entered again.
        mutating func nextPosition() { position += 1 }

        /// Adds what `pc` reaches without consuming to `list`; true when that includes `match`.
        mutating func add(_ pc: Int, into list: inout [Int], atStart: Bool, atEnd: Bool) -> Bool {
            stack.append(pc)
            while let p = stack.popLast() {
                guard marks[p] != position else { continue }
                marks[p] = position
                switch program.instructions[p] {
                case .scalar, .set: list.append(p)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .jump(let to): stack.append(to)
                case .start: if atStart { stack.append(p + 1) }
                case .end: if atEnd { stack.append(p + 1) }
                case .match:
                    stack.removeAll(keepingCapacity: true)
                    return true
                }
            }
            return false
        }
    }
}
