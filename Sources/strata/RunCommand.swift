/// `strata run SESSION ROUTE [-p NAME=VALUE]... [--source mock|live] [--show raw|parsed|mapped|issues|all] [--json] [--fail] [--curl]`: Run one route through the shared stack and print the result.
enum RunCommand {
    static let usage =
        "strata run SESSION ROUTE [-p NAME=VALUE]... [--source mock|live] [--show raw|parsed|mapped|issues|all] [--json] [--fail] [--curl]"
    static let summary = "Run one route through the shared stack and print the result."

    static func run(_ args: inout Arguments) throws -> Int32 {
        throw CommandError("'run' is not built yet")
    }
}
