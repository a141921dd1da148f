/// What a route's response maps to: a class (or type), where the root sits, and the document format.
///
/// In session.json: `"map": "BookStore"` or `"map": { "class": "BookStore", "keyPath": "bookstore" }` or
/// `"map": { "format": "jsonapi", "class": "Article" }`.
public struct RouteMapping: Sendable, Hashable {
    /// How the response document is read.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// Plain data: the value at `keyPath` is mapped to `type`.
        case plain
        /// A JSON:API document: resources are mapped by their `type`, relationships resolved from `included`.
        case jsonapi
    }

    /// The type of the root: usually `.object(class)`; a root array of objects maps to an array automatically.
    /// Nil only for JSON:API, where each resource's class is chosen by its type.
    public var type: MappingType?
    /// The key path from the document root to the mapped root (`bookstore`, `response.content.articles`).
    public var keyPath: String?
    /// How the document is read.
    public var format: Format
    /// When set, only these properties of the root class are mapped.
    public var only: [String]?

    /// Creates a route mapping for a type.
    public init(type: MappingType?, keyPath: String? = nil, format: Format = .plain, only: [String]? = nil) {
        self.type = type
        self.keyPath = keyPath
        self.format = format
        self.only = only
    }

    /// Creates a route mapping for a class.
    public init(className: String?, keyPath: String? = nil, format: Format = .plain, only: [String]? = nil) {
        self.init(type: className.map { .object($0) }, keyPath: keyPath, format: format, only: only)
    }

    /// The root class name, when the root type is a class or an array of a class.
    public var className: String? {
        switch type {
        case .object(let name)?: name
        case .array(.object(let name))?: name
        default: nil
        }
    }
}
