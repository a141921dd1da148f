/// The response the response panes show: a document or a failure, the request it answered, the route it was for,
/// where it came from, and whether it is being mapped.
///
/// Its fields change together through its mutators, so a response from Traffic cannot keep the history number of
/// the one shown before it.
package struct ShownResponse: Sendable {
    /// Where a shown response came from.
    package enum Origin: Hashable, Sendable {
        /// A send from the explorer (or nothing shown yet).
        case send
        /// History entry `number`.
        case history(Int)
        /// Traffic entry `number`: a request the explorer served.
        case traffic(Int)
    }

    /// The response, its failure, or nothing yet (kept on screen while the next one runs).
    package private(set) var area: ResponseArea = .empty
    /// The id of the request whose response is shown.
    package private(set) var id: Int?
    /// The route the response was for.
    package private(set) var routeName: String?
    /// Where the response came from.
    package private(set) var origin = Origin.send
    /// Whether the response is being mapped (the Mapped pane says so meanwhile).
    package private(set) var isMapping = false

    /// The history entry the response was read from, or nil.
    package var historyEntry: Int? {
        if case .history(let number) = origin { return number }
        return nil
    }

    /// Shows `area`, the answer to request `id` for route `routeName` from `origin`; no mapping is under way.
    mutating func show(_ area: ResponseArea, id: Int, routeName: String?, origin: Origin) {
        self.area = area
        self.id = id
        self.routeName = routeName
        self.origin = origin
        isMapping = false
    }

    /// Replaces the shown document with `document`, a later state of the same response (more of a stream
    /// arrived).
    mutating func update(_ document: ResponseDocument) {
        area = .document(document)
    }

    /// Says the shown response is being mapped.
    mutating func startMapping() {
        isMapping = true
    }

    /// Puts `mapping` on the shown document when it answers request `id`; false when another response is shown.
    mutating func setMapping(_ mapping: MappedDocument?, id: Int) -> Bool {
        guard id == self.id, var document = area.document else { return false }
        isMapping = false
        document.mapping = mapping
        area = .document(document)
        return true
    }
}
