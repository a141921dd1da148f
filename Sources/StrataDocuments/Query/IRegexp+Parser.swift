extension IRegexp {
    /// A parsed pattern: what the compiler turns into a `Program`.
    indirect enum Node: Equatable {
        /// Matches the empty string (an empty branch or group).
        case empty
        /// One scalar, itself.
        case scalar(Unicode.Scalar)
        /// One scalar of a set (`.`, a class, an escape such as `\p{L}`), by its index in `Parser.sets`.
        case set(Int)
        /// `^`: the start of the text.
        case start
        /// `$`: the end of the text.
        case end
        /// The parts one after another.
        case concat([Node])
        /// Any one of the branches.
        case alternation([Node])
        /// The node repeated at least `min` and at most `max` times (no upper bound when `max` is nil).
        case repetition(Node, min: Int, max: Int?)
    }

    /// Reads RFC 9485's grammar (section 5.3) from a pattern's Unicode scalars, by recursive descent; groups nest
    /// at most `IRegexp.maxDepth` deep, so the recursion stays small.
    struct Parser {
        private let s: [Unicode.Scalar]
        private var i = 0
        /// The sets the pattern names, each once: `Node.set` holds an index into it.
        private(set) var sets: [ScalarSet] = []
        private var setIndex: [ScalarSet: Int] = [:]

        init(_ pattern: String) { s = Array(pattern.unicodeScalars) }

        /// The whole pattern as a node; anything the grammar does not allow is a `PatternError`.
        mutating func parse() throws(PatternError) -> Node {
            let node = try regexp(depth: 0)
            // `regexp` stops only at the end or at a `)` no group opened.
            if i < s.count { throw fail("')' without a '(' before it: write \\) for the character") }
            return node
        }

        // MARK: - Scanning

        private var peek: Unicode.Scalar? { i < s.count ? s[i] : nil }

        private func peek(_ offset: Int) -> Unicode.Scalar? { i + offset < s.count ? s[i + offset] : nil }

        private func fail(_ message: String, at position: Int? = nil) -> PatternError {
            PatternError(message: message, offset: position ?? i)
        }

        private static func describe(_ c: Unicode.Scalar) -> String {
            c.value < 0x20 || c.value == 0x7F ? "U+" + String(c.value, radix: 16, uppercase: true) : "'\(c)'"
        }

        private static func isQuantifier(_ c: Unicode.Scalar) -> Bool { c == "*" || c == "+" || c == "?" || c == "{" }

        // MARK: - Branches and pieces

        /// `i-regexp = branch *( "|" branch )`.
        private mutating func regexp(depth: Int) throws(PatternError) -> Node {
            var branches = [try branch(depth: depth)]
            while peek == "|" {
                i += 1
                branches.append(try branch(depth: depth))
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        /// `branch = *piece`: pieces up to a `|`, a `)` or the end.
        private mutating func branch(depth: Int) throws(PatternError) -> Node {
            var pieces: [Node] = []
            while let c = peek, c != "|", c != ")" { pieces.append(try piece(depth: depth)) }
            switch pieces.count {
            case 0: return .empty
            case 1: return pieces[0]
            default: return .concat(pieces)
            }
        }

        /// `piece = atom [ quantifier ]`, or an anchor (which takes no quantifier).
        private mutating func piece(depth: Int) throws(PatternError) -> Node {
            if let c = peek, c == "^" || c == "$" {
                i += 1
                if let q = peek, Self.isQuantifier(q) {
                    throw fail("\(Self.describe(q)) cannot repeat the anchor \(Self.describe(c))")
                }
                return c == "^" ? .start : .end
            }
            let atom = try self.atom(depth: depth)
            let bounds: (min: Int, max: Int?)
            switch peek {
            case "?": (bounds, i) = ((0, 1), i + 1)
            case "*": (bounds, i) = ((0, nil), i + 1)
            case "+": (bounds, i) = ((1, nil), i + 1)
            case "{": bounds = try counted()
            default: return atom
            }
            if let q = peek, Self.isQuantifier(q) {
                throw fail("\(Self.describe(q)) cannot follow a quantifier (there are no lazy or possessive ones)")
            }
            return .repetition(atom, min: bounds.min, max: bounds.max)
        }

        /// `{n}`, `{n,}` or `{n,m}`, with counts up to `IRegexp.maxRepeat`; leaves `i` after the `}`.
        private mutating func counted() throws(PatternError) -> (min: Int, max: Int?) {
            let open = i
            i += 1
            guard let min = try count() else {
                throw fail("expected a count after '{' (write \\{ for the character)", at: open)
            }
            var max: Int? = min
            if peek == "," {
                i += 1
                max = try count()
            }
            guard peek == "}" else { throw fail("expected '}' to end the count that starts here", at: open) }
            if let max, max < min {
                throw fail("{\(min),\(max)}: the largest count is smaller than the least", at: open)
            }
            i += 1
            return (min, max)
        }

        /// Digits as a count, nil when there are none; past `IRegexp.maxRepeat` is an error.
        private mutating func count() throws(PatternError) -> Int? {
            let start = i
            var value = 0
            while let c = peek, ("0"..."9").contains(c) {
                value = Swift.min(value * 10 + Int(c.value - 0x30), IRegexp.maxRepeat + 1)
                i += 1
            }
            guard i > start else { return nil }
            if value > IRegexp.maxRepeat {
                throw fail("a count over \(IRegexp.maxRepeat) (the most a counted repeat may name)", at: start)
            }
            return value
        }

        // MARK: - Atoms

        /// `atom = NormalChar / charClass / "(" i-regexp ")"`.
        private mutating func atom(depth: Int) throws(PatternError) -> Node {
            let c = s[i]
            switch c {
            case "(":
                let open = i
                guard depth < IRegexp.maxDepth else {
                    throw fail("groups nested more than \(IRegexp.maxDepth) deep", at: open)
                }
                i += 1
                let inner = try regexp(depth: depth + 1)
                guard peek == ")" else { throw fail("'(' is never closed: write \\( for the character", at: open) }
                i += 1
                return inner
            case "[":
                return .set(intern(try charClass()))
            case ".":
                i += 1
                return .set(intern(.dot))
            case "\\":
                switch try escape() {
                case .scalar(let e): return .scalar(e)
                case .category(let categories, let negated):
                    var set = ScalarSet()
                    if negated { set.excluded = categories } else { set.categories = categories }
                    return .set(intern(set))
                }
            case "*", "+", "?", "{":
                throw fail("\(Self.describe(c)) has nothing to repeat (write \\\(c) for the character)")
            case "]", "}":
                throw fail("\(Self.describe(c)) outside a class must be escaped: write \\\(c)")
            default:
                i += 1
                return .scalar(c)
            }
        }

        private mutating func intern(_ set: ScalarSet) -> Int {
            if let known = setIndex[set] { return known }
            sets.append(set)
            setIndex[set] = sets.count - 1
            return sets.count - 1
        }

        /// What an escape stands for: one scalar or a category test.
        private enum Escape {
            case scalar(Unicode.Scalar)
            case category(ScalarSet.Categories, negated: Bool)
        }

        /// `SingleCharEsc / catEsc / complEsc`, from the backslash at `i`.
        private mutating func escape() throws(PatternError) -> Escape {
            let backslash = i
            i += 1
            guard let e = peek else { throw fail("'\\' at the end of the pattern: write \\\\ for the character") }
            i += 1
            switch e {
            case "n": return .scalar("\n")
            case "r": return .scalar("\r")
            case "t": return .scalar("\t")
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": return .scalar(e)
            case "p", "P":
                guard peek == "{" else {
                    throw fail("expected '{' after \\\(e), as in \\\(e){Lu}", at: backslash)
                }
                let nameStart = i + 1
                var end = nameStart
                while end < s.count, end - nameStart < 3, s[end] != "}" { end += 1 }
                guard end < s.count, s[end] == "}" else {
                    throw fail("expected a category name and '}' after \\\(e){, as in \\\(e){Lu}", at: backslash)
                }
                let name = String(String.UnicodeScalarView(s[nameStart..<end]))
                guard let categories = ScalarSet.Categories(named: name) else {
                    throw fail("\\\(e){\(name)}: not a Unicode general category (L, Lu, Nd, P, …)", at: backslash)
                }
                i = end + 1
                return .category(categories, negated: e == "P")
            default:
                throw fail("\\\(e) is not an I-Regexp escape", at: backslash)
            }
        }

        /// `charClassExpr = "[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"`, from the `[` at `i`.
        private mutating func charClass() throws(PatternError) -> ScalarSet {
            let open = i
            i += 1
            var set = ScalarSet()
            if peek == "^" {
                set.negated = true
                i += 1
            }
            var first = true
            while true {
                guard let c = peek else { throw fail("'[' is never closed: write \\[ for the character", at: open) }
                if c == "]" {
                    guard !first else { throw fail("an empty class: write \\] for the character ']'") }
                    i += 1
                    set.normalize()
                    return set
                }
                if c == "-" {
                    guard first || peek(1) == "]" else {
                        throw fail("'-' inside a class starts no range here: put it first or last, or write \\-")
                    }
                    set.ranges.append(0x2D...0x2D)
                    i += 1
                    first = false
                    continue
                }
                first = false
                switch try classCharacter() {
                case .category(let categories, let negated):
                    if negated {
                        // [\P{X}\P{Y}] holds what is outside X or outside Y: outside their intersection.
                        set.excluded = set.excluded.map { $0.intersection(categories) } ?? categories
                    } else {
                        set.categories.formUnion(categories)
                    }
                case .scalar(let low):
                    guard peek == "-", let after = peek(1), after != "]" else {
                        set.ranges.append(low.value...low.value)
                        continue
                    }
                    let dash = i
                    i += 1
                    guard case .scalar(let high) = try classCharacter() else {
                        throw fail("a range cannot end in a category", at: dash)
                    }
                    guard low.value <= high.value else {
                        throw fail("\(Self.describe(low))-\(Self.describe(high)): a range out of order", at: dash)
                    }
                    set.ranges.append(low.value...high.value)
                }
            }
        }

        /// `CCchar / charClassEsc` inside a class.
        private mutating func classCharacter() throws(PatternError) -> Escape {
            let c = s[i]
            switch c {
            case "\\": return try escape()
            case "[": throw fail("'[' inside a class must be escaped: write \\[ (classes do not nest)")
            case "-": throw fail("'-' cannot end a range: write \\-")
            default:
                i += 1
                return .scalar(c)
            }
        }
    }
}
