import Foundation
import Strata

/// One subcommand: its usage line, what it does, its arguments and options (which parse it and print its help).
struct Command {
    var name: String
    var usage: String
    var summary: String
    var arguments: [PositionalSpec]
    var options: [OptionSpec]
    var run: (inout Arguments) throws -> Int32
}

let commands: [Command] = [
    Command(
        name: "parse", usage: ParseCommand.usage, summary: ParseCommand.summary, arguments: ParseCommand.arguments,
        options: ParseCommand.options, run: ParseCommand.run),
    Command(
        name: "routes", usage: RoutesCommand.usage, summary: RoutesCommand.summary,
        arguments: RoutesCommand.arguments, options: RoutesCommand.options, run: RoutesCommand.run),
    Command(
        name: "run", usage: RunCommand.usage, summary: RunCommand.summary, arguments: RunCommand.arguments,
        options: RunCommand.options, run: RunCommand.run),
    Command(
        name: "check", usage: CheckCommand.usage, summary: CheckCommand.summary, arguments: CheckCommand.arguments,
        options: CheckCommand.options, run: CheckCommand.run),
    Command(
        name: "record", usage: RecordCommand.usage, summary: RecordCommand.summary,
        arguments: RecordCommand.arguments, options: RecordCommand.options, run: RecordCommand.run),
    Command(
        name: "screenshot", usage: ScreenshotCommand.usage, summary: ScreenshotCommand.summary,
        arguments: ScreenshotCommand.arguments, options: ScreenshotCommand.options, run: ScreenshotCommand.run),
]

exit(StrataMain.main(Array(CommandLine.arguments.dropFirst()), commands: commands))
