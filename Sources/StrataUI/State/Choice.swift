import Strata

/// A list of entries to pick one from, and what the pick is for.
package struct Choice: Hashable, Sendable {
    /// What the picked entry becomes.
    package enum Purpose: Hashable, Sendable {
        /// The session environment (`v`); the first entry is the session's own defaults.
        case environment
        /// Where the param `name` being added with `value` goes (`a`).
        case newParamPlacement(name: String, value: String)
        /// Where the existing param `name` goes (`p`).
        case placement(name: String)
        /// Whether to write what `Y` would copy to a file, as it is too large for the clipboard.
        case export(CopyChoice)
    }

    /// What the pick is for.
    package var purpose: Purpose
    /// The box's title.
    package var title: String
    /// The entries, as shown.
    package var items: [String]
    /// The highlighted entry.
    package var selected: Int
    /// A note shown after each entry (an environment's `description`), or empty.
    package var notes: [String] = []

    /// The entry name for "no environment" in the environment list.
    package static let noEnvironment = "(session defaults)"

    /// The places a param can go, in the order they are offered.
    package static let placements: [ParamLocation] = [.query, .header, .path, .body, .cookie]

    /// A placement list for `purpose`, `current` highlighted.
    package static func placement(_ purpose: Purpose, title: String, current: ParamLocation) -> Choice {
        Choice(
            purpose: purpose, title: title, items: placements.map(\.rawValue),
            selected: placements.firstIndex(of: current) ?? 0)
    }
}
