import Foundation
import Strata

/// `strata parse [--type json|xml|plist|form|text|hex] [FILE|-] [--json] [--quiet]`: Parse a file or stdin and
/// print its tree.
enum ParseCommand {
    static let usage = "strata parse [--type json|xml|plist|form|text|hex] [FILE|-] [--json] [--quiet]"
    static let summary = "Parse a file or stdin and print its tree."

    static func run(_ args: inout Arguments) throws -> Int32 {
        let registry = ParserRegistry.standard
        let json = args.flag("--json")
        let quiet = args.flag("--quiet", "-q")
        let type = try args.option("--type", "-t")
        let files = try args.positionals(max: 1)
        if let type, registry.parser(named: type) == nil {
            throw UsageError("unknown --type '\(type)' (expected one of: \(registry.names.joined(separator: ", ")))")
        }
        let path = files.first ?? "-"
        let bytes: [UInt8]
        if path == "-" {
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandError("cannot read '\(path)': no such file")
            }
            guard !isDirectory.boolValue else { throw CommandError("cannot read '\(path)': it is a directory") }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandError("cannot read '\(path)': permission denied or unreadable")
            }
            bytes = [UInt8](data)
        }
        let chosen = type ?? (path == "-" ? nil : ParserRegistry.type(forPath: path))
        let outcome = registry.parse(bytes, type: chosen)
        guard let tree = outcome.tree else {
            let error =
                outcome.error ?? ParseError(message: "no parser accepted the input", offset: 0, line: 1, column: 1)
            FileHandle.standardError.write(Data((error.located(in: path) + "\n").utf8))
            return 1
        }
        if quiet { return 0 }
        let out = FileHandle.standardOutput
        if json {
            var buffer: [UInt8] = []
            tree.writeJSON(Tree.root, into: &buffer)
            buffer.append(0x0A)
            out.write(Data(buffer))
        } else {
            TreePrinter().write(tree) { out.write(Data($0)) }
        }
        return 0
    }
}
