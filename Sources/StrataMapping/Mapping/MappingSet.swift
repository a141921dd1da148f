import StrataDocuments

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

extension MappingSet {
    /// The mistakes in a set built from Swift, one sentence each: unknown classes, bad date patterns, defaults
    /// that do not fit, `only` names that are not properties, transforms on properties that read no scalars. (A set loaded from JSON reports these as
    /// diagnostics with positions instead.)
    public var problems: [String] {
        var out: [String] = []
        let builtins = Set(JSONAPIBuiltins.classes.map(\.name))
        func checkFormat(_ f: DateFormat?, _ label: String) {
            guard case .pattern(let p)? = f, case .failure(let problem) = DatePattern.parse(p) else { return }
            out.append("bad date pattern for \(label): \(problem.message)")
        }
        for c in classes {
            checkFormat(c.dateFormat, "class \(c.name)")
            for name in c.only ?? [] where c.property(named: name) == nil {
                out.append("only of \(c.name) lists \(JSONString.quote(name)), which is not a property of \(c.name)")
            }
            for p in c.properties {
                let label = "\(c.name).\(p.name)"
                for name in p.type.referencedClasses where self[name] == nil && !builtins.contains(name) {
                    out.append("unknown class \(JSONString.quote(name)) for \(label)")
                }
                checkFormat(p.format, label)
                if p.format != nil, !p.type.involvesDate {
                    out.append("format applies to dates; \(label) has type \(p.type)")
                }
                if !p.transforms.isEmpty, !p.type.takesTransforms {
                    out.append("transform applies to scalar values; \(label) has type \(p.type)")
                }
                if let d = p.defaultValue,
                    case .unusable(let why) = DefaultContent(d, type: p.type, format: p.format, timeZone: c.timeZone)
                {
                    out.append("default of \(label): \(why)")
                }
                for target in p.type.referencedClasses.compactMap({ self[$0] }) {
                    for name in p.only ?? [] where target.property(named: name) == nil {
                        out.append(
                            "only of \(label) lists \(JSONString.quote(name)), which is not a property of \(target.name)"
                        )
                    }
                }
            }
        }
        return out
    }
}
