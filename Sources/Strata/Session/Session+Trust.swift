import Foundation

/// What an untrusted session may not do, and how front ends say so (see ``SessionTrust``).
extension Session {
    /// True when the session names programs it may not run: it is not trusted.
    public var withholdsPrograms: Bool { !isTrusted && !trust.programs.isEmpty }

    /// `strata trust Sessions/catalog`: the command that trusts this session, its folder as the user named it.
    public var trustCommand: String { "strata trust " + ShellWords.line([directory]) }

    /// `Sessions/catalog runs programs named in session.json (parsers: csv = python3 tools/csv2json.py); trust it
    /// with: strata trust Sessions/catalog`.
    public var programsNotRun: String {
        "\(directory) runs programs named in session.json (\(trust.programList)); trust it with: \(trustCommand)"
    }
}
