import Foundation

/// Reads mapping configuration out of a parsed session.json, reporting every mistake with file:line:col.
struct MappingLoader {
    let tree: Tree
    let file: String
    var diagnostics: [Diagnostic] = []
    /// Type strings seen, to check their class names once all classes are known.
    private var typeUses: [(node: Tree.Index, type: MappingType, label: String)] = []

    init(tree: Tree, file: String) {
        self.tree = tree
        self.file = file
    }

    static let classKeys = ["properties", "dateFormat", "dateStyle", "timeStyle", "timeZone", "only", "jsonapi"]
    static let propertyKeys = [
        "field", "type", "of", "values", "keys", "format", "optional", "default", "dateStyle", "timeStyle", "only",
        "hasOne", "hasMany",
    ]
    static let routeKeys = ["class", "keyPath", "format", "only"]

    // MARK: Reporting

    mutating func error(_ node: Tree.Index, _ message: String) {
        diagnostics.append(Diagnostic(file: file, tree: tree, node: node, message: message))
    }

    mutating func errorAtKey(_ node: Tree.Index, _ message: String) {
        diagnostics.append(Diagnostic(file: file, tree: tree, keyOf: node, message: message))
    }

    mutating func warning(_ node: Tree.Index, _ message: String) {
        diagnostics.append(Diagnostic(file: file, tree: tree, node: node, message: message, severity: .warning))
    }

    /// `unknown key "x" in …; did you mean "y"? … has a, b, c`.
    mutating func unknownKey(_ member: Tree.Index, in place: String, allowed: [String]) {
        let k = tree.key(member) ?? ""
        var message = "unknown key \(JSONString.quote(k)) in \(place)"
        if let guess = NameMatching.suggestion(for: k, among: allowed) { message += "; did you mean \"\(guess)\"?" }
        message += " (allowed: " + allowed.joined(separator: ", ") + ")"
        errorAtKey(member, message)
    }

    func found(_ n: Tree.Index) -> String {
        switch tree.kind(n) {
        case .string: return "string " + JSONString.quote(tree.string(n) ?? "")
        case .number: return "number " + (tree.numberText(n) ?? "")
        case .bool: return "bool " + (tree.bool(n)! ? "true" : "false")
        case .null: return "null"
        case .object: return "an object"
        case .array: return "an array"
        }
    }

    // MARK: Values

    mutating func string(_ n: Tree.Index, _ what: String) -> String? {
        guard tree.kind(n) == .string, let s = tree.string(n) else {
            error(n, "\(what) must be a string, found \(found(n))")
            return nil
        }
        return s
    }

    mutating func bool(_ n: Tree.Index, _ what: String) -> Bool? {
        guard let b = tree.bool(n) else {
            error(n, "\(what) must be true or false, found \(found(n))")
            return nil
        }
        return b
    }

    mutating func strings(_ n: Tree.Index, _ what: String) -> [String]? {
        guard tree.kind(n) == .array else {
            error(n, "\(what) must be an array of strings, found \(found(n))")
            return nil
        }
        var out: [String] = []
        for c in tree.children(n) {
            if let s = string(c, "each entry of \(what)") { out.append(s) }
        }
        return out
    }

    /// Reads a type string and remembers it for the class check.
    mutating func type(_ n: Tree.Index, label: String) -> MappingType? {
        guard let text = string(n, "the type of \(label)") else { return nil }
        guard let t = MappingType(parsing: text) else {
            error(
                n,
                "malformed type \(JSONString.quote(text)) for \(label); write a type such as string, Article, [Article]"
            )
            return nil
        }
        typeUses.append((n, t, label))
        return t
    }

    /// A date `format` value: a named format, or a pattern checked for errors and likely mistakes.
    mutating func dateFormat(_ n: Tree.Index, label: String) -> DateFormat? {
        guard let text = string(n, "the date format of \(label)") else { return nil }
        let format = DateFormat(configuration: text)
        if case .pattern = format {
            switch DatePattern.parse(text) {
            case .failure(let problem):
                error(n, "bad date pattern for \(label): \(problem.message)")
                return nil
            case .success(let pattern):
                for w in pattern.warnings { warning(n, "date pattern for \(label): \(w.message)") }
            }
        }
        return format
    }

    mutating func dateStyle(_ n: Tree.Index, label: String) -> DateStyle? {
        guard let text = string(n, label) else { return nil }
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
        guard let text = string(n, label) else { return nil }
        if let tz = TimeZone(identifier: text) ?? MappingLoader.offsetZone(text) { return tz }
        error(
            n,
            "unknown time zone \(JSONString.quote(text)) for \(label); use an identifier such as UTC, Europe/Berlin, or an offset such as +02:00"
        )
        return nil
    }

    /// `+02:00`, `-0530`, `Z` as a fixed-offset zone.
    static func offsetZone(_ text: String) -> TimeZone? {
        if text == "Z" { return TimeZone(secondsFromGMT: 0) }
        let u = Array(text.utf8)
        guard u.count >= 3, u[0] == UInt8(ascii: "+") || u[0] == UInt8(ascii: "-") else { return nil }
        let digits = u.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return nil
        }
        let v = digits.map { Int($0 - 0x30) }
        let h = v[0] * 10 + v[1]
        let m = digits.count == 4 ? v[2] * 10 + v[3] : 0
        guard h <= 23, m <= 59 else { return nil }
        return TimeZone(secondsFromGMT: (u[0] == UInt8(ascii: "-") ? -1 : 1) * (h * 3600 + m * 60))
    }

    // MARK: Classes

    mutating func loadSet(_ node: Tree.Index?) -> MappingSet {
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
            if let first = seen[name] {
                let (line, col) = TextPosition.lineColumn(of: tree.startOffset(first), in: tree.source)
                errorAtKey(c, "class \(name) is defined twice (first at \(line):\(col)); the later one is used")
            }
            seen[name] = c
            if name.isEmpty || name.contains(where: { $0 == "[" || $0 == "]" || $0 == " " }) {
                errorAtKey(c, "class name \(JSONString.quote(name)) is not usable; use letters, digits and _")
                continue
            }
            if MappingType.scalar(named: name) != nil || name == "dictionary" {
                errorAtKey(c, "class name \(name) is a built-in type; choose another name")
                continue
            }
            guard let cls = loadClass(c, name: name) else { continue }
            if let t = cls.jsonapiType {
                if let other = jsonapiTypes[t], other != name {
                    errorAtKey(c, "classes \(other) and \(name) both declare \"jsonapi\": \(JSONString.quote(t))")
                }
                jsonapiTypes[t] = name
            }
            set.add(cls)
        }
        checkClasses(in: set)
        return set
    }

    /// Reports every class name used in a type that no class defines.
    private mutating func checkClasses(in set: MappingSet) {
        let known = set.names + JSONAPIBuiltins.classes.map(\.name).filter { set[$0] == nil }
        for use in typeUses {
            for name in use.type.referencedClasses where set[name] == nil && !known.contains(name) {
                let isTypeLike = name.first.map { $0.isLowercase } ?? false
                var message: String
                if isTypeLike {
                    message = "unknown type \(JSONString.quote(name)) for \(use.label)"
                    let candidates = MappingType.scalarNames + ["dictionary"] + known
                    if let guess = NameMatching.suggestion(for: name, among: candidates) {
                        message += "; did you mean \(guess)?"
                    }
                    message += " (types: " + (MappingType.scalarNames + ["dictionary"]).joined(separator: ", ")
                    message += ", [T], or a class name)"
                } else {
                    message = "unknown class \(JSONString.quote(name)) for \(use.label)"
                    if let guess = NameMatching.suggestion(for: name, among: known) {
                        message += "; did you mean \(guess)?"
                    }
                    let defined = set.names
                    message +=
                        defined.isEmpty
                        ? " (no classes are defined)" : " (classes: " + defined.joined(separator: ", ") + ")"
                }
                error(use.node, message)
            }
        }
        typeUses.removeAll()
    }

    private mutating func loadClass(_ node: Tree.Index, name: String) -> ClassMapping? {
        guard tree.kind(node) == .object else {
            error(node, "class \(name) must be an object with \"properties\", found \(found(node))")
            return nil
        }
        var cls = ClassMapping(name: name, properties: [])
        var hasProperties = false
        var dateStyle: DateStyle? = nil
        var timeStyle: DateStyle? = nil
        var dateFormatNode: Tree.Index? = nil
        var onlyNode: Tree.Index? = nil
        for m in tree.children(node) {
            switch tree.key(m) ?? "" {
            case "properties":
                hasProperties = true
                guard tree.kind(m) == .object else {
                    error(m, "properties of \(name) must be an object of properties by name, found \(found(m))")
                    continue
                }
                var seen: Set<String> = []
                for p in tree.children(m) {
                    let pname = tree.key(p) ?? ""
                    if !seen.insert(pname).inserted {
                        errorAtKey(p, "property \(name).\(pname) is defined twice")
                        continue
                    }
                    if let prop = loadProperty(p, owner: name) { cls.properties.append(prop) }
                }
            case "dateFormat":
                dateFormatNode = m
                cls.dateFormat = dateFormat(m, label: "class \(name)")
            case "dateStyle": dateStyle = self.dateStyle(m, label: "dateStyle of \(name)")
            case "timeStyle": timeStyle = self.dateStyle(m, label: "timeStyle of \(name)")
            case "timeZone": cls.timeZone = timeZone(m, label: "timeZone of \(name)")
            case "only":
                onlyNode = m
                cls.only = strings(m, "only of \(name)")
            case "jsonapi":
                cls.jsonapiType = string(m, "jsonapi (the resource type) of \(name)")
            default:
                unknownKey(m, in: "class \(name)", allowed: MappingLoader.classKeys)
            }
        }
        if !hasProperties { error(node, "class \(name) has no \"properties\"") }
        if dateStyle != nil || timeStyle != nil {
            if let dateFormatNode {
                error(dateFormatNode, "class \(name) sets both dateFormat and dateStyle/timeStyle; use one")
            }
            cls.dateFormat = .styles(date: dateStyle ?? .none, time: timeStyle ?? .none)
        }
        if let onlyNode, let only = cls.only {
            checkOnly(only, node: onlyNode, properties: cls.properties.map(\.name), owner: name)
        }
        return cls
    }

    /// Reports `only` entries that are not properties of the class.
    mutating func checkOnly(_ only: [String], node: Tree.Index, properties: [String], owner: String) {
        for (k, entry) in only.enumerated() where !properties.contains(entry) {
            var message = "only lists \(JSONString.quote(entry)), which is not a property of \(owner)"
            if let guess = NameMatching.suggestion(for: entry, among: properties) {
                message += "; did you mean \(guess)?"
            }
            error(tree.child(node, at: k) ?? node, message)
        }
    }

    // MARK: Properties

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
        var prop = PropertyMapping(name, .any)
        var baseType: MappingType? = nil
        var typeNode: Tree.Index? = nil
        var element: MappingType? = nil
        var ofNode: Tree.Index? = nil
        var valuesType: MappingType? = nil
        var valuesNode: Tree.Index? = nil
        var keyTypes: [String: MappingType]? = nil
        var keysNode: Tree.Index? = nil
        var relationship: MappingType? = nil
        var relationshipNode: Tree.Index? = nil
        var formatNode: Tree.Index? = nil
        var dateStyle: DateStyle? = nil
        var timeStyle: DateStyle? = nil
        var styleNode: Tree.Index? = nil
        var defaultNode: Tree.Index? = nil
        var onlyNode: Tree.Index? = nil
        for m in tree.children(node) {
            let key = tree.key(m) ?? ""
            switch key {
            case "type":
                typeNode = m
                if tree.kind(m) == .string, tree.string(m) == "array" {
                    baseType = .array(.any)
                } else {
                    baseType = type(m, label: label)
                }
            case "field":
                guard let f = string(m, "field of \(label)") else { continue }
                if FieldPath(f) == nil {
                    error(m, "field \(JSONString.quote(f)) of \(label) is not a key path; write a key or a.b.0.c")
                } else {
                    prop.field = f
                }
            case "of":
                ofNode = m
                element = ofType(m, label: label)
            case "values":
                valuesNode = m
                valuesType = type(m, label: "values of \(label)")
            case "keys":
                keysNode = m
                guard tree.kind(m) == .object else {
                    error(m, "keys of \(label) must be an object of types by key, found \(found(m))")
                    continue
                }
                var types: [String: MappingType] = [:]
                for k in tree.children(m) {
                    if let t = type(k, label: "\(label) key \(JSONString.quote(tree.key(k) ?? ""))") {
                        types[tree.key(k) ?? ""] = t
                    }
                }
                keyTypes = types
            case "format":
                formatNode = m
                prop.format = dateFormat(m, label: label)
            case "dateStyle":
                styleNode = m
                dateStyle = self.dateStyle(m, label: "dateStyle of \(label)")
            case "timeStyle":
                styleNode = m
                timeStyle = self.dateStyle(m, label: "timeStyle of \(label)")
            case "optional":
                prop.optional = bool(m, "optional of \(label)") ?? false
            case "default":
                defaultNode = m
                switch tree.kind(m) {
                case .string: prop.defaultValue = .string(tree.string(m) ?? "")
                case .bool: prop.defaultValue = .bool(tree.bool(m)!)
                case .null: prop.defaultValue = .null
                default: prop.defaultValue = .json(tree.canonicalJSON(m))
                }
            case "only":
                onlyNode = m
                prop.only = strings(m, "only of \(label)")
            case "hasOne", "hasMany":
                relationshipNode = m
                let classes: [String]?
                if tree.kind(m) == .string {
                    classes = string(m, "\(key) of \(label)").map { [$0] }
                } else {
                    classes = strings(m, "\(key) of \(label)")
                }
                guard let classes, !classes.isEmpty else {
                    if tree.kind(m) == .array { error(m, "\(key) of \(label) lists no class") }
                    continue
                }
                relationship = key == "hasOne" ? .hasOne(classes) : .hasMany(classes)
                typeUses.append((m, relationship!, label))
            default:
                unknownKey(m, in: "property \(label)", allowed: MappingLoader.propertyKeys)
            }
        }
        // Put the type together from type, of, values/keys and hasOne/hasMany.
        var t: MappingType? = baseType
        if let relationship {
            if let typeNode {
                errorAtKey(
                    typeNode, "property \(label) has both \"type\" and \"\(tree.key(relationshipNode!)!)\"; use one")
            }
            t = relationship
        }
        if let ofNode {
            switch t {
            case nil, .array(.any)?: t = element.map { .array($0) } ?? .array(.any)
            case .hasMany?, .hasOne?: errorAtKey(ofNode, "\"of\" does not apply to relationships (\(label))")
            case let other?:
                errorAtKey(
                    ofNode,
                    "\"of\" applies to arrays; \(label) has type \(other) (write \"type\": \"[T]\" or leave out type)")
            }
        }
        if valuesNode != nil || keysNode != nil {
            if case .dictionary? = t {
                t = .dictionary(values: valuesType ?? .any, keys: keyTypes ?? [:])
            } else {
                let which = keysNode ?? valuesNode!
                let shown = t.map { "has type \($0)" } ?? "has no type"
                errorAtKey(
                    which,
                    "\"\(tree.key(which)!)\" applies to dictionaries only; \(label) \(shown) (set \"type\": \"dictionary\")"
                )
            }
        }
        guard let finalType = t else {
            if typeNode == nil {
                error(node, "property \(label) has no type; add \"type\" (or \"of\", \"hasOne\", \"hasMany\")")
            }
            return nil
        }
        prop.type = finalType
        if dateStyle != nil || timeStyle != nil {
            if formatNode != nil { error(styleNode!, "\(label) sets both format and dateStyle/timeStyle; use one") }
            prop.format = .styles(date: dateStyle ?? .none, time: timeStyle ?? .none)
        }
        if let where_ = formatNode ?? styleNode, !finalType.involvesDate {
            errorAtKey(where_, "\"\(tree.key(where_)!)\" applies to dates; \(label) has type \(finalType)")
        }
        if let defaultNode, let d = prop.defaultValue,
            case .unusable(let why) = DefaultContent(d, type: finalType, format: prop.format, timeZone: nil)
        {
            error(defaultNode, "default of \(label): \(why)")
        }
        if onlyNode != nil, finalType.referencedClasses.isEmpty {
            errorAtKey(onlyNode!, "\"only\" applies to class-typed properties; \(label) has type \(finalType)")
        }
        if let onlyNode, let only = prop.only {
            pendingOnly.append((onlyNode, only, finalType.referencedClasses, label))
        }
        return prop
    }

    /// `only` lists of properties, checked once all classes are known.
    var pendingOnly: [(node: Tree.Index, only: [String], classes: [String], label: String)] = []

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
            case "by": by = string(m, "\"by\" of \(label)")
            case "map":
                hasMap = true
                guard tree.kind(m) == .object else {
                    error(m, "\"map\" of \(label) must be an object of classes by field value, found \(found(m))")
                    continue
                }
                for c in tree.children(m) {
                    guard let cls = string(c, "class for \(JSONString.quote(tree.key(c) ?? "")) in \(label)") else {
                        continue
                    }
                    cases.append(Discriminator.Case(value: tree.key(c) ?? "", className: cls))
                    typeUses.append((c, .object(cls), label))
                }
            default: unknownKey(m, in: "\"of\" of \(label)", allowed: ["by", "map"])
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
        var loader = MappingLoader(tree: tree, file: file)
        let set = loader.loadSet(node)
        for pending in loader.pendingOnly {
            for className in pending.classes {
                guard let cls = set[className] else { continue }
                loader.checkOnly(
                    pending.only, node: pending.node, properties: cls.properties.map(\.name), owner: className)
            }
        }
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
        var loader = MappingLoader(tree: tree, file: file)
        let route = loader.loadRoute(node, mappings: mappings)
        return (route, loader.diagnostics)
    }
}

extension MappingLoader {
    mutating func loadRoute(_ node: Tree.Index, mappings: MappingSet) -> RouteMapping? {
        switch tree.kind(node) {
        case .null: return nil
        case .string:
            guard let t = routeType(node, mappings: mappings) else { return nil }
            return RouteMapping(type: t)
        case .object: break
        default:
            error(node, "map must be a class name or an object with \"class\", found \(found(node))")
            return nil
        }
        var route = RouteMapping(type: nil)
        var classNode: Tree.Index? = nil
        var keyPathNode: Tree.Index? = nil
        var onlyNode: Tree.Index? = nil
        for m in tree.children(node) {
            switch tree.key(m) ?? "" {
            case "class":
                classNode = m
                route.type = routeType(m, mappings: mappings)
            case "keyPath":
                keyPathNode = m
                if let kp = string(m, "keyPath") {
                    if kp.isEmpty || FieldPath(kp) != nil {
                        route.keyPath = kp
                    } else {
                        error(m, "keyPath \(JSONString.quote(kp)) is malformed; write keys separated by dots (a.b.0)")
                    }
                }
            case "format":
                guard let f = string(m, "format") else { continue }
                if let format = RouteMapping.Format(rawValue: f) {
                    route.format = format
                } else {
                    error(m, "unknown map format \(JSONString.quote(f)); use jsonapi, or leave it out for plain data")
                }
            case "only":
                onlyNode = m
                route.only = strings(m, "only")
            default:
                unknownKey(m, in: "map", allowed: MappingLoader.routeKeys)
            }
        }
        if classNode == nil, route.format == .plain {
            error(node, "map needs \"class\": the class the response maps to")
        }
        if route.format == .jsonapi, let keyPathNode {
            warning(keyPathNode, "keyPath is not used for JSON:API documents (resources are found by type)")
        }
        if let onlyNode, let only = route.only, let name = route.className, let cls = mappings[name] {
            checkOnly(only, node: onlyNode, properties: cls.properties.map(\.name), owner: name)
        }
        return route
    }

    /// A route's class (or `[Class]`, or another type), checked against the defined classes.
    private mutating func routeType(_ n: Tree.Index, mappings: MappingSet) -> MappingType? {
        guard let text = string(n, "map class") else { return nil }
        guard let t = MappingType(parsing: text) else {
            error(n, "malformed class \(JSONString.quote(text)) in map; write a class name such as Article")
            return nil
        }
        for name in t.referencedClasses where mappings[name] == nil {
            var message = "unknown class \(JSONString.quote(name)) in map"
            if let guess = NameMatching.suggestion(for: name, among: mappings.names) {
                message += "; did you mean \(guess)?"
            }
            message +=
                mappings.isEmpty
                ? " (no classes are defined under \"mappings\")"
                : " (classes: " + mappings.names.joined(separator: ", ") + ")"
            error(n, message)
        }
        return t
    }
}
