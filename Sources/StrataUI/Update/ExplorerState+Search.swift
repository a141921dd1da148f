import Strata

extension ExplorerState {
    /// Bytes one search step scans before yielding to input (a few milliseconds).
    package static let searchBudget = 4 << 20
    /// Bytes one step of a regular-expression search starts matches at: the NFA reads far fewer bytes a
    /// millisecond than the plain-text scan.
    package static let regexSearchBudget = 256 << 10
    /// Mapped values one step of a Mapped search reads.
    package static let mappedSearchBudget = 20_000
    /// The longest match a regular expression may make in the body (the bound on one step's reading).
    package static let longestSearchMatch = 64 << 10

    /// `/`, `n` and `N` in Raw, Parsed and Mapped: open the search field, or go to the next or previous match of
    /// the last search (typed in any of the three) in `pane`.
    mutating func searchCommand(_ command: Command, in pane: Pane) -> [Effect] {
        switch command {
        case .search:
            editor = FieldEditor(.search, text: search?.query ?? "")
            return []
        case .searchNext, .searchPrevious:
            guard let query = search?.query, !query.isEmpty else {
                notice = Notice("no search yet: press / to search")
                return []
            }
            return startSearch(query, in: pane, forward: command == .searchNext)
        default:
            return []
        }
    }

    /// Starts a search for `query` in `pane` from where that pane is: Parsed from the selection, Raw from the top
    /// row shown, Mapped from the selected value; after the last match when it is still there.
    mutating func startSearch(_ query: String, in pane: Pane, forward: Bool) -> [Effect] {
        guard let document = response.document else {
            notice = Notice("nothing to search: run a request first (r)")
            return []
        }
        do {
            _ = try SearchPattern(query)
        } catch {
            notice = Notice("not a regular expression: \(error)", kind: .error)
            return []
        }
        let previous = search?.query == query && search?.pane == pane ? search : nil
        var state = SearchState(query: query, pane: pane, forward: forward)
        switch pane {
        case .mapped:
            guard let outline = mappedOutline else {
                notice = Notice("nothing to search in Mapped: " + nothingMappedReason(document))
                return []
            }
            let from = min(mapped.selected, outline.count - 1)
            state.origin = from
            state.resume = forward ? from + 1 : from - 1
        case .parsed:
            guard let tree = document.tree, tree.count > 0 else {
                notice = Notice("nothing to search in Parsed: the body did not parse (1 shows Raw)")
                return []
            }
            let node = min(parsed.selected, tree.count - 1)
            var from = tree.startOffset(node)
            // Continue from the last match when it is still what is selected (a match inside a key sits before the
            // member's value).
            if let match = previous?.match, document.memo.node(atByte: match.lowerBound, in: tree) == node {
                from = match.lowerBound
            }
            state.origin = from
            state.resume = forward ? from + 1 : from - 1
        default:
            // Raw: from the last match while it shows, else from the top row shown (that row included).
            if let match = previous?.match, isRawByteVisible(match.lowerBound) {
                state.origin = match.lowerBound
                state.resume = forward ? match.lowerBound + 1 : match.lowerBound - 1
            } else {
                let top = rawTopByte
                state.origin = forward ? top - 1 : top
                state.resume = forward ? top : top - 1
            }
        }
        if pane != .mapped { state.resume = min(max(state.resume!, 0), document.body.count) }
        focus = pane
        tab = pane
        search = state
        return searchStep()
    }

    /// Scans the next stretch; selects the match, or asks to continue, or reports no match.
    mutating func searchStep() -> [Effect] {
        guard var state = search, let from = state.resume, let document = response.document,
            let pattern = try? SearchPattern(state.query)
        else { return [] }
        if state.pane == .mapped {
            guard let outline = mappedOutline else { return [] }
            return mappedSearchStep(state, from: from, pattern: pattern, in: outline)
        }
        let bytes = document.body
        let budget = pattern.isRegex ? ExplorerState.regexSearchBudget : ExplorerState.searchBudget
        if state.forward {
            // Matches start before `limit`: the end, or after wrapping, just past where the search began.
            let limit = state.wrapped ? min(state.origin + 1, bytes.count) : bytes.count
            let end = min(from + budget, limit)
            if from < end, let hit = pattern.first(in: bytes, startingIn: from..<end) {
                return found(hit, state: state)
            }
            if end < limit {
                state.resume = end
            } else if !state.wrapped {
                state.wrapped = true
                state.resume = 0
            } else {
                return notFound(state)
            }
        } else {
            // Matches start at or after `limit`: the start, or after wrapping, where the search began.
            let limit = state.wrapped ? max(state.origin, 0) : 0
            let start = max(from - budget, limit)
            if start <= from, let hit = pattern.last(in: bytes, startingIn: start..<(from + 1)) {
                return found(hit, state: state)
            }
            if start > limit {
                state.resume = start - 1
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

    /// One step of a Mapped search: up to `mappedSearchBudget` values, each by its name and its value's text.
    private mutating func mappedSearchStep(
        _ state: SearchState, from: Int, pattern: SearchPattern, in outline: MappedOutline
    ) -> [Effect] {
        var state = state
        let count = outline.count
        var k = from
        for _ in 0..<ExplorerState.mappedSearchBudget {
            let inRange =
                state.forward
                ? (state.wrapped ? k <= state.origin : k < count) : (state.wrapped ? k >= state.origin : k >= 0)
            if !inRange {
                if state.wrapped { return notFound(state) }
                state.wrapped = true
                k = state.forward ? 0 : count - 1
                continue
            }
            let texts = outline.searchTexts(k)
            if texts.name.map(pattern.matches) == true || texts.value.map(pattern.matches) == true {
                state.resume = nil
                state.matchedValue = k
                search = state
                mapped.reveal(k, in: outline, height: mappedHeight)
                syncFromMapped()
                if state.wrapped { noticeWrapped(state) }
                return []
            }
            k += state.forward ? 1 : -1
        }
        state.resume = k
        search = state
        return [.continueSearch]
    }

    /// Why Mapped has no values to search.
    private func nothingMappedReason(_ document: ResponseDocument) -> String {
        if document.tree == nil { return "the body did not parse (1 shows Raw)" }
        if isMapping { return "the values are still being mapped" }
        if document.mapping == nil { return unmappedReason }
        return "the mapping made no values (i lists the issues)"
    }

    /// Selects a match at body bytes `hit`: the node holding it in Parsed (and its mapped value), and the bytes in
    /// Raw.
    mutating func found(_ hit: Range<Int>, state: SearchState) -> [Effect] {
        var state = state
        state.resume = nil
        state.match = hit
        search = state
        if let document = response.document, let tree = document.tree, tree.count > 0,
            let node = document.memo.node(atByte: hit.lowerBound, in: tree)
        {
            parsed.reveal(node, in: tree, height: parsedHeight)
            if let outline = mappedOutline, let value = outline.value(forSource: node) {
                mapped.reveal(value, in: outline, height: mappedHeight)
            }
        }
        scrollRaw(toByte: hit.lowerBound)
        if state.wrapped { noticeWrapped(state) }
        return []
    }

    /// Says the search went round the end (or the start).
    private mutating func noticeWrapped(_ state: SearchState) {
        notice = Notice(state.forward ? "search wrapped to the top" : "search wrapped to the bottom")
    }

    /// Ends a search that went all the way round.
    mutating func notFound(_ state: SearchState) -> [Effect] {
        var state = state
        state.resume = nil
        state.match = nil
        state.matchedValue = nil
        search = state
        notice = Notice("no match for \"\(state.query)\"", kind: .error)
        return []
    }

    /// The body byte at the start of the Raw pane's top row (0 while the headers show at the top).
    var rawTopByte: Int {
        guard let content = rawContent, content.count > 0 else { return 0 }
        let line = min(raw.topLine, content.count - 1)
        guard let start = content.bodyOffset(of: line) else { return 0 }
        guard raw.wrap, raw.topSegment > 0, content.kind(of: line) == .body else { return start }
        return content.segment(raw.topSegment, of: line, width: rawTextWidth(content)).lowerBound
    }

    /// Whether body byte `offset` is on a row the Raw pane shows.
    func isRawByteVisible(_ offset: Int) -> Bool {
        guard let content = rawContent, content.count > 0 else { return false }
        let line = content.line(containing: offset)
        let segment = raw.wrap ? content.segmentIndex(containing: offset, of: line, width: rawTextWidth(content)) : 0
        return isRawRowVisible(line: line, segment: segment, content: content, height: rawHeight)
    }
}

/// What a search looks for: `/…/` is an I-Regexp (RFC 9485, as JSONPath's `search()` reads it, with `^` and `$`
/// at line boundaries in a body), anything else the text itself with ASCII letters in either case.
struct SearchPattern {
    enum Kind {
        /// The text's bytes, lowercased.
        case text([UInt8])
        /// A compiled pattern.
        case regex(IRegexp)
    }

    let kind: Kind

    /// The pattern `query` asks for; throws when it is `/…/` and not valid I-Regexp.
    init(_ query: String) throws(IRegexp.PatternError) {
        if query.count > 2, query.hasPrefix("/"), query.hasSuffix("/") {
            kind = .regex(try IRegexp(String(query.dropFirst().dropLast()), whole: false))
        } else {
            kind = .text(Array(query.utf8).map(ByteSearch.lower))
        }
    }

    /// Whether this is a regular expression.
    var isRegex: Bool {
        if case .regex = kind { return true }
        return false
    }

    /// The first match in `bytes` that starts in `starts` (the longest there, for a regular expression).
    func first(in bytes: [UInt8], startingIn starts: Range<Int>) -> Range<Int>? {
        switch kind {
        case .text(let needle):
            let to = min(starts.upperBound - 1 + needle.count, bytes.count)
            return ByteSearch.first(needle, in: bytes, from: starts.lowerBound, to: to).map { $0..<($0 + needle.count) }
        case .regex(let regex):
            return regex.firstMatch(
                in: bytes, startingIn: starts, maxLength: ExplorerState.longestSearchMatch)
        }
    }

    /// The last match in `bytes` that starts in `starts`.
    func last(in bytes: [UInt8], startingIn starts: Range<Int>) -> Range<Int>? {
        switch kind {
        case .text(let needle):
            return ByteSearch.last(needle, in: bytes, from: starts.lowerBound, through: starts.upperBound - 1)
                .map { $0..<($0 + needle.count) }
        case .regex:
            // The NFA finds leftmost matches: take them in turn up to the last one.
            var best: Range<Int>? = nil
            var lower = starts.lowerBound
            while lower < starts.upperBound, let hit = first(in: bytes, startingIn: lower..<starts.upperBound) {
                best = hit
                lower = hit.lowerBound + 1
            }
            return best
        }
    }

    /// Whether `text` (a mapped name or value) holds a match.
    func matches(_ text: String) -> Bool {
        switch kind {
        case .text(let needle):
            let bytes = Array(text.utf8)
            return ByteSearch.first(needle, in: bytes, from: 0, to: bytes.count) != nil
        case .regex(let regex):
            return regex.matches(text)
        }
    }
}

extension MappedOutline {
    /// What a search reads of value `i`: its name in its object and its value as the Mapped pane shows it (strings
    /// without quotes, class names for objects; nothing for containers, nulls and missing values).
    func searchTexts(_ i: Int) -> (name: String?, value: String?) {
        let values = result.values
        let name = values.parent(i).map { values.isArray($0) } == false ? values.name(i) : nil
        let value: String?
        switch values.content(i) {
        case .object(let className): value = className
        case .array, .dictionary, .null, .missing, .reference: value = nil
        case .string(let s): value = s
        case .int(let n): value = String(n)
        case .double(let d): value = "\(d)"
        case .decimal(_, let written): value = written
        case .bool(let b): value = b ? "true" : "false"
        case .date(let date): value = MappedPane.dateText(date)
        case .url(let url): value = url.absoluteString
        case .raw, .invalid:
            let tree = result.tree
            value = values.source(i).flatMap { tree.isContainer($0) ? nil : tree.scalarText($0) }
        case .unresolved(let type, let id): value = "\(type)/\(id)"
        }
        return (name, value)
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
