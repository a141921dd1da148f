import Strata

/// One option a command accepts: its names, the value it takes (nil for a flag) and one line of help.
///
/// A command's table of these is the only description of its options: ``Arguments`` parses with it and
/// `strata COMMAND --help` prints it.
struct OptionSpec: Sendable {
    /// Every spelling, the long one first (`--type`, `-t`).
    var names: [String]
    /// What the value is called in help (`TYPE`), or nil for a flag.
    var value: String?
    /// One line: what the option does.
    var help: String

    init(_ names: String..., value: String? = nil, help: String) {
        self.names = names
        self.value = value
        self.help = help
    }

    /// `--help` and `-h`, which every command accepts.
    static let help = OptionSpec("--help", "-h", help: "show this help and exit")

    /// How the option is shown in help: `-t, --type TYPE`.
    var synopsis: String {
        let short = names.filter { !$0.hasPrefix("--") }
        let long = names.filter { $0.hasPrefix("--") }
        var s = (short + long).joined(separator: ", ")
        if short.isEmpty { s = "    " + s }
        if let value { s += " " + value }
        return s
    }
}

/// One positional argument a command takes, for help: its name as in the usage line and one line of help.
struct PositionalSpec: Sendable {
    var name: String
    var help: String
}

/// A command line read against a command's option table: flags, options with values, repeated options and
/// positionals.
///
/// Everything after `--` is a positional, even when it starts with `-`; `-` alone is a positional (stdin). An
/// option that is not in the table is a usage error with a did-you-mean.
struct Arguments {
    private let table: [OptionSpec]
    /// Values by the option's first name, in command-line order; a flag holds one empty string per occurrence.
    private var found: [String: [String]] = [:]
    /// The spellings given (`--max-body` where the table's first name is `--max-request-body`).
    private var spellings: Set<String> = []
    private let positionalValues: [String]

    /// Reads `argv` against `options` (``OptionSpec/help`` is always accepted).
    init(_ argv: [String], options: [OptionSpec]) throws(UsageError) {
        table = options + [.help]
        var positionals: [String] = []
        var literal = false
        var i = 0
        while i < argv.count {
            let a = argv[i]
            i += 1
            if literal || a == "-" || !a.hasPrefix("-") {
                positionals.append(a)
                continue
            }
            if a == "--" {
                literal = true
                continue
            }
            let name = a.split(separator: "=", maxSplits: 1).first.map(String.init) ?? a
            guard let spec = table.first(where: { $0.names.contains(name) }) else {
                var message = "unknown option '\(a)'"
                let all = table.flatMap(\.names).filter { $0.hasPrefix("--") }
                message += Suggestion.didYouMean(name, in: all)
                throw UsageError(message)
            }
            let key = spec.names[0]
            spellings.insert(name)
            if spec.value == nil {
                guard name == a else { throw UsageError("\(name) takes no value") }
                found[key, default: []].append("")
            } else if name != a {
                found[key, default: []].append(String(a.dropFirst(name.count + 1)))
            } else {
                guard i < argv.count else { throw UsageError("\(a) needs a value") }
                found[key, default: []].append(argv[i])
                i += 1
            }
        }
        positionalValues = positionals
    }

    /// The table entry for `name`; asking for an option the table lacks is a programming error.
    private func key(_ name: String) -> String {
        guard let spec = table.first(where: { $0.names.contains(name) }) else {
            preconditionFailure("option \(name) is not in the command's option table")
        }
        return spec.names[0]
    }

    /// True when `spelling`, exactly as written, was given (a deprecated name of an option, to warn about).
    func gave(_ spelling: String) -> Bool { spellings.contains(spelling) }

    /// True when the flag `name` (any of its spellings) was given.
    func flag(_ name: String) -> Bool { found[key(name)] != nil }

    /// The value of an option (`--type json` or `--type=json`); the last one wins.
    func option(_ name: String) throws(UsageError) -> String? { found[key(name)]?.last }

    /// Every value of a repeatable option (`-p a=1 -p b=2`), in order.
    func options(_ name: String) throws(UsageError) -> [String] { found[key(name)] ?? [] }

    /// The positionals, failing when there are more than `max`.
    func positionals(max: Int = .max) throws(UsageError) -> [String] {
        guard positionalValues.count <= max else {
            throw UsageError("unexpected argument '\(positionalValues[max])'")
        }
        return positionalValues
    }

    /// Reads the `SESSION ROUTE` positionals of `run` and `record`.
    func sessionAndRoute() throws(UsageError) -> (session: String, route: String) {
        let positionals = try positionals(max: 2)
        guard positionals.count == 2 else {
            throw UsageError(positionals.isEmpty ? "missing SESSION and ROUTE" : "missing ROUTE")
        }
        return (positionals[0], positionals[1])
    }
}

/// A mistake in how the command was called: exit 2 with the usage line.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// A failure the command reports on stderr before exiting 1.
struct CommandError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
