/// `strata [SESSION]`: Open the explorer on SESSION (default: the bundled demo).
enum ExploreCommand {
    static let usage = "strata [SESSION]"
    static let summary = "Open the explorer on SESSION (default: the bundled demo)."

    static func run(_ args: inout Arguments) throws -> Int32 {
        throw CommandError("'explore' is not built yet")
    }
}
