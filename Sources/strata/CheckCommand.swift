import Strata

/// `strata check SESSION [--strict] [--severity LEVEL]`: Validate session.json, its mappings and every fixture, and map the fixtures.
enum CheckCommand {
    static let usage = "strata check SESSION [--strict] [--severity LEVEL]"
    static let summary = "Validate session.json, its mappings and every fixture, and map the fixtures."
    static let arguments = [PositionalSpec(name: "SESSION", help: "a session folder (or its session.json)")]
    static let options: [OptionSpec] = [
        OptionSpec(
            "--strict", help: "exit 1 also when a fixture pair's mapping has an error or its body does not parse"),
        OptionSpec(
            "--severity", value: "error|warning|info",
            help: "list mapping issues of this severity or worse (default warning; info adds unmapped fields and "
                + "coercions); the counts stay whole"),
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let strict = args.flag("--strict")
        let severity =
            try args.option("--severity").map { (text) throws(UsageError) in try severityFilter(text) }
            ?? .warning
        let positionals = try args.positionals(max: 1)
        guard let path = positionals.first else { throw UsageError("missing SESSION") }
        let check = SessionCheck.run(path: path, trust: trustStore)
        for d in check.diagnostics { Output.print("\(d)") }
        for d in check.trustNotes { Output.print("\(d)") }
        for d in check.mappingReports where severity.admits(d.severity) { Output.print("\(d)") }
        if let line = check.variablesRead { Output.print(line) }
        Output.print(check.summary)
        if !check.diagnostics.isEmpty { return 1 }
        return strict && check.mappingFailed ? 1 : 0
    }
}
