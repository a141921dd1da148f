/// A one-line message in the status bar until the next key: what just happened, or what went wrong.
public struct Notice: Hashable, Sendable {
    /// How the message is coloured.
    public enum Kind: Hashable, Sendable {
        /// Neutral news (`session reloaded`).
        case info
        /// A problem the user should read.
        case error
    }

    /// The text.
    public var text: String
    /// Its kind.
    public var kind: Kind

    /// Creates a notice.
    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}
