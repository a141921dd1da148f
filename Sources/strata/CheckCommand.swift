import Strata

/// `strata check SESSION [--strict] [--severity LEVEL]`: Validate session.json, its mappings and every fixture, and map the fixtures.
enum CheckCommand {
    static let usage = "strata check SESSION [--strict] [--severity LEVEL]"
    static let summary = "Validate session.json, its mappings and every fixture, and map the fixtures."
    static let arguments = [PositionalSpec(name: "SESSION", help: "a session folder (or its session.json)")]
    static let options: [OptionSpec] = [
        OptionSpec(
            "--strict", help: "exit 1 also when a fixture pair's mapping has an error or its body does not parse"),
        RunCommand.severityOption,
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let strict = args.flag("--strict")
        let severity = try severityFilter(args.option("--severity"))
        let positionals = try args.positionals(max: 1)
        guard let path = positionals.first else { throw UsageError("missing SESSION") }
        let check = SessionCheck.run(path: path)
        for d in check.diagnostics { Output.print("\(d)") }
        for d in check.mappingReports where severity.admits(d.severity) { Output.print("\(d)") }
        Output.print(check.summary)
        if !check.diagnostics.isEmpty { return 1 }
        return strict && check.mappingFailed ? 1 : 0
    }
}
