import Foundation
import Strata

/// `strata diff A B [--type TYPE] [--json]`: Compare two documents of any format by path.
enum DiffCommand {
    static let usage = "strata diff A B [--type \(parserTypeChoices)] [--json]"
    static let summary = "Compare two documents structurally by path: exit 0 equal, 1 different, 2 cannot compare."
    static let arguments = [
        PositionalSpec(name: "A", help: "the first document (- reads standard input)"),
        PositionalSpec(name: "B", help: "the second document, in any format the parsers read"),
    ]
    static let options = [
        OptionSpec(
            "--type", "-t", value: "TYPE",
            help: "parse both as this type (default: each by extension, then by content)"),
        OptionSpec("--json", help: "print the changes as one JSON object"),
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let registry = ParserRegistry.standard
        let json = args.flag("--json")
        let type = try args.option("--type")
        let files = try args.positionals(max: 2)
        guard files.count == 2 else { throw UsageError("diff needs two documents, A and B") }
        if let type, registry.parser(named: type) == nil {
            throw UsageError("unknown --type '\(type)' (expected one of: \(registry.names.joined(separator: ", ")))")
        }
        if files[0] == "-", files[1] == "-" { throw UsageError("only one of A and B can be standard input") }
        var trees: [Tree] = []
        for path in files {
            let bytes: [UInt8]
            do {
                bytes = try path == "-" ? FileBytes.readStandardInput() : FileBytes.read(path)
            } catch {
                Output.error("strata: \(error.description)")
                return 2
            }
            let outcome = registry.parse(bytes, type: type ?? (path == "-" ? nil : ParserRegistry.type(forPath: path)))
            guard let tree = outcome.tree else {
                let error =
                    outcome.error ?? ParseError(message: "no parser accepted the input", offset: 0, line: 1, column: 1)
                Output.error(error.located(in: path))
                return 2
            }
            trees.append(tree)
        }
        let diff = TreeDiff(trees[0], trees[1])
        if json {
            Output.print(diff.jsonText(), style: .json)
        } else {
            Output.print(String(diff.text().dropLast()))
        }
        return diff.isEqual ? 0 : 1
    }
}
