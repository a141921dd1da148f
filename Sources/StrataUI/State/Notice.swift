/// A one-line message in the status bar until the next key: what just happened, or what went wrong.
package struct Notice: Hashable, Sendable {
    /// How the message is coloured.
    package enum Kind: Hashable, Sendable {
        /// Neutral news (`session reloaded`).
        case info
        /// A problem the user should read.
        case error
    }

    /// The text.
    package var text: String
    /// Its kind.
    package var kind: Kind
    /// The run the notice is about (`sending history #3 again`): it goes when that run ends, whatever ended it.
    package var whileRun: Int?

    /// Creates a notice.
    package init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}
