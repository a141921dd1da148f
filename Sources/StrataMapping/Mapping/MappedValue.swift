import Foundation
import StrataDocuments

/// One value of the mapped tree: an object of a class, an array, a dictionary, or a typed scalar.
///
/// Values live flat in `MappingResult.values` (``MappedValues``) in pre-order, like `Tree` nodes: a value's descendants follow it
/// and end at `end`, so folding and walking need no pointers. Each value remembers the parsed node it came from.
public struct MappedValue: Sendable, Identifiable {
    /// A value's position in `MappingResult.values`; the root is 0.
    public typealias ID = Int

    /// What a value holds.
    public enum Content: Sendable, Equatable {
        /// An object of the named class; its properties are its children, in property order.
        case object(className: String)
        /// An array; its elements are its children.
        case array
        /// A dictionary; its entries are its children, named by key.
        case dictionary
        /// Text.
        case string(String)
        /// A whole number.
        case int(Int)
        /// A floating-point number.
        case double(Double)
        /// An exact decimal number, and its digits as written (`45.00` stays `45.00`).
        indirect case decimal(Decimal, written: String)
        /// A boolean.
        case bool(Bool)
        /// A point in time.
        case date(Date)
        /// A URL.
        case url(URL)
        /// The source subtree as it is (`any`); read it through `source`.
        case raw
        /// No value: an optional property that is null or missing.
        case null
        /// A required property whose field is missing (see the issues).
        case missing
        /// A value that could not be mapped to its type (see the issues); `source` shows what was there.
        case invalid
        /// JSON:API: a resource already shown at another place of the tree (shared or cyclic relationships).
        case reference(MappedValue.ID)
        /// JSON:API: a relationship whose target resource is not in the document.
        indirect case unresolved(type: String, id: String)
    }

    /// This value's position.
    public let id: ID
    /// The property name or dictionary key under which the value sits; nil for array elements and the root.
    public let name: String?
    /// What the value holds.
    public let content: Content
    /// The containing value, or nil for the root.
    public let parent: ID?
    /// The index just past this value's last descendant.
    public let end: ID
    /// The parsed node the value was read from; nil for defaults and values with no source.
    public let source: Tree.Index?
    /// The most serious issue about this value itself, if any (not counting its descendants).
    public let severity: MappingIssue.Severity?

    /// A value as ``MappedValues`` stores it (negative parent and source mean none).
    init(
        id: Int, name: String?, content: Content, parent: Int32, end: Int32, source: Int32,
        severity: MappingIssue.Severity?
    ) {
        self.id = id
        self.name = name
        self.content = content
        self.parent = parent < 0 ? nil : Int(parent)
        self.end = Int(end)
        self.source = source < 0 ? nil : Int(source)
        self.severity = severity
    }

    /// True for objects, arrays and dictionaries.
    public var isContainer: Bool {
        switch content {
        case .object, .array, .dictionary: true
        default: false
        }
    }

    /// The class name of an object value.
    public var className: String? {
        if case .object(let name) = content { return name }
        return nil
    }
}
