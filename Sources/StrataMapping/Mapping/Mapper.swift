import Foundation
import StrataDocuments

/// Maps a parsed tree into typed objects with a `MappingSet`, collecting every issue on the way.
///
/// ```swift
/// let mapper = Mapper(mappings: set)
/// let result = mapper.map(tree, with: RouteMapping(className: "BookStore", keyPath: "bookstore"))
/// print(result.text())
/// for issue in result.issues { print(issue) }
/// ```
///
/// A mapper compiles the configuration once (name matching is then resolved once per class and object shape,
/// date readers once per format), so reuse it for many trees. Mapping never throws: everything that does not
/// fit is an issue, and one bad element never drops its siblings.
public struct Mapper: Sendable {
    /// The classes mapped.
    public let mappings: MappingSet
    /// How many objects deep mapping goes before it reports `tooDeep` instead of descending further.
    public var maxDepth: Int
    let compiled: CompiledMappings

    /// Creates a mapper for `mappings`.
    public init(mappings: MappingSet, maxDepth: Int = 64) {
        self.mappings = mappings
        self.maxDepth = maxDepth
        self.compiled = CompiledMappings(mappings)
    }

    /// Maps `tree` as `route` says: plain data at the route's key path, or a JSON:API document.
    public func map(_ tree: Tree, with route: RouteMapping) -> MappingResult {
        let run = MappingRun(tree: tree, compiled: compiled, maxDepth: maxDepth)
        switch route.format {
        case .plain: run.mapPlain(route)
        case .jsonapi: run.mapJSONAPI(route)
        }
        return run.finish()
    }
}

/// The configuration prepared for fast mapping: classes by name, effective date formats, parsed fields.
final class CompiledMappings: Sendable {
    let classes: [CompiledClass]
    let byName: [String: Int]
    /// The distinct (date format, time zone) pairs, indexed by `CompiledProperty.dateReader`.
    let dateReaders: [DateReaderKey]
    /// The names every run starts its value names with: property names by serial (`CompiledProperty.nameID`),
    /// then class names by index (`CompiledClass.nameID`).
    let names: [String]

    init(_ set: MappingSet) {
        var all = set.classes
        for builtin in JSONAPIBuiltins.classes where set[builtin.name] == nil { all.append(builtin) }
        var byName: [String: Int] = [:]
        for (ci, c) in all.enumerated() { byName[c.name] = ci }
        var readerKeys: [DateReaderKey] = []
        var readerIndex: [DateReaderKey: Int] = [:]
        var classes: [CompiledClass] = []
        var serial = 0
        let propertyTotal = all.reduce(0) { $0 + $1.properties.count }
        for (ci, c) in all.enumerated() {
            var props: [CompiledProperty] = []
            for p in c.properties {
                let key = DateReaderKey(format: p.format ?? c.dateFormat, timeZone: c.timeZone)
                let slot: Int
                if let known = readerIndex[key] {
                    slot = known
                } else {
                    slot = readerKeys.count
                    readerIndex[key] = slot
                    readerKeys.append(key)
                }
                props.append(
                    CompiledProperty(
                        p, owner: c.name, dateReader: slot, format: p.format ?? c.dateFormat, timeZone: c.timeZone,
                        serial: serial, classIndex: { byName[$0] }))
                serial += 1
            }
            let only = c.only.map(Set.init)
            classes.append(
                CompiledClass(
                    index: ci, name: c.name, nameID: Int32(propertyTotal + ci), properties: props,
                    active: props.indices.filter { only?.contains(props[$0].name) ?? true },
                    jsonapiType: c.jsonapiType))
        }
        // The synthetic root property's reader: no format, UTC.
        let rootKey = DateReaderKey(format: nil, timeZone: nil)
        if readerIndex[rootKey] == nil { readerKeys.append(rootKey) }
        self.classes = classes
        self.byName = byName
        self.dateReaders = readerKeys
        self.rootDateReader = readerIndex[rootKey] ?? readerKeys.count - 1
        self.propertyCount = serial
        self.names = classes.flatMap { $0.properties.map(\.name) } + classes.map(\.name)
    }

    /// How many compiled properties there are; a run numbers its synthetic properties from here.
    let propertyCount: Int

    /// The date reader slot for values with no class (a root `[date]`).
    let rootDateReader: Int

    subscript(name: String) -> CompiledClass? { byName[name].map { classes[$0] } }

    /// The class declaring JSON:API type `type`.
    func jsonapiClass(_ type: String) -> CompiledClass? { classes.first { $0.jsonapiType == type } }
}

/// A date format and time zone: what one `DateReader` reads.
struct DateReaderKey: Hashable, Sendable {
    var format: DateFormat?
    var timeZone: TimeZone?
}

/// One class, ready for mapping.
final class CompiledClass: Sendable {
    let index: Int
    let name: String
    /// The position of `name` in `CompiledMappings.names`.
    let nameID: Int32
    let properties: [CompiledProperty]
    /// The properties mapped by default (all, or the class's `only`).
    let active: [Int]
    let jsonapiType: String?

    init(
        index: Int, name: String, nameID: Int32, properties: [CompiledProperty], active: [Int], jsonapiType: String?
    ) {
        self.index = index
        self.name = name
        self.nameID = nameID
        self.properties = properties
        self.active = active
        self.jsonapiType = jsonapiType
    }
}

/// One property, ready for mapping.
final class CompiledProperty: Sendable {
    let name: String
    /// `Class.property`, for issues.
    let qualified: String
    let field: FieldPath?
    let type: MappingType
    let format: DateFormat?
    let dateReader: Int
    let optional: Bool
    /// The default value, converted to the property's type.
    let defaultContent: DefaultContent?
    let only: [String]?
    let isRelationship: Bool
    /// The scalar type the JSON fast path can read directly; nil for every other type, and for a property with
    /// transforms.
    let fastScalar: FastScalar?
    /// The transforms applied to each scalar before it is typed; empty for most properties, which then pay nothing.
    let transforms: [ValueTransform]
    /// A number unique among the properties of one mapper (and the run's synthetic ones), for per-run caches.
    let serial: Int
    /// The position of `name` in `CompiledMappings.names`; `MappedValues.noName` for synthetic properties, whose
    /// names are interned when used.
    let nameID: Int32
    /// The class of `.object(C)`, `[C]`, `hasOne C`, `hasMany C` properties, resolved once.
    let directClassName: String?
    let directClass: Int?

    init(
        _ p: PropertyMapping, owner: String, dateReader: Int, format: DateFormat?, timeZone: TimeZone?, serial: Int,
        classIndex: (String) -> Int?
    ) {
        fastScalar = p.transforms.isEmpty ? FastScalar(p.type) : nil
        transforms = p.transforms
        self.serial = serial
        nameID = Int32(serial)
        let direct = p.type.directClassName
        directClassName = direct
        directClass = direct.flatMap(classIndex)
        name = p.name
        qualified = owner + "." + p.name
        field = p.field.flatMap { FieldPath($0) }
        type = p.type
        self.format = format
        self.dateReader = dateReader
        optional = p.optional || p.defaultValue != nil
        defaultContent = p.defaultValue.map { DefaultContent($0, type: p.type, format: format, timeZone: timeZone) }
        only = p.only
        switch p.type {
        case .hasOne, .hasMany: isRelationship = true
        default: isRelationship = false
        }
    }

    /// A synthetic property for the root value of a route (or an element with no owning property).
    init(root type: MappingType, label: String, dateReader: Int, only: [String]?, serial: Int, classIndex: Int?) {
        fastScalar = FastScalar(type)
        transforms = []
        self.serial = serial
        nameID = MappedValues.noName
        directClassName = type.directClassName
        directClass = classIndex
        name = label
        qualified = label
        field = nil
        self.type = type
        format = nil
        self.dateReader = dateReader
        optional = false
        defaultContent = nil
        self.only = only
        isRelationship = false
    }
}

/// A property's default, converted once when the mapper is made.
enum DefaultContent: Sendable {
    /// A scalar value.
    case value(MappedValue.Content)
    /// `[]` for an array property.
    case emptyArray
    /// `{}` for a dictionary property.
    case emptyDictionary
    /// `null`: nil.
    case null
    /// A default that does not fit the type (reported when loading); mapping treats it as nil.
    case unusable(String)

    init(_ value: DefaultValue, type: MappingType, format: DateFormat?, timeZone: TimeZone?) {
        guard let tree = try? JSONParser().parse(Array(value.jsonText.utf8)) else {
            self = .unusable("the default is not valid JSON")
            return
        }
        switch (tree.kind(Tree.root), type) {
        case (.null, _): self = .null
        case (.array, .array), (.array, .hasMany):
            self = tree.childCount(Tree.root) == 0 ? .emptyArray : .unusable("only [] is allowed as an array default")
        case (.object, .dictionary):
            self =
                tree.childCount(Tree.root) == 0
                ? .emptyDictionary : .unusable("only {} is allowed as a dictionary default")
        case (_, .string), (_, .int), (_, .double), (_, .decimal), (_, .bool), (_, .url), (_, .date):
            let reader = DateReader(format: format ?? .iso8601, timeZone: timeZone)
            switch ScalarConversion.convert(tree, Tree.root, type, reader: reader, autoDate: format == nil) {
            case .value(let content, _): self = .value(content)
            case .mismatch, .badDate:
                self = .unusable("the default \(value.jsonText) is not a valid \(type)")
            }
        default:
            self = .unusable("a default must be a scalar, null, [] or {}, and fit the type \(type)")
        }
    }
}

extension MappingType {
    /// The one class of `.object(C)`, `[C]`, `hasOne C` or `hasMany C`.
    var directClassName: String? {
        switch self {
        case .object(let c), .array(.object(let c)): c
        case .hasOne(let cs), .hasMany(let cs): cs.count == 1 ? cs[0] : nil
        default: nil
        }
    }
}

/// A scalar type the JSON fast path reads without the general conversion (see `MappingRun.mapFastScalar`).
enum FastScalar: Sendable {
    case string, int, double, decimal, bool, date

    /// The fast-path type for `type`, or nil when `type` takes the general path.
    init?(_ type: MappingType) {
        switch type {
        case .string: self = .string
        case .int: self = .int
        case .double: self = .double
        case .decimal: self = .decimal
        case .bool: self = .bool
        case .date: self = .date
        default: return nil
        }
    }
}
