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
    /// differ. Ties go to the first candidate.
    public static func nearest(_ word: String, in candidates: [String]) -> String? {
        let w = Array(NameMatching.normalized(word).unicodeScalars)
        let limit = max(1, word.count / 3)
        var best: (candidate: String, distance: Int)? = nil
        for c in candidates {
            let d = editDistance(w, Array(NameMatching.normalized(c).unicodeScalars))
            if d <= limit, best == nil || d < best!.distance { best = (c, d) }
        }
        return best?.candidate
    }

    /// `; did you mean 'name'?` for the candidate nearest to `word`, or the empty string when none is near.
    public static func didYouMean(_ word: String, in candidates: [String], quoting: Quoting = .single) -> String {
        nearest(word, in: candidates).map { phrase($0, quoting: quoting) } ?? ""
    }

    /// `; did you mean 'name'?` for a guess already made.
    public static func phrase(_ guess: String, quoting: Quoting = .single) -> String {
        "; did you mean \(quoting.quote(guess))?"
    }

    /// The Levenshtein distance between two sequences (of characters, Unicode scalars, bytes).
    static func editDistance<T: Equatable>(_ x: [T], _ y: [T]) -> Int {
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}
