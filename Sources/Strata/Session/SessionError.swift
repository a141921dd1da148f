import StrataDocuments

/// Why a session could not be loaded: every problem found, each as `file:line:col: message`.
public struct SessionError: Error, Sendable, CustomStringConvertible {
    /// The problems, in file order.
    public var diagnostics: [Diagnostic]

    /// Creates an error from its problems.
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// One problem per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
