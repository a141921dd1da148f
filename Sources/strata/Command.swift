/// One subcommand: its usage line, what it does, its arguments and options (which parse it and print its help).
struct Command {
    var name: String
    var usage: String
    var summary: String
    var arguments: [PositionalSpec]
    var options: [OptionSpec]
    var run: (inout Arguments) throws -> Int32

    /// The subcommand `name`, as `definition` declares it.
    init<D: CommandDefinition>(_ name: String, _ definition: D.Type) {
        self.name = name
        usage = D.usage
        summary = D.summary
        arguments = D.arguments
        options = D.options
        run = D.run
    }
}

/// What each `…Command` enum declares: the table its help is printed from, and the function that runs it.
protocol CommandDefinition {
    static var usage: String { get }
    static var summary: String { get }
    static var arguments: [PositionalSpec] { get }
    static var options: [OptionSpec] { get }
    static func run(_ args: inout Arguments) throws -> Int32
}

extension ExploreCommand: CommandDefinition {}
extension ParseCommand: CommandDefinition {}
extension RoutesCommand: CommandDefinition {}
extension RunCommand: CommandDefinition {}
extension CheckCommand: CommandDefinition {}
extension DiffCommand: CommandDefinition {}
extension DriftCommand: CommandDefinition {}
extension TestCommand: CommandDefinition {}
extension RecordCommand: CommandDefinition {}
extension ScreenshotCommand: CommandDefinition {}
extension ServeCommand: CommandDefinition {}
extension HistoryCommand: CommandDefinition {}
extension ImportCommand: CommandDefinition {}
extension TrustCommand: CommandDefinition {}
