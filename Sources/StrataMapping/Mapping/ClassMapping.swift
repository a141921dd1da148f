import Foundation

/// A mapped class: its properties in order, and the class-wide date and JSON:API settings.
///
/// ```swift
/// ClassMapping(name: "Article", properties: [
///     PropertyMapping("title", .string),
///     PropertyMapping("copies", .int),
/// ])
/// ```
public struct ClassMapping: Sendable, Hashable {
    /// The class name, used in type strings and shown in the mapped tree.
    public var name: String
    /// The properties, in the order they are shown.
    public var properties: [PropertyMapping]
    /// The date format for this class's dates, unless a property sets its own (`dateFormat`, or DXDAL's
    /// `dateStyle` / `timeStyle`).
    public var dateFormat: DateFormat?
    /// The time zone dates without an explicit offset are read in; nil is UTC.
    public var timeZone: TimeZone?
    /// When set, only these properties are mapped (JCModel's subset mapping).
    public var only: [String]?
    /// The JSON:API resource type this class reads (`"articles"`).
    public var jsonapiType: String?

    /// Creates a class.
    public init(
        name: String, properties: [PropertyMapping], dateFormat: DateFormat? = nil, timeZone: TimeZone? = nil,
        only: [String]? = nil, jsonapiType: String? = nil
    ) {
        self.name = name
        self.properties = properties
        self.dateFormat = dateFormat
        self.timeZone = timeZone
        self.only = only
        self.jsonapiType = jsonapiType
    }

    /// The property named `name`, if any.
    public func property(named name: String) -> PropertyMapping? { properties.first { $0.name == name } }
}
