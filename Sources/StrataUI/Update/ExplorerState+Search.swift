import Strata

extension ExplorerState {
    /// Bytes one search step scans before yielding to input (a few milliseconds).
    package static let searchBudget = 4 << 20

    /// Starts a search for `query` from the selection (after the last match when it is on the selection).
    mutating func startSearch(_ query: String, forward: Bool) -> [Effect] {
        guard let document = response.document, let tree = document.tree, tree.count > 0 else {
            notice = Notice("nothing to search: run a request first (r)")
            return []
        }
        focus = .parsed
        tab = .parsed
        let node = min(parsed.selected, tree.count - 1)
        var from = tree.startOffset(node)
        // Continue from the last match when it is still what is selected (a match inside a key sits before the
        // member's value).
        if let match = search?.match, search?.query == query,
            document.memo.node(atByte: match.lowerBound, in: tree) == node
        {
            from = match.lowerBound
        }
        var state = SearchState(query: query, forward: forward)
        let start = forward ? from + 1 : from - 1
        state.origin = from
        state.resume = min(max(start, 0), tree.source.count)
        search = state
        return searchStep()
    }

    /// Scans the next stretch of bytes; selects the match, or asks to continue, or reports no match.
    mutating func searchStep() -> [Effect] {
        guard var state = search, let from = state.resume, let tree = response.document?.tree else { return [] }
        let needle = Array(state.query.utf8).map(ByteSearch.lower)
        let bytes = tree.source
        let budget = ExplorerState.searchBudget
        if state.forward {
            // Before wrapping: up to the end; after: up to where the search began.
            let limit = state.wrapped ? min(state.origin + needle.count, bytes.count) : bytes.count
            let end = min(from + budget + needle.count, limit)
            if let hit = ByteSearch.first(needle, in: bytes, from: from, to: end) {
                return found(hit, length: needle.count, state: state, tree: tree)
            }
            if end < limit {
                state.resume = end - needle.count + 1
            } else if !state.wrapped {
                state.wrapped = true
                state.resume = 0
            } else {
                return notFound(state)
            }
        } else {
            let limit = state.wrapped ? max(state.origin, 0) : 0
            let start = max(from - budget, limit)
            if let hit = ByteSearch.last(needle, in: bytes, from: start, through: from) {
                return found(hit, length: needle.count, state: state, tree: tree)
            }
            if start > limit {
                state.resume = start + needle.count - 1
            } else if !state.wrapped {
                state.wrapped = true
                state.resume = bytes.count - 1
            } else {
                return notFound(state)
            }
        }
        search = state
        return [.continueSearch]
    }

    /// Selects the node holding a match at byte `hit`.
    mutating func found(_ hit: Int, length: Int, state: SearchState, tree: Tree) -> [Effect] {
        var state = state
        state.resume = nil
        state.match = hit..<(hit + length)
        search = state
        if let node = response.document?.memo.node(atByte: hit, in: tree) { revealSource(node) }
        if state.wrapped {
            notice = Notice(state.forward ? "search wrapped to the top" : "search wrapped to the bottom")
        }
        return []
    }

    /// Ends a search that went all the way round.
    mutating func notFound(_ state: SearchState) -> [Effect] {
        var state = state
        state.resume = nil
        state.match = nil
        search = state
        notice = Notice("no match for \"\(state.query)\"", kind: .error)
        return []
    }
}

/// Byte-level search with ASCII letters matched in either case, over raw bodies of any size.
enum ByteSearch {
    /// `c` lowercased when it is an ASCII capital.
    @inline(__always) static func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }

    /// The first offset in `from..<to` where `needle` (lowercased) starts and ends before `to`.
    static func first(_ needle: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
        guard let head = needle.first, to - from >= needle.count, from >= 0 else { return nil }
        let upper = head >= 0x61 && head <= 0x7A ? head & ~0x20 : head
        return bytes.withUnsafeBufferPointer { b -> Int? in
            var k = from
            let last = to - needle.count
            while k <= last {
                let c = b[k]
                if c == head || c == upper {
                    var j = 1
                    while j < needle.count && lower(b[k + j]) == needle[j] { j += 1 }
                    if j == needle.count { return k }
                }
                k += 1
            }
            return nil
        }
    }

    /// The last offset in `from...through` where `needle` starts (and fits in the bytes).
    static func last(_ needle: [UInt8], in bytes: [UInt8], from: Int, through: Int) -> Int? {
        guard let head = needle.first, !bytes.isEmpty else { return nil }
        let upper = head >= 0x61 && head <= 0x7A ? head & ~0x20 : head
        return bytes.withUnsafeBufferPointer { b -> Int? in
            var k = min(through, b.count - needle.count)
            while k >= max(from, 0) {
                let c = b[k]
                if c == head || c == upper {
                    var j = 1
                    while j < needle.count && lower(b[k + j]) == needle[j] { j += 1 }
                    if j == needle.count { return k }
                }
                k -= 1
            }
            return nil
        }
    }
}
