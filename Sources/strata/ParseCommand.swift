import Foundation
import Strata

/// `strata parse [--type json|xml|plist|yaml|form|text|hex] [FILE|-] [--json] [--quiet]`: Parse a file or stdin and
/// print its tree.
enum ParseCommand {
    static let usage = "strata parse [--type json|xml|plist|yaml|form|text|hex] [FILE|-] [--json] [--quiet]"
    static let summary = "Parse a file or stdin and print its tree."
    static let arguments = [PositionalSpec(name: "FILE|-", help: "the file to parse; - or none reads standard input")]
    static let options = [
        OptionSpec(
            "--type", "-t", value: "TYPE",
            help: "parse as json, xml, plist, yaml, form, text or hex (default: by extension, then by content)"),
        OptionSpec("--json", help: "print the tree as canonical JSON instead of indented lines"),
        OptionSpec("--quiet", "-q", help: "print nothing; exit 1 with the error when the input does not parse"),
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let registry = ParserRegistry.standard
        let json = args.flag("--json")
        let quiet = args.flag("--quiet")
        let type = try args.option("--type")
        let files = try args.positionals(max: 1)
        if let type, registry.parser(named: type) == nil {
            throw UsageError("unknown --type '\(type)' (expected one of: \(registry.names.joined(separator: ", ")))")
        }
        let path = files.first ?? "-"
        if quiet, path != "-", (type ?? ParserRegistry.type(forPath: path)) == "json" {
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
        guard let tree = outcome.tree else {
            let error =
                outcome.error ?? ParseError(message: "no parser accepted the input", offset: 0, line: 1, column: 1)
            Output.error(error.located(in: path))
            return 1
        }
        if quiet { return 0 }
        if json {
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
