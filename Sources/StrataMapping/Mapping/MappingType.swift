/// The type a mapped property expects: a scalar, a class, an array, a dictionary, a choice, or a relationship.
///
/// Written in configuration as a type string (`"string"`, `"Article"`, `"[Article]"`, `"{Article}"`, `"dictionary"`)
/// or built from Swift. Unknown names are kept as `.object(name)` so that mapping can report them as `unknownClass`.
public indirect enum MappingType: Sendable, Hashable, CustomStringConvertible {
    /// Text.
    case string
    /// A whole number that fits in 64 bits.
    case int
    /// A binary floating-point number.
    case double
    /// An exact decimal number (`decimal`), kept as written.
    case decimal
    /// `true` or `false`.
    case bool
    /// A point in time, read with the property's or class's date format.
    case date
    /// A URL (absolute or relative).
    case url
    /// The raw subtree, whatever it holds.
    case any
    /// An object of the named class.
    case object(String)
    /// An array whose elements all have the given type.
    case array(MappingType)
    /// An object read as a dictionary: `values` for every key, except the per-key types in `keys`.
    case dictionary(values: MappingType, keys: [String: MappingType])
    /// An object whose class is chosen by the value of one of its fields.
    case choice(Discriminator)
    /// A JSON:API to-one relationship to one of the given classes (outside JSON:API: an embedded object).
    case hasOne([String])
    /// A JSON:API to-many relationship to the given classes (outside JSON:API: an array of embedded objects).
    case hasMany([String])

    /// The built-in scalar type names, in the order they are documented.
    public static let scalarNames = ["string", "int", "double", "decimal", "bool", "date", "url", "any"]

    /// Names other libraries give built-in types (Foundation classes, JSON Schema words), and the type Strata calls
    /// them, for a did-you-mean when one is used as a type.
    public static let aliases = [
        "NSString": "string", "String": "string", "integer": "int", "Int": "int", "NSInteger": "int",
        "boolean": "bool", "Bool": "bool", "BOOL": "bool", "number": "double", "Double": "double",
        "NSNumber": "double", "float": "double", "NSDecimalNumber": "decimal", "NSDate": "date", "Date": "date",
        "NSURL": "url", "URL": "url", "NSDictionary": "dictionary", "object": "dictionary", "NSArray": "[any]",
        "array": "[any]",
    ]

    /// The type named by a built-in scalar name, or nil.
    public static func scalar(named name: String) -> MappingType? {
        switch name {
        case "string": .string
        case "int": .int
        case "double": .double
        case "decimal": .decimal
        case "bool": .bool
        case "date": .date
        case "url": .url
        case "any": .any
        default: nil
        }
    }

    /// Parses a type string: a scalar name, `dictionary`, a class name, `[T]`, or `{T}` (a dictionary of `T`).
    ///
    /// Every name that is not built in becomes `.object(name)`; `MappingSet` checks that the class exists.
    /// Returns nil only for malformed text (empty, unbalanced brackets).
    public init?(parsing text: String) {
        let t = text.trimmed
        guard !t.isEmpty else { return nil }
        if t.hasPrefix("[") {
            guard t.hasSuffix("]"), t.count >= 3, let inner = MappingType(parsing: String(t.dropFirst().dropLast()))
            else { return nil }
            self = .array(inner)
            return
        }
        if t.hasPrefix("{") {
            guard t.hasSuffix("}"), t.count >= 3, let inner = MappingType(parsing: String(t.dropFirst().dropLast()))
            else { return nil }
            self = .dictionary(values: inner, keys: [:])
            return
        }
        if t.contains(where: { "[]{} ".contains($0) }) { return nil }
        if let s = MappingType.scalar(named: t) {
            self = s
        } else if t == "dictionary" {
            self = .dictionary(values: .any, keys: [:])
        } else {
            self = .object(t)
        }
    }

    /// The type as written in configuration: `string`, `[Article]`, `{int}`, `dictionary`, `Comment|Like by kind`.
    public var description: String {
        switch self {
        case .string: "string"
        case .int: "int"
        case .double: "double"
        case .decimal: "decimal"
        case .bool: "bool"
        case .date: "date"
        case .url: "url"
        case .any: "any"
        case .object(let name): name
        case .array(let element): "[\(element)]"
        case .dictionary(let values, _): values == .any ? "dictionary" : "{\(values)}"
        case .choice(let d): d.classNames.joined(separator: "|") + " by " + d.field
        case .hasOne(let classes): "hasOne " + classes.joined(separator: "|")
        case .hasMany(let classes): "hasMany " + classes.joined(separator: "|")
        }
    }

    /// Every class name this type refers to, for validation.
    public var referencedClasses: [String] {
        switch self {
        case .object(let name): [name]
        case .array(let element): element.referencedClasses
        case .dictionary(let values, let keys):
            values.referencedClasses + keys.keys.sorted().flatMap { keys[$0]!.referencedClasses }
        case .choice(let d): d.classNames
        case .hasOne(let classes), .hasMany(let classes): classes
        default: []
        }
    }

    /// True when the type reads scalars (a scalar type other than `any`, or an array or dictionary of one), so
    /// value transforms apply to it.
    public var takesTransforms: Bool {
        switch self {
        case .string, .int, .double, .decimal, .bool, .date, .url: true
        case .array(let element): element.takesTransforms
        case .dictionary(let values, let keys): values.takesTransforms || keys.values.contains { $0.takesTransforms }
        default: false
        }
    }

    /// True when the type is, or contains, a date (so a date format applies to it).
    public var involvesDate: Bool {
        switch self {
        case .date: true
        case .array(let element): element.involvesDate
        case .dictionary(let values, let keys): values.involvesDate || keys.values.contains { $0.involvesDate }
        default: false
        }
    }
}

/// How an element's class is chosen from one of its fields: `{ "by": "kind", "map": { "comment": "Comment" } }`.
public struct Discriminator: Sendable, Hashable {
    /// The field whose value selects the class.
    public var field: String
    /// Field values and the classes they select, in configuration order.
    public var cases: [Case]

    /// One field value and the class it selects.
    public struct Case: Sendable, Hashable {
        /// The value of the discriminating field.
        public var value: String
        /// The class used for elements with that value.
        public var className: String

        /// Creates a case.
        public init(value: String, className: String) {
            self.value = value
            self.className = className
        }
    }

    /// Creates a discriminator.
    public init(field: String, cases: [Case]) {
        self.field = field
        self.cases = cases
    }

    /// Creates a discriminator from `value: class` pairs, in the order given.
    public init(field: String, _ pairs: KeyValuePairs<String, String>) {
        self.init(field: field, cases: pairs.map { Case(value: $0.key, className: $0.value) })
    }

    /// The class selected by `value`, or nil.
    public func className(for value: String) -> String? { cases.first { $0.value == value }?.className }

    /// The classes this discriminator can select, without repeats.
    public var classNames: [String] {
        var seen: Set<String> = []
        return cases.compactMap { seen.insert($0.className).inserted ? $0.className : nil }
    }
}
