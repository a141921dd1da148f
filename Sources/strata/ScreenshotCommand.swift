/// `strata screenshot SESSION [--size 120x40] [--keys KEYS] --out PATH`: Render the explorer headless to PATH.txt and PATH.svg.
enum ScreenshotCommand {
    static let usage = "strata screenshot SESSION [--size 120x40] [--keys KEYS] --out PATH"
    static let summary = "Render the explorer headless to PATH.txt and PATH.svg."

    static func run(_ args: inout Arguments) throws -> Int32 {
        throw CommandError("'screenshot' is not built yet")
    }
}
