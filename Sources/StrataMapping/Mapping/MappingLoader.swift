import Foundation
import StrataDocuments

/// A problem in the class mappings and the class it is about (nil for the set as a whole: `mappings` is not an
/// object, a mapping file cannot be read), so a route is shown the problems of the classes it maps with.
package struct ClassDiagnostic: Sendable {
    package var diagnostic: Diagnostic
    package var className: String?

    /// Creates a diagnostic about the class `className`, or about no class.
    package init(diagnostic: Diagnostic, className: String? = nil) {
        self.diagnostic = diagnostic
        self.className = className
    }
}

/// Reads mapping configuration out of a parsed session.json, reporting every mistake with file:line:col.
///
/// Built on the session's `DocumentReader`: its line index places every message (no rescans of the file), its
/// type checks and unknown-key messages are the session's own, and values that later checks refer to are kept
/// as `Located` values.
package struct MappingLoader {
    package var reader: DocumentReader
    var tree: Tree { reader.tree }
    package var diagnostics: [Diagnostic] { reader.diagnostics }
    /// Type strings seen (and the class whose property uses each), to check their class names once all classes are
    /// known.
    private var typeUses: [(node: Tree.Index, type: MappingType, label: String, owner: String?)] = []
    /// The node of each class read, by name.
    package var classNodes: [String: Tree.Index] = [:]
    /// Classes written in a JCModel form, applied once every entry of `mappings` is read (`applyJCModelForms`).
    var jcmodelForms: [JCModelForm] = []
    /// `only` lists of properties, checked once all classes are known.
    private var pendingOnly: [(only: Located<[String]>, classes: [String], label: String, owner: String?)] = []
    /// The class being read, while one is: what is reported meanwhile is about it.
    private var currentClass: String? = nil
    /// The class each diagnostic is about, by its index in `diagnostics`; none for problems of the set as a whole.
    private var diagnosticClasses: [Int: String] = [:]

    /// A loader reporting into `reader` (usually a `part()` of the session's reader).
    package init(reader: DocumentReader) { self.reader = reader }

    static let classKeys = [
        "properties", "dateFormat", "dateStyle", "timeStyle", "timeZone", "only", "jsonapi", "description",
    ]
    static let propertyKeys = [
        "field", "type", "of", "values", "keys", "format", "transform", "optional", "default", "dateStyle",
        "timeStyle", "only", "hasOne", "hasMany", "description",
    ]
    static let routeKeys = ["class", "keyPath", "format", "only"]

    // MARK: Reporting

    mutating func error(_ node: Tree.Index, _ message: String) { reader.error(message, at: node) }

    package mutating func errorAtKey(_ node: Tree.Index, _ message: String) { reader.error(message, atKeyOf: node) }

    mutating func warning(_ node: Tree.Index, _ message: String) { reader.warning(message, at: node) }

    /// Runs `report`, noting that what it reports is about class `owner` (when there is one).
    package mutating func reporting(about owner: String?, _ report: (inout MappingLoader) -> Void) {
        let before = diagnostics.count
        report(&self)
        guard let owner else { return }
        for k in before..<diagnostics.count { diagnosticClasses[k] = owner }
    }

    /// Every diagnostic with the class it is about (nil for the set as a whole), in the order reported.
    package var classDiagnostics: [ClassDiagnostic] {
        diagnostics.enumerated().map { ClassDiagnostic(diagnostic: $1, className: diagnosticClasses[$0]) }
    }

    /// What node `n` holds, for `found …` in messages.
    func found(_ n: Tree.Index) -> String { tree.describe(n) }

    // MARK: Values

    /// Reads a type string and remembers it for the class check.
    mutating func type(_ n: Tree.Index, label: String) -> MappingType? {
        guard let text = reader.string(n, "the type of \(label)") else { return nil }
        guard let t = MappingType(parsing: text) else {
            error(
                n,
                "malformed type \(JSONString.quote(text)) for \(label); write a type such as string, Article, [Article]"
            )
            return nil
        }
        typeUses.append((n, t, label, currentClass))
        return t
    }

    /// A date `format` value: a named format, or a pattern checked for errors and likely mistakes. A pattern with an
    /// error is reported and still returned: the dates it reads are `badDate` issues that name the error.
    mutating func dateFormat(_ n: Tree.Index, label: String) -> DateFormat? {
        guard let text = reader.string(n, "the date format of \(label)") else { return nil }
        let format = DateFormat(configuration: text)
        if case .pattern = format {
            switch DatePattern.parse(text) {
            case .failure(let problem):
                // Kept: its dates are then bad dates that say why, instead of being read as ISO 8601 silently.
                error(n, "bad date pattern for \(label): \(problem.message)")
            case .success(let pattern):
                for w in pattern.warnings { warning(n, "date pattern for \(label): \(w.message)") }
            }
        }
        return format
    }

    mutating func dateStyle(_ n: Tree.Index, label: String) -> DateStyle? {
        guard let text = reader.string(n, label) else { return nil }
        guard let style = DateStyle(rawValue: text) else {
            error(
                n,
                "\(label) must be one of " + DateStyle.allCases.map(\.rawValue).joined(separator: ", ")
                    + ", found \(JSONString.quote(text))")
            return nil
        }
        return style
    }

    mutating func timeZone(_ n: Tree.Index, label: String) -> TimeZone? {
        guard let text = reader.string(n, label) else { return nil }
        if let tz = TimeZone(identifier: text) ?? MappingLoader.offsetZone(text) { return tz }
        error(
            n,
            "unknown time zone \(JSONString.quote(text)) for \(label); use an identifier such as UTC, Europe/Berlin, or an offset such as +02:00"
        )
        return nil
    }
    /// `+02:00`, `-0530`, `Z` as a fixed-offset zone.
    static func offsetZone(_ text: String) -> TimeZone? {
        var text = text
        return text.withUTF8 { b in
            var c = ByteCursor(b)
            guard let seconds = DateReader.readOffset(&c), c.atEnd else { return nil }
            return TimeZone(secondsFromGMT: seconds)
        }
    }

    // MARK: Classes

    /// Reads the `mappings` object (none when `node` is nil), then checks class names and `only` lists against
    /// the classes read.
    package mutating func loadSet(_ node: Tree.Index?) -> MappingSet {
        var set = readSet(node)
        applyJCModelForms(to: &set)
        checkReferences(in: set)
        return set
    }

    /// Reads the classes of a `mappings` object without checking the class names they use, for a set merged from
    /// several places (`applyJCModelForms` and `checkReferences` follow, with the merged set). Classes written in a
    /// JCModel form are kept in `jcmodelForms`, not in the set.
    package mutating func readSet(_ node: Tree.Index?) -> MappingSet {
        guard let node else { return MappingSet() }
        guard tree.kind(node) == .object else {
            error(node, "mappings must be an object of classes by name, found \(found(node))")
            return MappingSet()
        }
        var set = MappingSet()
        var seen: [String: Tree.Index] = [:]
        var jsonapiTypes: [String: String] = [:]
        for c in tree.children(node) {
            let name = tree.key(c) ?? ""
            let before = diagnostics.count
            currentClass = name
            defer {
                currentClass = nil
                for k in before..<diagnostics.count { diagnosticClasses[k] = name }
            }
            if let first = seen[name] {
                errorAtKey(
                    c, "class \(name) is defined twice (first at \(reader.position(of: first))); the later one is used")
            }
            seen[name] = c
            if name.isEmpty || name.contains(where: { "[]{} ".contains($0) }) {
                errorAtKey(c, "class name \(JSONString.quote(name)) is not usable; use letters, digits and _")
                continue
            }
            if MappingType.scalar(named: name) != nil || name == "dictionary" {
                errorAtKey(c, "class name \(name) is a built-in type; choose another name")
                continue
            }
            if isJCModelForm(c) {
                if let form = readJCModelForm(c, name: name) { jcmodelForms.append(form) }
                continue
            }
            guard let cls = loadClass(c, name: name) else { continue }
            classNodes[name] = c
            if let t = cls.jsonapiType {
                if let other = jsonapiTypes[t], other != name {
                    errorAtKey(c, "classes \(other) and \(name) both declare \"jsonapi\": \(JSONString.quote(t))")
                }
                jsonapiTypes[t] = name
            }
            set.add(cls)
        }
        return set
    }

    /// Checks the class names used in types and `only` lists against `set` (all classes known).
    package mutating func checkReferences(in set: MappingSet) {
        checkClasses(in: set)
        for pending in pendingOnly {
            for className in pending.classes {
                guard let cls = set[className] else { continue }
                reporting(about: pending.owner) {
                    $0.checkOnly(pending.only, properties: cls.properties.map(\.name), owner: className)
                }
            }
        }
        pendingOnly.removeAll()
    }

    /// Reports every class name used in a type that no class defines.
    private mutating func checkClasses(in set: MappingSet) {
        let known = set.names + JSONAPIBuiltins.classes.map(\.name).filter { set[$0] == nil }
        for use in typeUses {
            for name in use.type.referencedClasses where set[name] == nil && !known.contains(name) {
                let alias = MappingType.aliases[name]
                let isTypeLike = alias != nil || (name.first.map { $0.isLowercase } ?? false)
                var message: String
                if isTypeLike {
                    let types = MappingType.scalarNames + ["dictionary"]
                    message = "unknown type \(JSONString.quote(name)) for \(use.label)"
                    message +=
                        alias.map { Suggestion.phrase($0, quoting: .bare) }
                        ?? Suggestion.didYouMean(name, in: types + known, quoting: .bare)
                    message += " (types: " + types.joined(separator: ", ") + ", [T], {T}, or a class name)"
                } else {
                    message = "unknown class \(JSONString.quote(name)) for \(use.label)"
                    message += Suggestion.didYouMean(name, in: known, quoting: .bare)
                    let defined = set.names
                    message +=
                        defined.isEmpty
                        ? " (no classes are defined)" : " (classes: " + defined.joined(separator: ", ") + ")"
                }
                reporting(about: use.owner) { $0.error(use.node, message) }
            }
        }
        typeUses.removeAll()
    }

    private mutating func loadClass(_ node: Tree.Index, name: String) -> ClassMapping? {
        guard tree.kind(node) == .object else {
            error(
                node,
                "class \(name) must be an object with \"properties\" (or, in JCModel's form, an object of JSON names → "
                    + "property names or an array of property names), found \(found(node))")
            return nil
        }
        var cls = ClassMapping(name: name, properties: [])
        var hasProperties = false
        var dateStyle: DateStyle? = nil
        var timeStyle: DateStyle? = nil
        var dateFormat: Located<DateFormat?>? = nil
        var only: Located<[String]?>? = nil
        for m in tree.children(node) {
            switch tree.key(m) ?? "" {
            case "properties":
                hasProperties = true
                guard tree.kind(m) == .object else {
                    error(m, "properties of \(name) must be an object of properties by name, found \(found(m))")
                    continue
                }
                var seen: Set<String> = []
                var nodes: [String: Tree.Index] = [:]
                for p in tree.children(m) {
                    let pname = tree.key(p) ?? ""
                    if !seen.insert(pname).inserted {
                        errorAtKey(p, "property \(name).\(pname) is defined twice")
                        continue
                    }
                    nodes[pname] = p
                    if let prop = loadProperty(p, owner: name) { cls.properties.append(prop) }
                }
                warnShadowed(cls, nodes: nodes)
            case "dateFormat": dateFormat = Located(value: self.dateFormat(m, label: "class \(name)"), node: m)
            case "dateStyle": dateStyle = self.dateStyle(m, label: "dateStyle of \(name)")
            case "timeStyle": timeStyle = self.dateStyle(m, label: "timeStyle of \(name)")
            case "timeZone": cls.timeZone = timeZone(m, label: "timeZone of \(name)")
            case "only": only = Located(value: reader.strings(m, "only of \(name)"), node: m)
            case "jsonapi":
                cls.jsonapiType = reader.string(m, "jsonapi (the resource type) of \(name)")
            case "description": _ = reader.string(m, "description of \(name)")
            default:
                reader.unknownKey(m, in: "class \(name)", known: MappingLoader.classKeys)
            }
        }
        cls.dateFormat = dateFormat?.value
        cls.only = only?.value
        if !hasProperties {
            error(
                node,
                "class \(name) has no \"properties\" (or write it in JCModel's form: an object of JSON names → "
                    + "property names, all strings, or an array of property names)")
        }
        if dateStyle != nil || timeStyle != nil {
            if let dateFormat {
                error(dateFormat.node, "class \(name) sets both dateFormat and dateStyle/timeStyle; use one")
            }
            cls.dateFormat = .styles(date: dateStyle ?? .none, time: timeStyle ?? .none)
        }
        if let only, let list = only.value {
            checkOnly(Located(value: list, node: only.node), properties: cls.properties.map(\.name), owner: name)
        }
        return cls
    }

    /// Warns about a property matched by name whose field another property takes with a one-key `field`: name
    /// matching skips taken fields, so it would always be missing (key paths do not take their first key).
    private mutating func warnShadowed(_ cls: ClassMapping, nodes: [String: Tree.Index]) {
        for p in cls.properties {
            guard let text = p.field, let f = FieldPath(text), f.steps.count == 1, let key = f.firstKey, key != p.name
            else { continue }
            for other in cls.properties where other.field == nil && other.name == key {
                guard let node = nodes[other.name] else { continue }
                reader.warning(
                    "\(cls.name).\(other.name) never gets field \(JSONString.quote(key)) by name: \(cls.name).\(p.name) "
                        + "takes it (\"field\": \(JSONString.quote(key))); give \(other.name) \"field\": "
                        + "\(JSONString.quote(key)) too to read it in both", at: node)
            }
        }
    }

    /// Reports `only` entries that are not properties of the class, each at its own entry.
    mutating func checkOnly(_ only: Located<[String]>, properties: [String], owner: String) {
        for (k, entry) in only.value.enumerated() where !properties.contains(entry) {
            let message =
                "only lists \(JSONString.quote(entry)), which is not a property of \(owner)"
                + Suggestion.didYouMean(entry, in: properties, quoting: .bare)
            error(tree.child(only.node, at: k) ?? only.node, message)
        }
    }

    // MARK: Properties

    /// What a property object says, member by member, before its type is put together: each entry is the value
    /// read (nil when it was present but unusable, already reported) and where it was written.
    private struct PropertySpec {
        var type: Located<MappingType?>? = nil
        /// `of`: the element type.
        var element: Located<MappingType?>? = nil
        var values: Located<MappingType?>? = nil
        var keys: Located<[String: MappingType]?>? = nil
        /// `hasOne` or `hasMany`.
        var relationship: Located<MappingType?>? = nil
        /// `format`, read once the type is known (a date pattern only for dates).
        var format: Tree.Index? = nil
        var dateStyle: Located<DateStyle?>? = nil
        var timeStyle: Located<DateStyle?>? = nil
        var defaultValue: Located<DefaultValue>? = nil
        var only: Located<[String]?>? = nil
        var field: String? = nil
        var optional = false
        /// `transform`: the transforms read (unknown names already reported), and where.
        var transforms: Located<[ValueTransform]>? = nil

        /// The later of `dateStyle` and `timeStyle`, when either is set.
        var style: Tree.Index? { [dateStyle?.node, timeStyle?.node].compactMap { $0 }.max() }
    }

    /// Reads the members of a property object into a spec.
    private mutating func readSpec(_ node: Tree.Index, label: String) -> PropertySpec {
        var spec = PropertySpec()
        for m in tree.children(node) {
            let key = tree.key(m) ?? ""
            switch key {
            case "type":
                let t: MappingType? =
                    tree.kind(m) == .string && tree.string(m) == "array" ? .array(.any) : type(m, label: label)
                spec.type = Located(value: t, node: m)
            case "field":
                guard let f = reader.string(m, "field of \(label)") else { continue }
                if FieldPath(f) == nil {
                    error(m, "field \(JSONString.quote(f)) of \(label) is not a key path; write a key or a.b.0.c")
                } else {
                    spec.field = f
                }
            case "of": spec.element = Located(value: ofType(m, label: label), node: m)
            case "values": spec.values = Located(value: type(m, label: "values of \(label)"), node: m)
            case "keys": spec.keys = Located(value: keyTypes(m, label: label), node: m)
            case "format": spec.format = m
            case "transform": spec.transforms = Located(value: transforms(m, label: label), node: m)
            case "dateStyle": spec.dateStyle = Located(value: dateStyle(m, label: "dateStyle of \(label)"), node: m)
            case "timeStyle": spec.timeStyle = Located(value: dateStyle(m, label: "timeStyle of \(label)"), node: m)
            case "optional": spec.optional = reader.bool(m, "optional of \(label)") ?? false
            case "description": _ = reader.string(m, "description of \(label)")
            case "default":
                let value: DefaultValue =
                    switch tree.kind(m) {
                    case .string: .string(tree.string(m) ?? "")
                    case .bool: .bool(tree.bool(m) ?? false)
                    case .null: .null
                    default: .json(tree.canonicalJSON(m))
                    }
                spec.defaultValue = Located(value: value, node: m)
            case "only": spec.only = Located(value: reader.strings(m, "only of \(label)"), node: m)
            case "hasOne", "hasMany":
                spec.relationship = Located(value: relationship(m, key: key, label: label), node: m)
            default:
                reader.unknownKey(m, in: "property \(label)", known: MappingLoader.propertyKeys)
            }
        }
        return spec
    }

    /// `transform`: a transform name or a list of them, applied in order; unknown names are reported and left out.
    private mutating func transforms(_ m: Tree.Index, label: String) -> [ValueTransform] {
        let entries: [Tree.Index]
        switch tree.kind(m) {
        case .string: entries = [m]
        case .array: entries = Array(tree.children(m))
        default:
            error(m, "transform of \(label) must be a transform name or an array of them, found \(found(m))")
            return []
        }
        var out: [ValueTransform] = []
        let known = ValueTransform.allCases.map(\.rawValue)
        for entry in entries {
            guard let name = reader.string(entry, "each transform of \(label)") else { continue }
            if let t = ValueTransform(rawValue: name) {
                out.append(t)
                continue
            }
            var message = "unknown transform \(JSONString.quote(name)) for \(label)"
            message += Suggestion.didYouMean(name, in: known, quoting: .bare)
            message += " (transforms: " + known.joined(separator: ", ") + ")"
            error(entry, message)
        }
        return out
    }

    /// `keys`: an object of types by key.
    private mutating func keyTypes(_ m: Tree.Index, label: String) -> [String: MappingType]? {
        guard tree.kind(m) == .object else {
            error(m, "keys of \(label) must be an object of types by key, found \(found(m))")
            return nil
        }
        var types: [String: MappingType] = [:]
        for k in tree.children(m) {
            if let t = type(k, label: "\(label) key \(JSONString.quote(tree.key(k) ?? ""))") {
                types[tree.key(k) ?? ""] = t
            }
        }
        return types
    }

    /// `hasOne` / `hasMany`: a class name or a list of them.
    private mutating func relationship(_ m: Tree.Index, key: String, label: String) -> MappingType? {
        let classes: [String]? =
            tree.kind(m) == .string
            ? reader.string(m, "\(key) of \(label)").map { [$0] } : reader.strings(m, "\(key) of \(label)")
        guard let classes, !classes.isEmpty else {
            if tree.kind(m) == .array { error(m, "\(key) of \(label) lists no class") }
            return nil
        }
        let t: MappingType = key == "hasOne" ? .hasOne(classes) : .hasMany(classes)
        typeUses.append((m, t, label, currentClass))
        return t
    }

    private mutating func loadProperty(_ node: Tree.Index, owner: String) -> PropertyMapping? {
        let name = tree.key(node) ?? ""
        let label = "\(owner).\(name)"
        if tree.kind(node) == .string {
            guard let t = type(node, label: label) else { return nil }
            return PropertyMapping(name, t)
        }
        guard tree.kind(node) == .object else {
            error(node, "property \(label) must be a type string or an object with \"type\", found \(found(node))")
            return nil
        }
        let spec = readSpec(node, label: label)
        guard let type = propertyType(spec, node: node, label: label) else { return nil }
        var prop = PropertyMapping(name, type)
        prop.field = spec.field
        prop.optional = spec.optional
        prop.defaultValue = spec.defaultValue?.value
        prop.only = spec.only?.value
        if let at = spec.format ?? spec.style, !type.involvesDate {
            // Not read as a date pattern: a word such as "trim" is no pattern mistake, only the wrong key.
            var message = "\"\(tree.key(at) ?? "")\" applies to dates; \(label) has type \(type)"
            if at == spec.format, let text = tree.string(at), let t = ValueTransform(rawValue: text) {
                message +=
                    "; to change the value before it is typed, write \"transform\": \(JSONString.quote(t.rawValue))"
            }
            errorAtKey(at, message)
        } else if let at = spec.format {
            prop.format = dateFormat(at, label: label)
        }
        if let transforms = spec.transforms, !transforms.value.isEmpty {
            if type.takesTransforms {
                prop.transforms = transforms.value
            } else {
                errorAtKey(
                    transforms.node,
                    "\"transform\" applies to scalar values (and arrays or dictionaries of them); \(label) has type \(type)"
                )
            }
        }
        if spec.dateStyle?.value != nil || spec.timeStyle?.value != nil {
            if spec.format != nil, let style = spec.style {
                error(style, "\(label) sets both format and dateStyle/timeStyle; use one")
            }
            prop.format = .styles(date: spec.dateStyle?.value ?? .none, time: spec.timeStyle?.value ?? .none)
        }
        if let d = spec.defaultValue,
            case .unusable(let why) = DefaultContent(d.value, type: type, format: prop.format, timeZone: nil)
        {
            error(d.node, "default of \(label): \(why)")
        }
        if let only = spec.only {
            if type.referencedClasses.isEmpty {
                errorAtKey(only.node, "\"only\" applies to class-typed properties; \(label) has type \(type)")
            }
            if let list = only.value {
                pendingOnly.append(
                    (Located(value: list, node: only.node), type.referencedClasses, label, currentClass))
            }
        }
        return prop
    }

    /// The property's type put together from `type`, `of`, `values` / `keys` and `hasOne` / `hasMany`.
    private mutating func propertyType(_ spec: PropertySpec, node: Tree.Index, label: String) -> MappingType? {
        var t = spec.type?.value
        if let relationship = spec.relationship, let r = relationship.value {
            if let typeNode = spec.type?.node {
                errorAtKey(
                    typeNode,
                    "property \(label) has both \"type\" and \"\(tree.key(relationship.node) ?? "")\"; use one")
            }
            t = r
        }
        if let of = spec.element {
            switch t {
            case nil, .array(.any)?: t = of.value.map { .array($0) } ?? .array(.any)
            case .hasMany?, .hasOne?: errorAtKey(of.node, "\"of\" does not apply to relationships (\(label))")
            case let other?:
                errorAtKey(
                    of.node,
                    "\"of\" applies to arrays; \(label) has type \(other) (write \"type\": \"[T]\" or leave out type)")
            }
        }
        if let which = spec.keys?.node ?? spec.values?.node {
            if case .dictionary(let values, _)? = t {
                t = .dictionary(values: spec.values?.value ?? values, keys: spec.keys?.value ?? [:])
            } else {
                let shown = t.map { "has type \($0)" } ?? "has no type"
                errorAtKey(
                    which,
                    "\"\(tree.key(which) ?? "")\" applies to dictionaries only; \(label) \(shown) (set \"type\": \"dictionary\")"
                )
            }
        }
        if t == nil, spec.type == nil {
            error(node, "property \(label) has no type; add \"type\" (or \"of\", \"hasOne\", \"hasMany\")")
        }
        return t
    }

    /// Reads `of`: an element type string, or a discriminator `{ "by": field, "map": { value: class } }`.
    private mutating func ofType(_ n: Tree.Index, label: String) -> MappingType? {
        if tree.kind(n) == .string { return type(n, label: "elements of \(label)") }
        guard tree.kind(n) == .object else {
            error(n, "\"of\" of \(label) must be a type string or { \"by\": field, \"map\": {…} }, found \(found(n))")
            return nil
        }
        var by: String? = nil
        var cases: [Discriminator.Case] = []
        var hasMap = false
        for m in tree.children(n) {
            switch tree.key(m) ?? "" {
            case "by": by = reader.string(m, "\"by\" of \(label)")
            case "map":
                hasMap = true
                guard tree.kind(m) == .object else {
                    error(m, "\"map\" of \(label) must be an object of classes by field value, found \(found(m))")
                    continue
                }
                for c in tree.children(m) {
                    guard let cls = reader.string(c, "class for \(JSONString.quote(tree.key(c) ?? "")) in \(label)")
                    else {
                        continue
                    }
                    cases.append(Discriminator.Case(value: tree.key(c) ?? "", className: cls))
                    typeUses.append((c, .object(cls), label, currentClass))
                }
            default: reader.unknownKey(m, in: "\"of\" of \(label)", known: ["by", "map"])
            }
        }
        guard let by else {
            error(n, "\"of\" of \(label) needs \"by\": the field that selects the class")
            return nil
        }
        if !hasMap { error(n, "\"of\" of \(label) needs \"map\": field values and their classes") }
        return .choice(Discriminator(field: by, cases: cases))
    }
}

extension MappingSet {
    /// Reads the `mappings` object of a session (node `node` of `tree`, parsed from `file`).
    ///
    /// Every configuration mistake becomes a `Diagnostic` with file:line:col: unknown classes and types, bad date
    /// patterns, `keys` on a non-dictionary, unknown keys, values of the wrong type. What can be read is kept, so
    /// one mistake does not hide the rest of the configuration. A nil `node` is an empty set.
    public static func load(from tree: Tree, at node: Tree.Index?, file: String) -> (MappingSet, [Diagnostic]) {
        var loader = MappingLoader(reader: DocumentReader(tree: tree, file: file))
        let set = loader.loadSet(node)
        return (set, loader.diagnostics)
    }
}

extension RouteMapping {
    /// Reads a route's `map` value: `"BookStore"`, `"[Article]"`, or `{ "class", "keyPath", "format", "only" }`.
    ///
    /// Returns nil (without diagnostics) for `null`; an unknown class is a diagnostic, but the mapping is still
    /// returned so that mapping reports it too.
    public static func load(from tree: Tree, at node: Tree.Index, file: String, mappings: MappingSet)
        -> (RouteMapping?, [Diagnostic])
    {
        var loader = MappingLoader(reader: DocumentReader(tree: tree, file: file))
        let route = loader.loadRoute(node, mappings: mappings)
        return (route, loader.diagnostics)
    }
}

extension MappingLoader {
    /// Reads a route's `map` or `errorMap` value (`key` names it in messages): both take the same forms.
    package mutating func loadRoute(_ node: Tree.Index, mappings: MappingSet, key: String = "map") -> RouteMapping? {
        switch tree.kind(node) {
        case .null: return nil
        case .string:
            guard let t = routeType(node, mappings: mappings, key: key) else { return nil }
            return RouteMapping(type: t)
        case .object: break
        default:
            error(node, "\(key) must be a class name or an object with \"class\", found \(found(node))")
            return nil
        }
        var route = RouteMapping(type: nil)
        var hasClass = false
        var keyPath: Tree.Index? = nil
        var only: Located<[String]?>? = nil
        for m in tree.children(node) {
            switch tree.key(m) ?? "" {
            case "class":
                hasClass = true
                route.type = routeType(m, mappings: mappings, key: key)
            case "keyPath":
                keyPath = m
                if let kp = reader.string(m, "keyPath") {
                    if kp.isEmpty || FieldPath(kp) != nil {
                        route.keyPath = kp
                    } else {
                        error(m, "keyPath \(JSONString.quote(kp)) is malformed; write keys separated by dots (a.b.0)")
                    }
                }
            case "format":
                guard let f = reader.string(m, "format") else { continue }
                if let format = RouteMapping.Format(rawValue: f) {
                    route.format = format
                } else {
                    error(
                        m, "unknown \(key) format \(JSONString.quote(f)); use jsonapi, or leave it out for plain data")
                }
            case "only": only = Located(value: reader.strings(m, "only"), node: m)
            default:
                reader.unknownKey(m, in: key, known: MappingLoader.routeKeys)
            }
        }
        route.only = only?.value
        if !hasClass, route.format == .plain {
            error(node, "\(key) needs \"class\": the class the response maps to")
        }
        if route.format == .jsonapi, let keyPath {
            warning(keyPath, "keyPath is not used for JSON:API documents (resources are found by type)")
        }
        if let only, let list = only.value, let name = route.className, let cls = mappings[name] {
            checkOnly(Located(value: list, node: only.node), properties: cls.properties.map(\.name), owner: name)
        }
        return route
    }

    /// A route's class (or `[Class]`, or another type), checked against the defined classes.
    private mutating func routeType(_ n: Tree.Index, mappings: MappingSet, key: String) -> MappingType? {
        guard let text = reader.string(n, "\(key) class") else { return nil }
        guard let t = MappingType(parsing: text) else {
            error(n, "malformed class \(JSONString.quote(text)) in \(key); write a class name such as Article")
            return nil
        }
        for name in t.referencedClasses where mappings[name] == nil {
            var message = "unknown class \(JSONString.quote(name)) in \(key)"
            message += Suggestion.didYouMean(name, in: mappings.names, quoting: .bare)
            message +=
                mappings.isEmpty
                ? " (no classes are defined under \"mappings\")"
                : " (classes: " + mappings.names.joined(separator: ", ") + ")"
            error(n, message)
        }
        return t
    }
}
