import Foundation
import Strata

/// `strata import openapi|har|curl …`: Make a session from an OpenAPI document, a HAR file or a curl command.
enum ImportCommand {
    static let usage =
        "strata import openapi SPEC [--out DIR] [--name NAME] | har FILE [--out DIR] [--all] | curl [COMMAND | -] [--into SESSION] [--name ROUTE]"
    static let summary = "Make a session from an OpenAPI document, a HAR file or a curl command."
    static let arguments = [
        PositionalSpec(name: "KIND", help: "openapi, har or curl"),
        PositionalSpec(
            name: "INPUT", help: "the spec or HAR file; for curl the command as one argument, or - for stdin"),
    ]
    static let options = [
        OptionSpec("--out", "-o", value: "DIR", help: "the session folder to write (default: named after the input)"),
        OptionSpec("--name", value: "NAME", help: "the session's name (openapi, har) or the route's (curl)"),
        OptionSpec("--into", value: "SESSION", help: "curl: add the route to this session (created when missing)"),
        OptionSpec("--force", help: "replace files that exist instead of refusing"),
        OptionSpec("--all", help: "har: keep page assets too (scripts, styles, images, fonts, HTML pages)"),
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let positionals = try args.positionals()
        guard let kind = positionals.first else { throw UsageError("missing KIND (openapi, har or curl)") }
        let force = args.flag("--force")
        let name = try args.option("--name")
        let out = try args.option("--out")
        let into = try args.option("--into")
        let all = args.flag("--all")
        if all, kind != "har" { throw UsageError("--all applies to har only") }
        let input = Array(positionals.dropFirst())
        if into != nil, kind != "curl" { throw UsageError("--into applies to curl only") }
        do {
            switch kind {
            case "openapi":
                guard input.count == 1 else { throw UsageError(input.isEmpty ? "missing SPEC" : "one SPEC at a time") }
                let result = try OpenAPIImport.session(path: input[0], name: name)
                return try finish(result, folder: out ?? defaultFolder(input[0]), force: force)
            case "har":
                guard input.count == 1 else { throw UsageError(input.isEmpty ? "missing FILE" : "one FILE at a time") }
                guard
                    let data = input[0] == "-"
                        ? FileHandle.standardInput.readDataToEndOfFile()
                        : FileManager.default.contents(atPath: input[0])
                else {
                    throw CommandError("\(input[0]): cannot read the file (no such file, or not readable)")
                }
                let result = try HARImport.session(Array(data), file: input[0], name: name, keepAssets: all)
                return try finish(result, folder: out ?? defaultFolder(input[0]), force: force)
            case "curl":
                // One argument holds the whole command; several are its words (after `--`); `-` reads stdin.
                var text = input.count == 1 ? input[0] : input.map(ShellWords.quote).joined(separator: " ")
                if input.isEmpty || input == ["-"] {
                    text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
                }
                if let into {
                    if out != nil { throw UsageError("use --into or --out, not both") }
                    let (result, written) = try CurlImport.add(text, routeName: name, intoSession: into)
                    report(result, written: written)
                    return check(into)
                }
                let result = try CurlImport.session(text, routeName: name)
                return try finish(result, folder: out ?? "imported", force: force)
            default:
                throw UsageError(
                    "unknown import kind '\(kind)'" + Suggestion.didYouMean(kind, in: ["openapi", "har", "curl"]))
            }
        } catch let e as ImportError {
            throw CommandError(e.description)
        }
    }

    /// `petstore` for `specs/petstore.yaml`.
    static func defaultFolder(_ input: String) -> String {
        let base = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
        return base.isEmpty || base == "-" ? "imported" : base
    }

    static func finish(_ result: ImportResult, folder: String, force: Bool) throws -> Int32 {
        let written = try result.write(to: folder, force: force)
        report(result, written: written)
        return check(folder)
    }

    static func report(_ result: ImportResult, written: [String]) {
        for line in result.made { Output.print("made: \(line)") }
        for file in written { Output.print("wrote \(file)") }
        for line in result.notCarried { Output.print("not carried over: \(line)") }
    }

    /// Checks the written session as `strata check` does; errors are a failure.
    static func check(_ folder: String) -> Int32 {
        let check = SessionCheck.run(path: folder, trust: trustStore)
        for d in check.diagnostics { Output.print("\(d)") }
        Output.print("check: " + check.summary)
        return check.diagnostics.contains { $0.severity == .error } ? 1 : 0
    }
}
