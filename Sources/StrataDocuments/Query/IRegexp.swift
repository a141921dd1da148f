/// An I-Regexp (RFC 9485) pattern compiled for the JSONPath `match` and `search` functions, run in linear time.
///
/// I-Regexp is the interoperable subset of XSD regular expressions: branches, groups, the quantifiers
/// `? * + {n} {n,} {n,m}`, `.` (any character but `\n` and `\r`), character classes with ranges and negation,
/// single-character escapes and the Unicode general categories `\p{…}` / `\P{…}`. It has no back-references and
/// no lookaround, so a pattern is compiled to a Thompson NFA (`Program`) and run over the text's Unicode scalars as
/// an NFA simulation that advances every live state at once: time O(pattern × text) and memory O(pattern), never
/// backtracking. `(a*)*b` over a long run of `a`s answers as fast as `a*b`.
///
/// `match` anchors the whole string, `search` finds a match anywhere. `^` and `$` are not in RFC 9485's grammar,
/// but the JSONPath compliance suite reads them as anchors at the start and end of the string, as XSD engines do,
/// so they are. A pattern that is not valid I-Regexp matches nothing (the RFC's answer); so does one beyond the
/// limits below, which keep the compiled program (and the work per scalar) small.
package struct IRegexp: Sendable {
    /// The largest count a counted repeat may name (`a{1000}`, `a{2,1000}`), as in RE2.
    package static let maxRepeat = 1000
    /// The most instructions a compiled pattern may have: counted repeats copy their operand, so
    /// `(a{1000}){1000}` would need a million.
    package static let maxInstructions = 10_000
    /// The deepest a pattern may nest groups (the parser and compiler recurse once per level).
    package static let maxDepth = 100

    /// Why a pattern is not used: its first problem and where (offset in Unicode scalars, from 0).
    package struct PatternError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, phrased for a person.
        package var message: String
        /// The position of the problem in the pattern, in Unicode scalars from 0.
        package var offset: Int

        /// `regex:COL: message`, the column counted from 1.
        package var description: String { "regex:\(offset + 1): \(message)" }
    }

    let program: Program

    /// Compiles `pattern` to match the whole text (`whole`, JSONPath `match`) or any part of it (`search`).
    package init(_ pattern: String, whole: Bool) throws(PatternError) {
        var parser = Parser(pattern)
        let node = try parser.parse()
        program = try Program(node, sets: parser.sets, whole: whole)
    }

    /// Whether the pattern matches `text`; false when the running task is cancelled part-way.
    package func matches(_ text: String) -> Bool { program.run(text) ?? false }

    /// Whether the pattern matches `text`, or nil when the running task was cancelled part-way (checked every few
    /// thousand scalars).
    package func evaluate(_ text: String) -> Bool? { program.run(text) }

    /// Where the pattern first matches UTF-8 `bytes`: the leftmost non-empty match starting in `starts` (the
    /// longest one starting there), or nil.
    ///
    /// For searching a body rather than testing a string: `^` and `$` match at line starts and ends, a malformed
    /// byte reads as U+FFFD, and a match is at most `maxLength` bytes long (one near that length may be missed:
    /// the bound is for work), so one call reads at most `starts.count + maxLength` bytes. Starts are tried at every position either way; compiled `whole`, a
    /// match must also end at a line's end.
    package func firstMatch(in bytes: [UInt8], startingIn starts: Range<Int>, maxLength: Int) -> Range<Int>? {
        program.find(bytes, starts: starts, maxLength: maxLength)
    }
}
