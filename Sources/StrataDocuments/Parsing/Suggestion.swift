/// The one policy for `did you mean …?`: which name a person probably meant, and how a message says so.
///
/// Session keys, mapping keys, class and type names, route names and data keys all go through it, so a typo gets
/// the same suggestion wherever it is made.
public enum Suggestion {
    /// How the suggested name is written, matching the names in the rest of the message.
    public enum Quoting: Sendable {
        /// `'name'`, as session and fixture messages write names.
        case single
        /// `"name"`, JSON-quoted, as mapping messages write keys and values.
        case json
        /// `Name`, for class and type names.
        case bare

        /// `name` written this way.
        func quote(_ name: String) -> String {
            switch self {
            case .single: "'\(name)'"
            case .json: JSONString.quote(name)
            case .bare: name
            }
        }
    }

    /// The candidate closest to `word` when it is close enough to be a likely typo: compared as
    /// `NameMatching.normalized` words (case, `_`, `-`, `@`, `#` ignored), at most a third of `word`'s characters
    /// differ. Ties go to the first candidate. Words longer than ``longestWord`` get no suggestion.
    ///
    /// Only distances that could still win are computed (a candidate whose length alone differs by more is skipped,
    /// and a comparison stops once it is sure to lose), so a suggestion costs at most `longestWord`² steps per
    /// candidate, and a long unknown key (a fuzzer's, a hostile file's) costs only its normalization.
    public static func nearest(_ word: String, in candidates: [String]) -> String? {
        nearest(word, in: Candidates(candidates))
    }

    /// The same choice among candidates prepared once, for many words looked up among the same names.
    public static func nearest(_ word: String, in candidates: Candidates) -> String? {
        let w = Array(NameMatching.normalized(word).unicodeScalars)
        guard w.count <= longestWord else { return nil }
        var bound = max(1, word.count / 3)
        var best: String? = nil
        for (c, scalars) in zip(candidates.names, candidates.words) {
            guard abs(scalars.count - w.count) <= bound, let d = editDistance(w, scalars, atMost: bound) else {
                continue
            }
            // Ties go to the first candidate: a later one must be strictly closer.
            best = c
            bound = d - 1
            if bound < 0 { break }
        }
        return best
    }

    /// Names a word may be suggested from, each normalized once (`NameMatching.normalized`, as Unicode scalars).
    public struct Candidates: Sendable {
        /// The names, in order of preference.
        public let names: [String]
        /// Each name normalized.
        let words: [[Unicode.Scalar]]

        /// Prepares `names`.
        public init(_ names: [String]) {
            self.names = names
            words = names.map { Array(NameMatching.normalized($0).unicodeScalars) }
        }
    }

    /// The longest word (in normalized Unicode scalars) a suggestion is looked for: names people type are shorter.
    public static let longestWord = 256

    /// `; did you mean 'name'?` for the candidate nearest to `word`, or the empty string when none is near.
    public static func didYouMean(_ word: String, in candidates: [String], quoting: Quoting = .single) -> String {
        nearest(word, in: candidates).map { phrase($0, quoting: quoting) } ?? ""
    }

    /// `; did you mean 'name'?` for a guess already made.
    public static func phrase(_ guess: String, quoting: Quoting = .single) -> String {
        "; did you mean \(quoting.quote(guess))?"
    }

    /// The Levenshtein distance between two sequences (of characters, Unicode scalars, bytes) when it is at most
    /// `bound`, else nil (known as soon as a whole row of the table exceeds `bound`).
    static func editDistance<T: Equatable>(_ x: [T], _ y: [T], atMost bound: Int) -> Int? {
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) <= bound ? max(x.count, y.count) : nil }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                rowMinimum = min(rowMinimum, current[j])
            }
            // Every path to the last cell crosses this row: its smallest value is a lower bound of the distance.
            if rowMinimum > bound { return nil }
            swap(&previous, &current)
        }
        return previous[y.count] <= bound ? previous[y.count] : nil
    }
}
