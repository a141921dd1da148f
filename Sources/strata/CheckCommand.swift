/// `strata check SESSION`: Validate session.json, its mappings and every fixture.
enum CheckCommand {
    static let usage = "strata check SESSION"
    static let summary = "Validate session.json, its mappings and every fixture."

    static func run(_ args: inout Arguments) throws -> Int32 {
        throw CommandError("'check' is not built yet")
    }
}
