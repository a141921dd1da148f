import Foundation
import Strata

/// `strata-bench query`: RFC 9535 queries over the parsed tree of a generated API response, against jq running
/// the equivalent filter on the same file in the same run.
///
/// The goal (issue 15) is a query over the parsed tree of a 100 MB response in at most one second. jq cannot
/// query without parsing, so its column is parse + filter, and it is compared with Strata's parse + query; jq's
/// bare parse (`empty`) is shown too. Each pair must agree on the number of matches.
enum QueryBenchmark {
    static let usage = """
        usage: strata-bench query [--size MB] [--runs N]
          --size MB   size of the generated document in megabytes (default 100)
          --runs N    timed runs per query; the best is reported (default 3)
        """

    /// The goal from the issue: one query over a parsed 100 MB tree.
    static let goalSeconds = 1.0

    /// A query and the jq filter that selects the same nodes (wrapped to print their count).
    static let pairs: [(name: String, query: String, jq: String)] = [
        (
            "filter", "$.data[?@.score > 50 && @.active == true].id",
            "[.data[] | select(.score > 50 and .active == true) | .id] | length"
        ),
        ("descendant", "$..price", #"[.. | objects | select(has("price")) | .price] | length"#),
        ("regex", "$.data[?search(@.email, '9@')].name", #"[.data[] | select(.email | test("9@")) | .name] | length"#),
        (
            "match", #"$.data[?match(@.email, 'user[0-9]*9@example\\.com')].name"#,
            #"[.data[] | select(.email | test("^user[0-9]*9@example\\.com$")) | .name] | length"#
        ),
        (
            "category", #"$.data[?search(@.name, '^\\p{Lu}\\p{Ll}+ \\p{Lu}')].id"#,
            #"[.data[] | select(.name | test("^\\p{Lu}\\p{Ll}+ \\p{Lu}")) | .id] | length"#
        ),
    ]

    static func run(_ args: [String]) throws {
        if args.contains("--help") {
            print(usage)
            return
        }
        var options = try JSONBenchmark.Options(args)
        options.input = nil
        let document = try JSONBenchmark.Document.prepare(options)
        defer { document.removeTemporaryFile() }
        let tree = try JSONParser().parse(document.bytes)
        let jq = BenchJQ.locate()
        var parseOnly = BenchTiming()
        var jqParse = BenchTiming()
        for _ in 0..<options.runs {
            try parseOnly.record { try JSONParser().parse(document.bytes) }
            if let jq { try jqParse.record { try BenchJQ.output(jq, filter: "empty", file: document.path) } }
        }
        var table = BenchTable(
            [
                "query", "matches", "Strata query", "goal ≤ 1 s", "Strata parse + query", "jq parse + filter", "ratio",
                "jq filter alone", "query ratio",
            ],
            rightAligned: [1, 2, 4, 5, 6, 7, 8])
        for pair in pairs {
            let query = try JSONPathQuery(pair.query)
            var timing = BenchTiming()
            var matches = 0
            var jqTiming = BenchTiming()
            var jqCount = ""
            for run in 1...options.runs {
                FileHandle.standardError.write(Data("strata-bench query: \(pair.name), run \(run)…\n".utf8))
                timing.record { matches = query.select(in: tree).count }
                if let jq {
                    try jqTiming.record { jqCount = try BenchJQ.output(jq, filter: pair.jq, file: document.path) }
                }
            }
            if jq != nil, jqCount != String(matches) {
                throw BenchError("\(pair.name): Strata selected \(matches) nodes, jq \(jqCount)")
            }
            let total = timing.best + parseOnly.best
            table.add([
                "`\(pair.query)`", "\(matches)", seconds(timing.best), timing.best <= goalSeconds ? "met" : "MISSED",
                seconds(total), jq == nil ? "–" : seconds(jqTiming.best),
                jq == nil ? "–" : String(format: "%.1f×", jqTiming.best / total),
                jq == nil ? "–" : seconds(jqTiming.best - jqParse.best),
                jq == nil ? "–" : String(format: "%.1f×", (jqTiming.best - jqParse.best) / timing.best),
            ])
        }
        print("## Queries over a parsed \(JSONBenchmark.formatMB(document.megabytes)) MB response\n")
        print("\(document.description); \(tree.count) nodes; best of \(options.runs) runs.")
        print(
            "Strata parse: \(seconds(parseOnly.best)); jq parse alone (`empty`): \(jq == nil ? "jq not installed" : seconds(jqParse.best)).\n"
        )
        print(table.markdown)
        print("\nratio = jq parse + filter ÷ Strata parse + query (higher is better for Strata); jq filter alone = jq")
        print("parse + filter − jq's bare parse, and query ratio = that ÷ Strata query.\n")
        try QueryBenchmark.backtracking(jq: jq, runs: options.runs)
    }

    static func seconds(_ s: Double) -> String {
        s < 1 ? String(format: "%.0f ms", s * 1000) : String(format: "%.2f s", s)
    }
}
