import Foundation

/// Release-mode benchmarks: `swift run -c release strata-bench [NAME|all] [--size MB]`, NAME from the table below.
let benchmarks: [(name: String, summary: String, run: ([String]) throws -> Void)] = [
    ("json", "parse a generated JSON document: Strata vs JSONSerialization, JSONDecoder, jq", JSONBenchmark.run),
    ("mapping", "parse + map 100 000 objects: Strata vs JSONDecoder into Codable structs", MappingBenchmark.run),
    ("ui", "explorer on a 100 MB response: first frame and per-keystroke times", UIBenchmark.run),
    ("yaml", "parse a generated YAML document: Strata (libyaml) vs PyYAML's C loader", YAMLBenchmark.run),
    ("limits", "hostile nesting rejected quickly: JSON and XML, against an ordinary parse", LimitsBenchmark.run),
    ("diff", "diff two 50 MB JSON documents: Strata vs jq -S + diff", DiffBenchmark.run),
    ("triage", "group 200 000 unmapped-field issues, at N and 10 N: linear", TriageBenchmark.run),
    ("query", "RFC 9535 queries over a parsed 100 MB response: Strata vs jq with the same filter", QueryBenchmark.run),
    (
        "import", "strata import openapi on a generated 5 MB spec: at most 5 s, JSONSerialization as the peer",
        ImportBenchmark.run
    ),
    ("adversarial", "inputs that were quadratic, at N and 10 N: time ratio against ≤ 15×", AdversarialBenchmark.run),
    (
        "record", "strata record of a 200 MB body from loopback: peak RSS, streaming vs in memory vs curl -o",
        RecordBenchmark.run
    ),
    (
        "live", "strata run --source live of a 100 MB body, every view and --json: peak RSS, with curl -o",
        LiveBodyBenchmark.run
    ),
    (
        "cli",
        "the strata binary as users start it: strata run of 100 000 objects, every view, beside cat, jq, JSONDecoder",
        CLIBenchmark.run
    ),
    ("serve", "strata serve under wrk (50 connections): req/s, p99, against httpbin/gunicorn; RSS", ServeBenchmark.run),
]

let argv = Array(CommandLine.arguments.dropFirst())
let selected = argv.first.flatMap { a in a.hasPrefix("-") ? nil : a } ?? "all"
let rest = argv.first == selected ? Array(argv.dropFirst()) : argv
if selected == "--help" || argv.contains("--help") {
    print("usage: strata-bench [\(benchmarks.map(\.name).joined(separator: "|"))|all] [options]")
    for b in benchmarks { print("  \(b.name.padding(toLength: 9, withPad: " ", startingAt: 0)) \(b.summary)") }
    exit(0)
}
var ran = false
for b in benchmarks where selected == "all" || selected == b.name {
    ran = true
    do { try b.run(rest) } catch {
        FileHandle.standardError.write(Data("strata-bench \(b.name): \(error)\n".utf8))
        exit(1)
    }
}
if !ran {
    FileHandle.standardError.write(Data("strata-bench: unknown benchmark '\(selected)'\n".utf8))
    exit(2)
}
