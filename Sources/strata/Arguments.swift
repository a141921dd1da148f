/// A small command-line reader: flags, options with values, repeated options, positionals.
struct Arguments {
    /// What is left to read.
    private(set) var rest: [String]

    init(_ argv: [String]) { rest = argv }

    /// Removes every occurrence of a flag such as `--json`; true when one was there.
    mutating func flag(_ names: String...) -> Bool {
        let before = rest.count
        rest.removeAll { names.contains($0) }
        return rest.count != before
    }

    /// Removes and returns the value of an option (`--type json` or `--type=json`); the last one wins.
    mutating func option(_ names: String...) throws(UsageError) -> String? {
        try values(names).last
    }

    /// Removes and returns every value of a repeatable option (`-p a=1 -p b=2`).
    mutating func options(_ names: String...) throws(UsageError) -> [String] {
        try values(names)
    }

    private mutating func values(_ names: [String]) throws(UsageError) -> [String] {
        var found: [String] = []
        var kept: [String] = []
        var i = 0
        while i < rest.count {
            let a = rest[i]
            if let name = names.first(where: { a.hasPrefix($0 + "=") }) {
                found.append(String(a.dropFirst(name.count + 1)))
            } else if names.contains(a) {
                guard i + 1 < rest.count else { throw UsageError("\(a) needs a value") }
                found.append(rest[i + 1])
                i += 1
            } else {
                kept.append(a)
            }
            i += 1
        }
        rest = kept
        return found
    }

    /// Returns the remaining positionals, failing on any unknown option left over (`-` alone is stdin).
    mutating func positionals(max: Int = .max) throws(UsageError) -> [String] {
        var out: [String] = []
        var literal = false
        for a in rest {
            if !literal, a == "--" {
                literal = true
                continue
            }
            if !literal, a.hasPrefix("-"), a != "-" { throw UsageError("unknown option '\(a)'") }
            out.append(a)
        }
        rest = []
        guard out.count <= max else { throw UsageError("unexpected argument '\(out[max])'") }
        return out
    }

    /// Reads the `SESSION ROUTE` positionals of `run` and `record`.
    mutating func sessionAndRoute() throws(UsageError) -> (session: String, route: String) {
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
