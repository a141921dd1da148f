import TermGrid

/// One row of a key table: the keys, what they do, and how the help and the footer describe it.
package struct KeyBinding: Hashable, Sendable {
    /// The keys that trigger the command (the first is the one shown in hints).
    package var keys: [Key]
    /// What happens.
    package var command: Command
    /// A short description for the help overlay.
    package var description: String
    /// The word shown in the footer hints, or nil to leave the binding out of them.
    package var hint: String?

    /// Creates a binding.
    package init(_ keys: [Key], _ command: Command, _ description: String, hint: String? = nil) {
        self.keys = keys
        self.command = command
        self.description = description
        self.hint = hint
    }

    /// The keys as people read them: `↑ k`, `Enter e`.
    package var keyLabels: String { keys.map(\.label).joined(separator: " ") }
}
