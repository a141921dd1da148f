/// A count with its noun, singular for one: `1 route`, `3 routes`, `2 entries`.
package enum Counted {
    /// `n` and `singular`, or `plural` (default: `singular` + `s`) when `n` is not 1.
    package static func text(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }
}
