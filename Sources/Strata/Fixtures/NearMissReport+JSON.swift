/// The near-miss report as JSON, for clients that ask for it (`strata serve`'s 404).
extension NearMissReport {
    /// `{ "error": "no fixture matches", "method", "path", "params", "pairCount", "nearest": [ … ], "problems" }`.
    public var json: OutputJSON {
        .object([
            ("error", .string("no fixture matches")),
            ("method", .string(method)),
            ("path", .string(path)),
            ("params", .object(params.map { ($0.name, .string($0.value)) })),
            ("pairCount", .int(pairCount)),
            (
                "nearest",
                .array(
                    candidates.map { c in
                        .object([
                            ("location", .string(c.location)),
                            ("path", .string(c.path)),
                            ("number", .int(c.index + 1)),
                            ("differences", .array(c.differences.map { .string($0.description) })),
                        ])
                    })
            ),
            ("problems", .array(problems.map { .string($0.description) })),
        ])
    }

    /// `fixtures/products.json:3:5 (/products #1)`: the nearest pair, or nil when no pair came close.
    public var nearest: String? { candidates.first.map { "\($0.location) (\($0.path) #\($0.index + 1))" } }
}
