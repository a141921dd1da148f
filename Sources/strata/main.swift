import Foundation
import Strata

/// One subcommand: its usage line and what it does.
struct Command {
    var name: String
    var usage: String
    var summary: String
    var run: (inout Arguments) throws -> Int32
}

let commands: [Command] = [
    Command(name: "parse", usage: ParseCommand.usage, summary: ParseCommand.summary, run: ParseCommand.run),
    Command(name: "routes", usage: RoutesCommand.usage, summary: RoutesCommand.summary, run: RoutesCommand.run),
    Command(name: "run", usage: RunCommand.usage, summary: RunCommand.summary, run: RunCommand.run),
    Command(name: "check", usage: CheckCommand.usage, summary: CheckCommand.summary, run: CheckCommand.run),
    Command(name: "record", usage: RecordCommand.usage, summary: RecordCommand.summary, run: RecordCommand.run),
    Command(
        name: "screenshot", usage: ScreenshotCommand.usage, summary: ScreenshotCommand.summary,
        run: ScreenshotCommand.run),
]

exit(StrataMain.main(Array(CommandLine.arguments.dropFirst()), commands: commands))
