import Foundation
import Strata

let commands: [Command] = [
    Command("parse", ParseCommand.self),
    Command("routes", RoutesCommand.self),
    Command("run", RunCommand.self),
    Command("check", CheckCommand.self),
    Command("diff", DiffCommand.self),
    Command("drift", DriftCommand.self),
    Command("test", TestCommand.self),
    Command("record", RecordCommand.self),
    Command("screenshot", ScreenshotCommand.self),
    Command("serve", ServeCommand.self),
    Command("history", HistoryCommand.self),
    Command("import", ImportCommand.self),
    Command("trust", TrustCommand.self),
]

exit(StrataMain.main(Array(CommandLine.arguments.dropFirst()), commands: commands))
