/// `strata routes SESSION [--json]`: List a session's routes with their params.
enum RoutesCommand {
    static let usage = "strata routes SESSION [--json]"
    static let summary = "List a session's routes with their params."

    static func run(_ args: inout Arguments) throws -> Int32 {
        throw CommandError("'routes' is not built yet")
    }
}
