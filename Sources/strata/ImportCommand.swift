import Foundation
import Strata

/// `strata import openapi|har|curl …`: Make a session from an OpenAPI document, a HAR file or a curl command.
enum ImportCommand {
    static let usage =
        "strata import openapi SPEC [--out DIR] [--name NAME] | har FILE [--out DIR] [--all | --content-type TYPE...] | curl [COMMAND | -] [--into SESSION] [--name ROUTE]"
        + " | postman COLLECTION [--environment FILE]... | insomnia EXPORT | http FILE [--environment FILE]"
    static let summary =
        "Make a session from an OpenAPI document, a HAR file, a curl command, a Postman collection, an Insomnia export or a .http file."
    static let kinds = ["openapi", "har", "curl", "postman", "insomnia", "http"]
    static let arguments = [
        PositionalSpec(name: "KIND", help: "openapi, har, curl, postman, insomnia or http"),
        PositionalSpec(
            name: "INPUT",
            help:
                "the spec, HAR, collection, export or .http file; for curl the command as one argument, or - for stdin"),
    ]
    static let options = [
        OptionSpec("--out", "-o", value: "DIR", help: "the session folder to write (default: named after the input)"),
        OptionSpec("--name", value: "NAME", help: "the session's name (curl: the route's)"),
        OptionSpec("--into", value: "SESSION", help: "curl: add the route to this session (created when missing)"),
        OptionSpec("--force", help: "replace files that exist instead of refusing"),
        OptionSpec("--all", help: "har: keep page assets too (scripts, styles, images, fonts, HTML pages)"),
        OptionSpec(
            "--content-type", value: "TYPE",
            help:
                "har: keep only responses of TYPE instead (json, xml, text/html, image/*; repeatable or comma-separated)"
        ),
        OptionSpec(
            "--environment", value: "FILE",
            help:
                "postman: an environment export; http: an http-client.env.json (repeatable): the session's environments"
        ),
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let positionals = try args.positionals()
        guard let kind = positionals.first else {
            throw UsageError("missing KIND (openapi, har, curl, postman, insomnia or http)")
        }
        let force = args.flag("--force")
        let name = try args.option("--name")
        let out = try args.option("--out")
        let into = try args.option("--into")
        let all = args.flag("--all")
        if all, kind != "har" { throw UsageError("--all applies to har only") }
        let contentTypes = try args.options("--content-type").flatMap {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        .map { $0.trimmingCharacters(in: .whitespaces) }
        if !contentTypes.isEmpty, kind != "har" { throw UsageError("--content-type applies to har only") }
        if !contentTypes.isEmpty, all { throw UsageError("use --all or --content-type, not both") }
        if contentTypes.contains(where: \.isEmpty) {
            throw UsageError("--content-type needs a type, such as json, text/html or image/*")
        }
        let input = Array(positionals.dropFirst())
        if into != nil, kind != "curl" { throw UsageError("--into applies to curl only") }
        let environmentFiles = try args.options("--environment")
        if !environmentFiles.isEmpty, kind != "postman", kind != "http" {
            throw UsageError("--environment applies to postman and http only")
        }
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
                let result = try HARImport.session(
                    Array(data), file: input[0], name: name, keepAssets: all, contentTypes: contentTypes)
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
            case "postman", "insomnia", "http":
                guard input.count == 1 else { throw UsageError(input.isEmpty ? "missing FILE" : "one FILE at a time") }
                let bytes = try read(input[0])
                let environments = try environmentFiles.map { (file) throws(CommandError) in (file, try read(file)) }
                let result: ImportResult
                switch kind {
                case "postman":
                    result = try PostmanImport.session(bytes, file: input[0], environments: environments, name: name)
                case "insomnia":
                    result = try InsomniaImport.session(bytes, file: input[0], name: name)
                default:
                    result = try HTTPFileImport.session(bytes, file: input[0], environments: environments, name: name)
                }
                return try finish(result, folder: out ?? defaultFolder(input[0]), force: force)
            default:
                throw UsageError("unknown import kind '\(kind)'" + Suggestion.didYouMean(kind, in: kinds))
            }
        } catch let e as ImportError {
            throw CommandError(e.description)
        }
    }

    /// The bytes of the file the user named (`-`: standard input).
    static func read(_ file: String) throws(CommandError) -> [UInt8] {
        if file == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandError("\(file): cannot read the file (no such file, or not readable)")
        }
        return Array(data)
    }

    /// `petstore` for `specs/petstore.yaml` (`Conduit` for `Conduit.postman_collection.json`).
    static func defaultFolder(_ input: String) -> String {
        var base = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
        for suffix in [".postman_collection", ".postman_environment", "_collection"] where base.hasSuffix(suffix) {
            base = String(base.dropLast(suffix.count))
        }
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
