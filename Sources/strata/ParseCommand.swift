/// `strata parse [--type json|xml|plist|form|text] [FILE|-] [--json] [--quiet]`: Parse a file or stdin and print its tree.
enum ParseCommand {
    static let usage = "strata parse [--type json|xml|plist|form|text] [FILE|-] [--json] [--quiet]"
    static let summary = "Parse a file or stdin and print its tree."

    static func run(_ args: inout Arguments) throws -> Int32 {
        throw CommandError("'parse' is not built yet")
    }
}
