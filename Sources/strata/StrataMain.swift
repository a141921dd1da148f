import Foundation
import Strata

/// Dispatches to a subcommand, or opens the explorer, and turns errors into exit codes (1 failure, 2 usage).
enum StrataMain {
    static let version = "0.1.0"

    static func main(_ argv: [String], commands: [Command]) -> Int32 {
        var args = Arguments(argv)
        let first = argv.first
        if first == "--help" || first == "-h" || first == "help" {
            print(help(commands))
            return 0
        }
        if first == "--version" {
            print("strata \(version)")
            return 0
        }
        let command = commands.first { $0.name == first }
        let usage = command?.usage ?? ExploreCommand.usage
        do {
            if let command {
                args = Arguments(Array(argv.dropFirst()))
                if args.flag("--help", "-h") {
                    print("usage: \(command.usage)\n\n\(command.summary)")
                    return 0
                }
                return try command.run(&args)
            }
            return try ExploreCommand.run(&args)
        } catch let e as UsageError {
            FileHandle.standardError.write(Data("strata: \(e.message)\nusage: \(usage)\n".utf8))
            return 2
        } catch let e as CommandError {
            FileHandle.standardError.write(Data("strata: \(e.message)\n".utf8))
            return 1
        } catch {
            FileHandle.standardError.write(Data("strata: \(error)\n".utf8))
            return 1
        }
    }

    static func help(_ commands: [Command]) -> String {
        var s = "strata \(version): a terminal API explorer\n\nusage: \(ExploreCommand.usage)\n"
        for c in commands { s += "       \(c.usage)\n" }
        s += "\n"
        s +=
            "  " + "strata [SESSION]".padding(toLength: 22, withPad: " ", startingAt: 0) + ExploreCommand.summary + "\n"
        for c in commands {
            s += "  " + c.name.padding(toLength: 22, withPad: " ", startingAt: 0) + c.summary + "\n"
        }
        s += "\nRun 'strata COMMAND --help' for one command. Exit codes: 0 ok, 1 failure, 2 usage error, 3 --fail."
        return s
    }
}
