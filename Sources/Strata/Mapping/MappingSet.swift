/// All mapped classes of a session, by name.
///
/// Load one from session.json with `MappingSet.load(from:at:file:)`, or build it in Swift:
///
/// ```swift
/// let set = MappingSet([
///     ClassMapping(name: "Feed", properties: [PropertyMapping("id", .int), PropertyMapping("name", .string)])
/// ])
/// ```
public struct MappingSet: Sendable, Hashable {
    /// The classes in configuration order.
    public private(set) var classes: [ClassMapping]
    private var byName: [String: Int]

    /// Creates a set; a later class with the same name replaces an earlier one.
    public init(_ classes: [ClassMapping] = []) {
        self.classes = []
        self.byName = [:]
        for c in classes { add(c) }
    }

    /// Adds a class, replacing any class with the same name.
    public mutating func add(_ mapping: ClassMapping) {
        if let i = byName[mapping.name] {
            classes[i] = mapping
        } else {
            byName[mapping.name] = classes.count
            classes.append(mapping)
        }
    }

    /// The class named `name`, if any.
    public subscript(name: String) -> ClassMapping? { byName[name].map { classes[$0] } }

    /// The class names, in configuration order.
    public var names: [String] { classes.map(\.name) }

    /// True when there are no classes.
    public var isEmpty: Bool { classes.isEmpty }

    /// The class that declares JSON:API resource type `type`, if any.
    public func jsonapiClass(forType type: String) -> ClassMapping? { classes.first { $0.jsonapiType == type } }
}
