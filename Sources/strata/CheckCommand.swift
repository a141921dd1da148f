import Strata

/// `strata check SESSION`: Validate session.json, its mappings and every fixture.
enum CheckCommand {
    static let usage = "strata check SESSION"
    static let summary = "Validate session.json, its mappings and every fixture."
    static let arguments = [PositionalSpec(name: "SESSION", help: "a session folder (or its session.json)")]
    static let options: [OptionSpec] = []

    static func run(_ args: inout Arguments) throws -> Int32 {
        let positionals = try args.positionals(max: 1)
        guard let path = positionals.first else { throw UsageError("missing SESSION") }
        let check = SessionCheck.run(path: path)
        for d in check.diagnostics { Output.print("\(d)") }
        Output.print(check.summary)
        return check.diagnostics.isEmpty ? 0 : 1
    }
}
