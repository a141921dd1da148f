/// The names whose values are shown and recorded as `<redacted>` (a session's `redact` list): in file order, and
/// matched ignoring case through a set, so asking for each of many params is not a scan of the list each time.
public struct RedactList: Sendable {
    /// The names as written, in order, each once (ignoring case).
    public private(set) var names: [String] = []
    private var lowered: Set<String> = []

    /// The list of `names`, a name repeated in another case kept once.
    public init(_ names: [String] = []) {
        for name in names { insert(name) }
    }

    /// True when the list names `name`, ignoring case.
    public func contains(_ name: String) -> Bool { !lowered.isEmpty && lowered.contains(name.lowercased()) }

    /// Adds `name` unless the list already names it (in any case).
    public mutating func insert(_ name: String) {
        if lowered.insert(name.lowercased()).inserted { names.append(name) }
    }
}
