import StrataDocuments

/// One property of a mapped class: its name, where its value comes from, and its type.
///
/// ```swift
/// PropertyMapping("publicationDate", .date, format: .pattern("M/d/yyyy"))
/// PropertyMapping("numberOfArticles", .dictionary(values: .string, keys: ["thirdKey": .object("Article")]),
///                 field: "numberOf")
/// ```
public struct PropertyMapping: Sendable, Hashable {
    /// The property's name, shown in the mapped tree and in issues (`Article.copies`).
    public var name: String
    /// The data field or key path (`pagination.page_number`, `items.0.name`); nil matches by name.
    public var field: String?
    /// The expected type.
    public var type: MappingType
    /// The date format for dates in this property; nil uses the class's.
    public var format: DateFormat?
    /// True when the value may be missing or null without an issue.
    public var optional: Bool
    /// The value used when the field is missing or null (the property is then never an issue for that).
    public var defaultValue: DefaultValue?
    /// For class-typed properties: map only these properties of the nested objects.
    public var only: [String]?
    /// Changes made to each scalar value, in order, before it is typed (`trim`, `number`, `yesno`, …).
    public var transforms: [ValueTransform] = []

    /// Creates a property.
    public init(
        _ name: String, _ type: MappingType, field: String? = nil, format: DateFormat? = nil,
        optional: Bool = false, default defaultValue: DefaultValue? = nil, only: [String]? = nil
    ) {
        self.name = name
        self.field = field
        self.type = type
        self.format = format
        self.optional = optional
        self.defaultValue = defaultValue
        self.only = only
    }

    /// Creates a property, with the type first spelled out as `type:` (the form the issue text uses).
    public init(
        name: String, type: MappingType, field: String? = nil, format: DateFormat? = nil, optional: Bool = false,
        default defaultValue: DefaultValue? = nil, only: [String]? = nil
    ) {
        self.init(
            name, type, field: field, format: format, optional: optional, default: defaultValue, only: only)
    }
}

/// A property's default value, as a JSON value.
public enum DefaultValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A boolean.
    case bool(Bool)
    /// `null`: the property is nil when missing.
    case null
    /// Any JSON text (an object, an array, a number written exactly).
    case json(String)

    /// The default as JSON text.
    public var jsonText: String {
        switch self {
        case .string(let s): JSONString.quote(s)
        case .int(let i): String(i)
        case .double(let d): d.isFinite ? "\(d)" : "null"
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        case .json(let text): text
        }
    }
}
