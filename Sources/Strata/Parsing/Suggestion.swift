/// Finding the name a person probably meant, for `did you mean …?` in messages.
package enum Suggestion {
    /// The candidate closest to `word` ignoring case, when it is close enough to be a likely typo (at most a third
    /// of the candidate's characters differ).
    package static func nearest(_ word: String, in candidates: [String]) -> String? {
        let lower = Array(word.lowercased())
        return closest(candidates, within: { max(1, $0.count / 3) }) { editDistance(lower, Array($0.lowercased())) }
    }

    /// The candidate with the smallest `distance`, when that is at most `limit` of the candidate; ties go to the
    /// first.
    static func closest(_ candidates: [String], within limit: (String) -> Int, distance: (String) -> Int) -> String? {
        var best: (candidate: String, distance: Int)? = nil
        for c in candidates {
            let d = distance(c)
            if d <= limit(c), best == nil || d < best!.distance { best = (c, d) }
        }
        return best?.candidate
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
