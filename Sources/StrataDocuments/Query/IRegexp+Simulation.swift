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

    /// The leftmost non-empty match in `bytes` that starts in `starts` (see `Machine.find`).
    func find(_ bytes: [UInt8], starts: Range<Int>, maxLength: Int) -> Range<Int>? {
        bytes.withUnsafeBufferPointer { bytes in
            instructions.withUnsafeBufferPointer { code in
                sets.withUnsafeBufferPointer { sets in
                    var machine = Machine(code: code, sets: sets, stopAtMatch: false)
                    defer { machine.deallocate() }
                    return machine.find(bytes, starts: starts, maxLength: maxLength)
                }
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
        /// Where the thread in the same slot of `current` / `next` started (a byte offset; only `find` reads it).
        var currentStart: UnsafeMutablePointer<Int>
        var nextStart: UnsafeMutablePointer<Int>
        let stack: UnsafeMutablePointer<Int32>
        var currentCount = 0
        var nextCount = 0
        var position = 0
        /// Whether reaching `match` ends `add` at once (a yes / no answer) or is recorded in `best` (`find`).
        let stopAtMatch: Bool
        /// The leftmost, then longest, non-empty match recorded so far by `find`.
        var best: Range<Int>?

        init(
            code: UnsafeBufferPointer<Instruction>, sets: UnsafeBufferPointer<IRegexp.ScalarSet>,
            stopAtMatch: Bool = true
        ) {
            self.code = code
            self.sets = sets
            self.stopAtMatch = stopAtMatch
            let n = code.count
            marks = .allocate(capacity: n)
            marks.initialize(repeating: -1, count: n)
            current = .allocate(capacity: n)
            next = .allocate(capacity: n)
            currentStart = .allocate(capacity: n)
            nextStart = .allocate(capacity: n)
            stack = .allocate(capacity: n)
        }

        func deallocate() {
            marks.deallocate()
            current.deallocate()
            next.deallocate()
            currentStart.deallocate()
            nextStart.deallocate()
            stack.deallocate()
        }

        /// Swaps the lists: what was added for the next position becomes the current one.
        private mutating func advance() {
            swap(&current, &next)
            swap(&currentStart, &nextStart)
            (currentCount, nextCount) = (nextCount, 0)
        }

        mutating func run(_ text: String, anchored: Bool) -> Bool? {
            let scalars = text.unicodeScalars
            var index = scalars.startIndex
            if add(0, atStart: true, atEnd: index == scalars.endIndex) { return true }
            advance()
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
                advance()
                if anchored && currentCount == 0 { return false }
                if position & 0xFFF == 0, Task.isCancelled { return nil }
            }
            return false
        }

        /// The leftmost non-empty match that starts in `starts` (the longest of those starting there), over UTF-8
        /// `bytes` read as Unicode scalars (a malformed byte is one U+FFFD); `^` and `$` match at line boundaries.
        ///
        /// The same simulation as `run`, with each thread's start kept beside it: threads stay ordered by start, so
        /// where two reach one state the earlier start keeps it. A thread is dropped before it would grow past
        /// `maxLength` bytes; a later start that merged into it is not retried, so a match close to that length
        /// may be missed (the bound limits work, and callers set it far above what they search for). Once a match
        /// is found no thread starts after it, and the scan ends when no thread that started at or before it is
        /// alive, or `maxLength` bytes past the last start.
        mutating func find(_ bytes: UnsafeBufferPointer<UInt8>, starts: Range<Int>, maxLength: Int) -> Range<Int>? {
            let stop = min(bytes.count, starts.upperBound - 1 + maxLength)
            func lineStart(_ k: Int) -> Bool { k == 0 || bytes[k - 1] == 0x0A }
            func lineEnd(_ k: Int) -> Bool { k == bytes.count || bytes[k] == 0x0A || bytes[k] == 0x0D }
            var here = max(starts.lowerBound, 0)
            guard here < starts.upperBound, here < bytes.count else { return nil }
            position += 1
            _ = add(0, atStart: lineStart(here), atEnd: lineEnd(here), start: here, at: here)
            advance()
            while here < stop, currentCount > 0 || (best == nil && here < starts.upperBound) {
                let c: Unicode.Scalar
                let length: Int
                if bytes[here] < 0x80 {
                    (c, length) = (Unicode.Scalar(bytes[here]), 1)
                } else {
                    (c, length) = JSONString.decodeUTF8(bytes, here) ?? ("\u{FFFD}", 1)
                }
                let after = here + length
                let atStart = lineStart(after)
                let atEnd = lineEnd(after)
                position += 1
                for k in 0..<currentCount {
                    let start = currentStart[k]
                    if let best, start > best.lowerBound { break }
                    if after - start > maxLength { continue }
                    let pc = Int(current[k])
                    let accepted: Bool
                    switch code[pc] {
                    case .scalar(let s): accepted = s == c
                    case .set(let i): accepted = sets[i].contains(c)
                    default: accepted = false
                    }
                    if accepted { _ = add(pc + 1, atStart: atStart, atEnd: atEnd, start: start, at: after) }
                }
                if best == nil, after < starts.upperBound {
                    _ = add(0, atStart: atStart, atEnd: atEnd, start: after, at: after)
                }
                advance()
                here = after
            }
            return best
        }

        /// Adds the consuming states `pc` reaches without consuming to `next`, for a thread that began at byte
        /// `start` and is at byte `at`; true when that includes `match` (which `find` records in `best` instead
        /// of stopping, when non-empty).
        private mutating func add(_ pc: Int, atStart: Bool, atEnd: Bool, start: Int = 0, at: Int = 0) -> Bool {
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
                    nextStart[nextCount] = start
                    nextCount += 1
                case .split(let first, let second):
                    follow = first
                    also = second
                case .jump(let to): follow = to
                case .start: if atStart { follow = p + 1 }
                case .end: if atEnd { follow = p + 1 }
                case .match:
                    if stopAtMatch { return true }
                    guard start < at else { break }
                    if let best, start > best.lowerBound || start == best.lowerBound && at <= best.upperBound {
                        break
                    }
                    best = start..<at
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
