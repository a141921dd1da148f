/// `strata record SESSION ROUTE [-p NAME=VALUE]... [--overwrite]`: Run a route live and save the exchange as a fixture.
enum RecordCommand {
    static let usage = "strata record SESSION ROUTE [-p NAME=VALUE]... [--overwrite]"
    static let summary = "Run a route live and save the exchange as a fixture."

    static func run(_ args: inout Arguments) throws -> Int32 {
        throw CommandError("'record' is not built yet")
    }
}
