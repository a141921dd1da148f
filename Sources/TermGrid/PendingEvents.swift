/// Events waiting to be handed out, first in first out, with constant-time removal from the front (a paste
/// typed key by key by a terminal without bracketed paste can queue 100 000 keys at once).
package struct PendingEvents: Sendable {
    private var items: [Event] = []
    private var head = 0

    package init() {}

    /// Whether no event is waiting.
    package var isEmpty: Bool { head == items.count }

    /// How many events are waiting.
    package var count: Int { items.count - head }

    /// Queues events after those already waiting.
    package mutating func append(contentsOf events: [Event]) { items.append(contentsOf: events) }

    /// Removes and returns the oldest event, or nil when none is waiting.
    package mutating func next() -> Event? {
        guard head < items.count else { return nil }
        let event = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return event
    }
}
