import Foundation
import Strata

/// Dispatches to a subcommand, or opens the explorer, and turns errors into exit codes (1 failure, 2 usage).
enum StrataMain {
    static let version = "0.1.0"

    /// The explorer, as a command without a name.
    static var explore: Command { Command("", ExploreCommand.self) }

    static func main(_ argv: [String], commands: [Command]) -> Int32 {
        ProcessMemory.mapLargeBlocks()
        let first = argv.first
        if first == "--help" || first == "-h" || first == "help" {
            if argv.count == 1 {
                Output.print(help(commands))
                return 0
            }
            if argv.count == 2, let command = commands.first(where: { $0.name == argv[1] }) {
                Output.print(help(command))
                return 0
            }
            let names = commands.map(\.name)
            let asked = argv.dropFirst().joined(separator: " ")
            Output.error(
                "strata: no help for '\(asked)'" + (argv.count == 2 ? Suggestion.didYouMean(argv[1], in: names) : "")
                    + " (commands: \(names.joined(separator: ", ")))\nusage: strata help [COMMAND]")
            return 2
        }
        if first == "--version" {
            Output.print("strata \(version)")
            return 0
        }
        let command = commands.first { $0.name == first }
        let chosen = command ?? explore
        do {
            if command == nil, let first, !first.hasPrefix("-"), !FileManager.default.fileExists(atPath: first) {
                throw unknownCommand(first, commands)
            }
            var args = try Arguments(command == nil ? argv : Array(argv.dropFirst()), options: chosen.options)
            if args.flag("--help") {
                Output.print(help(chosen))
                return 0
            }
            return try chosen.run(&args)
        } catch let e as UsageError {
            Output.error("strata: \(e.message)\nusage: \(chosen.usage)")
            return 2
        } catch let e as CommandError {
            Output.error("strata: \(e.message)")
            return 1
        } catch {
            Output.error("strata: \(error)")
            return 1
        }
    }

    /// A first word that is neither a command nor an existing path: name the commands, and the likely one.
    static func unknownCommand(_ word: String, _ commands: [Command]) -> UsageError {
        let names = commands.map(\.name)
        var message = "'\(word)' is neither a command nor a session folder"
        message += Suggestion.didYouMean(word, in: names)
        message += " (commands: \(names.joined(separator: ", ")))"
        return UsageError(message)
    }

    /// `strata --help`: every command's usage and summary.
    static func help(_ commands: [Command]) -> String {
        var s = "strata \(version): a terminal API explorer\n\nusage: \(ExploreCommand.usage)\n"
        for c in commands { s += "       \(c.usage)\n" }
        s += "\n"
        s +=
            "  " + "strata [SESSION]".padding(toLength: 22, withPad: " ", startingAt: 0) + ExploreCommand.summary + "\n"
        for c in commands {
            s += "  " + c.name.padding(toLength: 22, withPad: " ", startingAt: 0) + c.summary + "\n"
        }
        s += "\nRun 'strata COMMAND --help' for one command ('strata SESSION --help' for the explorer's options)."
        s += "\nExit codes: 0 ok, 1 failure, 2 usage error, 3 --fail."
        return s
    }

    /// `strata COMMAND --help`: the usage line, the summary, and one line for each argument and option, from the
    /// same table that parses them.
    static func help(_ command: Command) -> String {
        "usage: \(command.usage)\n\n\(command.summary)\n\n\(optionLines(command))"
    }

    /// One line per argument and option: `  -t, --type TYPE    what it does` (README's command list shows these).
    static func optionLines(_ command: Command) -> String {
        let rows =
            command.arguments.map { ("  " + $0.name, $0.help) }
            + (command.options + [.help]).map { ("  " + $0.synopsis, $0.help) }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padding(toLength: width + 3, withPad: " ", startingAt: 0) + $0.1 }
            .joined(separator: "\n")
    }
}
