import Foundation
import Strata

/// `strata parse [--type TYPE] [--session SESSION] [FILE|-] [--query EXPR] [--json] [--quiet]`: Parse a file or
/// stdin and print its tree.
enum ParseCommand {
    static let usage =
        "strata parse [--type \(parserTypeChoices)|NAME] [--session SESSION] [FILE|-] [--query EXPR] [--json] [--quiet]"
    static let summary = "Parse a file or stdin and print its tree."
    static let arguments = [PositionalSpec(name: "FILE|-", help: "the file to parse; - or none reads standard input")]
    static let options = [
        OptionSpec(
            "--type", "-t", value: "TYPE",
            help: "parse as \(parserTypeWords), or a parser SESSION names (default: by extension, then by content)"),
        OptionSpec(
            "--session", value: "SESSION",
            help: "also use the parsers SESSION names (run only when it is trusted; else shown as text)"),
        OptionSpec("--json", help: "print the tree as canonical JSON instead of indented lines"),
        queryOption,
        OptionSpec("--quiet", "-q", help: "print nothing; exit 1 with the error when the input does not parse"),
    ]

    /// `--query EXPR`, shared with `run`.
    static let queryOption = OptionSpec(
        "--query", value: "EXPR",
        help: "print the nodes an RFC 9535 JSONPath selects (path and value; a JSON array with --json)")

    static func run(_ args: inout Arguments) throws -> Int32 {
        let json = args.flag("--json")
        let quiet = args.flag("--quiet")
        var type = try args.option("--type")
        let sessionPath = try args.option("--session")
        let files = try args.positionals(max: 1)
        guard case .valid(let query) = parseQuery(try args.option("--query")) else { return 2 }
        // A session adds its external parsers, withheld (the body shown as text) until it is trusted.
        let session = try sessionPath.map { path throws(CommandError) in try loadSession(path) }
        let registry = session.map { ResponsePipeline(session: $0).registry } ?? .standard
        if let type, registry.parser(named: type) == nil {
            let hint = sessionPath == nil ? "; a session's own parsers need --session SESSION" : ""
            throw UsageError(
                "unknown --type '\(type)' (expected one of: \(registry.names.joined(separator: ", "))\(hint))")
        }
        let path = files.first ?? "-"
        if type == nil, path != "-", ParserRegistry.type(forPath: path) == nil, let session,
            let name = path.split(separator: "/").last, name.contains("."),
            let ext = name.split(separator: ".").last.map({ $0.lowercased() }),
            session.parsers.contains(where: { $0.name == ext })
        {
            // `prices.csv` with a session whose parser is `csv`.
            type = ext
        }
        if quiet, query == nil, path != "-", (type ?? ParserRegistry.type(forPath: path)) == "json" {
            // Only validating: parse the mapped file, holding a window of it instead of all of it.
            let mapping: FileBytes.Mapping?
            do {
                mapping = try FileBytes.map(path)
            } catch {
                throw CommandError(error.description)
            }
            if let mapping {
                guard let error = mapping.withBytes({ JSONParser().validate(mapped: $0) }) else { return 0 }
                Output.error(error.located(in: path))
                return 1
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try path == "-" ? FileBytes.readStandardInput() : FileBytes.read(path)
        } catch {
            throw CommandError(error.description)
        }
        let chosen = type ?? (path == "-" ? nil : ParserRegistry.type(forPath: path))
        let outcome = registry.parse(bytes, type: chosen)
        if outcome.withheldParser != nil, let note = outcome.note {
            Output.error("strata: warning: \(note)")
            // Validating: the session's parser did not run, so nothing was checked.
            if quiet { return 1 }
        }
        guard let tree = outcome.tree else {
            let error =
                outcome.error ?? ParseError(message: "no parser accepted the input", offset: 0, line: 1, column: 1)
            Output.error(error.located(in: path))
            return 1
        }
        if quiet { return 0 }
        if let query {
            printMatches(query, in: tree, json: json)
        } else if json {
            var buffer: [UInt8] = []
            tree.writeJSON(Tree.root, into: &buffer)
            buffer.append(0x0A)
            buffer.withUnsafeBufferPointer { Output.write($0, to: STDOUT_FILENO, style: .json) }
        } else {
            TreePrinter().write(tree) { chunk in chunk.withUnsafeBufferPointer { Output.write($0, to: STDOUT_FILENO) } }
        }
        return 0
    }
}
