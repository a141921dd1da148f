import Foundation
import StrataDocuments

/// Mapping one value by its expected type: scalars with coercions, classes, arrays, dictionaries, choices.
extension MappingRun {
    /// Maps node `node` as `type` for property `p` (`isProperty` when it is the property's own value, not an
    /// element inside it), appending the value under `parent`.
    @discardableResult
    func mapValue(
        _ node: Tree.Index, _ type: MappingType, property p: CompiledProperty, name: String?, parent: Int?,
        isProperty: Bool
    ) -> Int {
        let kind = tree.kind(node)
        if kind == .null, !type.isAny {
            return mapNull(node, type, property: p, name: name, parent: parent, isProperty)
        }
        switch type {
        case .any:
            return add(.raw, name: name, parent: parent, source: node)
        case .string, .int, .double, .decimal, .bool, .url, .date:
            return mapScalar(node, type, property: p, name: name, parent: parent, isProperty: isProperty)
        case .object(let className):
            guard let spec = objectSpec(className, for: p) else {
                return unknownClass(className, node: node, property: p, name: name, parent: parent)
            }
            guard kind == .object, !(isXML && isRepeatedWrapper(node, of: spec.cls, atLeast: 2)) else {
                // In XML, a wrapper of repeated elements that are not the class's properties is the array JSON
                // would have there.
                return mismatch(node, type, property: p, name: name, parent: parent, reason: nil)
            }
            return mapObject(node, spec: spec, name: name, parent: parent)
        case .array(let element):
            return mapArray(node, type, element: element, property: p, name: name, parent: parent)
        case .dictionary(let valueType, let keyTypes):
            guard kind == .object else {
                return mismatch(node, type, property: p, name: name, parent: parent, reason: nil)
            }
            let id = add(.dictionary, name: name, parent: parent, source: node)
            for c in tree.children(node) {
                let key = tree.key(c) ?? ""
                mapValue(c, keyTypes[key] ?? valueType, property: p, name: key, parent: id, isProperty: false)
            }
            close(id)
            return id
        case .choice(let d):
            return mapChoice(node, d, property: p, name: name, parent: parent)
        case .hasOne(let classes):
            if classes.count == 1 {
                return mapValue(node, .object(classes[0]), property: p, name: name, parent: parent, isProperty: false)
            }
            return mapByType(node, classes: classes, property: p, name: name, parent: parent)
        case .hasMany:
            return mapArray(node, type, element: type.elementType, property: p, name: name, parent: parent)
        }
    }

    /// A null where a value was expected: nil for optional properties, the default, or a `valueNull` error.
    /// `nulledBy` names what made a value null that was not (a property's transforms, `emptyNull`).
    private func mapNull(
        _ node: Tree.Index, _ type: MappingType, property p: CompiledProperty, name: String?, parent: Int?,
        _ isProperty: Bool, nulledBy: String? = nil
    ) -> Int {
        if isXML, type.isArrayLike {
            // An empty wrapper element (`<segments/>`) holds no items: an empty array, as `[]` in JSON.
            return add(.array, name: name, parent: parent, source: node)
        }
        if isProperty, let parent, let d = p.defaultContent {
            addDefault(d, property: p, parent: parent, source: node)
            return values.count - 1
        }
        if isProperty, p.optional { return add(.null, name: name, parent: parent, source: node) }
        if isXML, type.isString, nulledBy == nil {
            // An empty XML element cannot tell empty text from no text: a required string reads it as "".
            return add(.string(""), name: name, parent: parent, source: node)
        }
        let id = add(.null, name: name, parent: parent, source: node)
        let message: String
        if isProperty {
            message = "\(p.qualified) is null but required — mark it \"optional\": true or give it a \"default\""
        } else {
            // Array elements and dictionary values cannot be optional: a type that holds anything can hold null.
            let what = name.map { "null value of key \(JSONString.quote($0))" } ?? "null element"
            let holding = p.type.replacingLeaf(type, with: .any).map { "declare \(p.qualified) as \($0)" }
            message =
                "\(what) where \(p.qualified) expects \(type) — fix the data, or "
                + (holding ?? (name == nil ? "map the field as [any]" : "map the field as {any}"))
        }
        report(
            .error, .valueNull, node: node, property: p.qualified, expected: type.expectedText,
            found: nulledBy == nil ? "null" : found(node),
            message: nulledBy.map { "\(message) (\($0) made \(found(node)) null)" } ?? message, value: id)
        return id
    }

    private func mapArray(
        _ node: Tree.Index, _ type: MappingType, element: MappingType, property p: CompiledProperty, name: String?,
        parent: Int?
    ) -> Int {
        switch tree.kind(node) {
        case .array:
            let id = add(.array, name: name, parent: parent, source: node)
            for c in tree.children(node) { mapValue(c, element, property: p, name: nil, parent: id, isProperty: false) }
            close(id)
            return id
        case .object where isXML:
            // A wrapper element: its child elements are the array's elements; its attributes are not.
            let id = add(.array, name: name, parent: parent, source: node)
            for c in tree.children(node) {
                if let k = tree.key(c), k.hasPrefix("@") {
                    reportUnmapped(c, className: p.qualified)
                } else {
                    mapValue(c, element, property: p, name: nil, parent: id, isProperty: false)
                }
            }
            close(id)
            return id
        case .string where isXML && (tree.string(node) ?? "").trimmed.isEmpty:
            return add(.array, name: name, parent: parent, source: node)
        default:
            return mismatch(node, type, property: p, name: name, parent: parent, reason: nil)
        }
    }

    private func mapScalar(
        _ node: Tree.Index, _ type: MappingType, property p: CompiledProperty, name: String?, parent: Int?,
        isProperty: Bool
    ) -> Int {
        var n = node
        if isXML {
            if tree.kind(node) == .object {
                // An element with attributes: its `#text` is the value; an empty element is empty text.
                if let text = tree.children(node).first(where: { tree.key($0) == "#text" }) {
                    n = text
                    for c in tree.children(node) where c != text { reportUnmapped(c, className: p.qualified) }
                } else if tree.childCount(node) == 0 {
                    if case .string = type { return add(.string(""), name: name, parent: parent, source: node) }
                    return mapNull(node, type, property: p, name: name, parent: parent, isProperty)
                }
            } else if tree.kind(node) == .string, !type.isString, (tree.string(node) ?? "").trimmed.isEmpty {
                return mapNull(node, type, property: p, name: name, parent: parent, isProperty)
            }
        }
        let reader = type.isDate ? reader(p.dateReader) : nil
        let outcome: ScalarOutcome
        if p.transforms.isEmpty {
            outcome = ScalarConversion.convert(tree, n, type, reader: reader, autoDate: p.format == nil)
        } else {
            switch ValueTransform.apply(p.transforms, to: tree, n) {
            case .failure(let failure): outcome = .mismatch(failure.reason)
            case .success(.null):
                let names = p.transforms.map(\.rawValue).joined(separator: ", ")
                return mapNull(n, type, property: p, name: name, parent: parent, isProperty, nulledBy: names)
            case .success(let value):
                outcome = ScalarConversion.convert(
                    value.tree, Tree.root, type, reader: reader, autoDate: p.format == nil
                ).transformed(into: value, by: p.transforms)
                if case .mismatch(let reason) = outcome {
                    return mismatch(
                        n, type, property: p, name: name, parent: parent, reason: reason, source: node,
                        declare: value.typeName)
                }
            }
        }
        switch outcome {
        case .value(let content, let coerced):
            let id = add(content, name: name, parent: parent, source: node)
            if n != node { alsoSource(n, of: id) }
            if coerced, typed {
                let f = found(n)
                report(
                    .info, .coerced, node: n, property: p.qualified, expected: type.description, found: f,
                    message: "\(f) read as \(type) \(MappingResult.scalarText(content))", value: id)
            }
            return id
        case .mismatch(let reason):
            return mismatch(n, type, property: p, name: name, parent: parent, reason: reason, source: node)
        case .badDate(let reason):
            let id = add(.invalid, name: name, parent: parent, source: node)
            let f = found(n)
            let expected = dateExpectation(p)
            report(
                .error, .badDate, node: n, property: p.qualified, expected: expected, found: f,
                message: "expected \(expected), found \(f) — \(reason)", value: id)
            return id
        }
    }

    /// `date in format M/d/yyyy`, or `date (ISO 8601; no format set)`.
    func dateExpectation(_ p: CompiledProperty) -> String {
        guard let f = p.format else { return "date (ISO 8601 or Unix seconds; no format set)" }
        return "date in format \(f)"
    }

    /// Records a `typeMismatch` and adds an invalid value showing the source; `declare` is the type to suggest
    /// when it is not the one that reads `node` (a value the property's transforms changed).
    @discardableResult
    func mismatch(
        _ node: Tree.Index, _ type: MappingType, property p: CompiledProperty, name: String?, parent: Int?,
        reason: String?, source: Tree.Index? = nil, declare: String? = nil
    ) -> Int {
        let id = add(.invalid, name: name, parent: parent, source: source ?? node)
        let f = found(node)
        let expected = type.isDate ? dateExpectation(p) : type.expectedText
        var message = "expected \(expected), found \(f)"
        if let reason { message += "; " + reason }
        message += " — fix the data, or declare \(p.qualified) as \(declare ?? suggestedType(node, for: type))"
        report(
            .error, .typeMismatch, node: node, property: p.qualified, expected: expected, found: f, message: message,
            value: id)
        return id
    }

    /// The type that would accept node `n`, for hints.
    private func suggestedType(_ n: Tree.Index, for type: MappingType) -> String {
        var kind = tree.kind(n)
        if isXML, kind == .object, let items = tree.wrappedElements(n), items.count > 1 {
            // A wrapper of repeated elements is the array JSON would have there (the mismatch is about it only
            // when no property of the class reads them).
            kind = .array
        }
        switch kind {
        case .string: return "string"
        case .number: return tree.int(n) != nil ? "int" : "double"
        case .bool: return "bool"
        case .null: return "optional"
        case .object:
            if case .array(.object(let c)) = type { return c }
            return "a class or dictionary"
        case .array:
            if case .object(let c) = type { return "[\(c)]" }
            return "an array ([T])"
        }
    }

    /// Records an `unknownClass` and adds an invalid value.
    func unknownClass(_ className: String, node: Tree.Index, property p: CompiledProperty, name: String?, parent: Int?)
        -> Int
    {
        let id = add(.invalid, name: name, parent: parent, source: node)
        var message = "no class named \(JSONString.quote(className)) in mappings"
        message += Suggestion.didYouMean(className, in: compiled.classes.map(\.name), quoting: .bare)
        report(
            .error, .unknownClass, node: node, property: p.qualified, expected: className, found: found(node),
            message: message + " — define it under \"mappings\" or fix the type of \(p.qualified)", value: id)
        return id
    }

    /// Maps an object whose class is chosen by its discriminator field.
    private func mapChoice(
        _ node: Tree.Index, _ d: Discriminator, property p: CompiledProperty, name: String?, parent: Int?
    ) -> Int {
        guard tree.kind(node) == .object else {
            return mismatch(node, .choice(d), property: p, name: name, parent: parent, reason: nil)
        }
        let known = d.cases.map(\.value).joined(separator: ", ")
        let field =
            tree.children(node).first { tree.key($0) == d.field }
            ?? tree.children(node).first { NameMatching.rank(key: tree.key($0) ?? "", name: d.field) != nil }
        guard let field else {
            let id = add(.invalid, name: name, parent: parent, source: node)
            report(
                .error, .missingField, node: node, suffix: d.field, property: p.qualified,
                expected: "a \(JSONString.quote(d.field)) field (\(known))", found: found(node),
                message:
                    "the element has no \(JSONString.quote(d.field)) field, so its class cannot be chosen among "
                    + d.classNames.joined(separator: ", "), value: id)
            return id
        }
        let value = tree.string(field) ?? tree.numberText(field) ?? tree.scalarText(field)
        guard let className = d.className(for: value) else {
            let id = add(.invalid, name: name, parent: parent, source: node)
            report(
                .error, .unknownClass, node: field, property: p.qualified, expected: known, found: found(field),
                message:
                    "\(d.field) \(JSONString.quote(value)) selects no class; \"of\".\"map\" knows \(known) — add it there",
                value: id)
            return id
        }
        guard let cls = compiled[className] else {
            return unknownClass(className, node: node, property: p, name: name, parent: parent)
        }
        if sourceIndex[field] == SourceMarks.untouched { sourceIndex[field] = SourceMarks.passed }
        return mapObject(node, spec: spec(cls, only: p.only), name: name, parent: parent)
    }

    /// Outside JSON:API, an embedded object for a relationship to several classes: chosen by its `type` field.
    private func mapByType(
        _ node: Tree.Index, classes: [String], property p: CompiledProperty, name: String?, parent: Int?
    ) -> Int {
        guard tree.kind(node) == .object else {
            return mismatch(node, .hasOne(classes), property: p, name: name, parent: parent, reason: nil)
        }
        let typeNode = tree.children(node).first { tree.key($0) == "type" }
        let typeName = typeNode.flatMap { tree.string($0) }
        let chosen = classes.first { c in
            compiled[c].map { $0.jsonapiType == typeName || $0.name == typeName } ?? false
        }
        guard let chosen, let cls = compiled[chosen] else {
            let id = add(.invalid, name: name, parent: parent, source: node)
            report(
                .error, .unknownClass, node: typeNode ?? node, property: p.qualified,
                expected: classes.joined(separator: "|"), found: typeNode.map(found) ?? found(node),
                message: "the object's \"type\" selects none of " + classes.joined(separator: ", "), value: id)
            return id
        }
        return mapObject(node, spec: spec(cls, only: p.only), name: name, parent: parent)
    }

    // MARK: Routes

    /// Maps plain data: the value at the route's key path, as the route's type.
    func mapPlain(_ route: RouteMapping) {
        let rootType = route.type ?? .any
        let label = route.className ?? rootType.description
        let prop = CompiledProperty(
            root: rootType, label: label, dateReader: compiled.rootDateReader, only: route.only,
            serial: compiled.propertyCount, classIndex: route.className.flatMap { compiled.byName[$0] })
        guard tree.count > 0 else {
            let id = add(.missing, name: nil, parent: nil, source: nil)
            report(.error, .keyPathNotFound, node: nil, property: label, message: "the response has no data", value: id)
            return
        }
        var node = Tree.root
        if let kp = route.keyPath, !kp.isEmpty {
            guard let f = FieldPath(kp) else {
                let id = add(.missing, name: nil, parent: nil, source: nil)
                report(
                    .error, .keyPathNotFound, node: Tree.root, property: label,
                    message: "route keyPath \(JSONString.quote(kp)) is malformed", value: id)
                return
            }
            switch f.resolve(in: tree, from: Tree.root) {
            case .found(let n, let passed):
                markPassed([Tree.root] + passed)
                node = n
            case .collected(let nodes, let passed, let fan):
                if case .repeated = fan.via, fan.step == f.steps.count - 1 {
                    // Repeated XML elements at the key path's end: the array JSON would have there.
                    markPassed([Tree.root] + passed)
                    let type: MappingType = if case .object = rootType { .array(rootType) } else { rootType }
                    mapCollected(nodes, as: type, path: f, fan: fan, property: prop, object: Tree.root, parent: nil)
                    return
                }
                let id = add(.missing, name: nil, parent: nil, source: nil)
                report(
                    .error, .keyPathNotFound, node: Tree.root, property: label, expected: rootType.expectedText,
                    found: "\(nodes.count) values collected through \(fan.text)",
                    message: "route keyPath \(JSONString.quote(kp)) goes through \(fan.text) — end it at the array, or "
                        + "pick one element with a number step, in the route's map", value: id)
                return
            case .stopped(let at, let step, let passed):
                markPassed([Tree.root] + passed)
                let id = add(.missing, name: nil, parent: nil, source: nil)
                let missingStep = f.steps[step].text
                var message = "route keyPath \(JSONString.quote(kp)): "
                if tree.kind(at) == .object {
                    let keys = tree.children(at).compactMap { tree.key($0) }
                    message += "no member \(JSONString.quote(missingStep))"
                    if let guess = Suggestion.nearest(missingStep, in: keys) {
                        message += Suggestion.phrase(guess, quoting: .json)
                    } else {
                        message +=
                            " (members: " + keys.prefix(8).joined(separator: ", ") + (keys.count > 8 ? ", …)" : ")")
                    }
                } else {
                    message += "cannot go into \(found(at)) for \(JSONString.quote(missingStep))"
                }
                report(
                    .error, .keyPathNotFound, node: at, suffix: tree.kind(at) == .object ? missingStep : nil,
                    property: label, expected: rootType.expectedText, found: found(at),
                    message: message + " — fix \"keyPath\" in the route's map", value: id)
                return
            }
        }
        if isXML, route.keyPath?.isEmpty ?? true, let element = tree.firstChild(Tree.root),
            !readsRootElement(element, as: rootType)
        {
            // The document's one member is its root element, which is the document: `<users><user/>…</users>`
            // maps as JSON's `[{…}, …]` would, `<user>…</user>` as `{…}`.
            markPassed([Tree.root])
            node = element
        }
        // About one value per source node of the mapped subtree: reserve once instead of growing.
        values.reserveCapacity(tree.subtreeEnd(node) - node + 1)
        var type = rootType
        if case .object(let c) = rootType {
            if tree.kind(node) == .array {
                type = .array(rootType)
            } else if isXML, let cls = compiled[c], isRepeatedWrapper(node, of: cls) {
                type = .array(rootType)
            }
        }
        mapValue(node, type, property: prop, name: nil, parent: nil, isProperty: false)
    }

    /// True when XML element `node` holds only repeated child elements (at least `atLeast` of them) that no
    /// property of `cls` reads.
    func isRepeatedWrapper(_ node: Tree.Index, of cls: CompiledClass, atLeast: Int = 1) -> Bool {
        guard let items = tree.wrappedElements(node), items.count >= atLeast, let name = tree.key(items[0]) else {
            return false
        }
        return !reads(cls, name)
    }

    /// True when the route's class reads XML root element `element` itself, so the document is its object (as
    /// with JSON's `{"user": {…}}`).
    private func readsRootElement(_ element: Tree.Index, as type: MappingType) -> Bool {
        guard case .object(let c) = type, let cls = compiled[c], let name = tree.key(element) else { return false }
        return reads(cls, name)
    }

    /// True when a property of `cls` reads XML members named `name`: its `field` starts with it (or with its
    /// attribute or element form), or, without a `field`, its name matches.
    private func reads(_ cls: CompiledClass, _ name: String) -> Bool {
        cls.properties.contains { p in
            guard let first = p.field?.firstKey else { return NameMatching.rank(key: name, name: p.name) != nil }
            return first == name || Tree.xmlCounterpart(of: first) == name
        }
    }
}

extension MappingType {
    /// This array or dictionary type with element (or value) type `leaf`, at the innermost place it is one,
    /// replaced by `new` (`[[int]]` with `int` → `any` gives `[[any]]`); nil when `leaf` is no element here.
    func replacingLeaf(_ leaf: MappingType, with new: MappingType) -> MappingType? {
        switch self {
        case .array(let e):
            if let inner = e.replacingLeaf(leaf, with: new) { return .array(inner) }
            return e == leaf ? .array(new) : nil
        case .dictionary(let v, let keys):
            if let inner = v.replacingLeaf(leaf, with: new) { return .dictionary(values: inner, keys: keys) }
            return v == leaf ? .dictionary(values: new, keys: keys) : nil
        default:
            return nil
        }
    }

    /// True for `.any`.
    var isAny: Bool {
        if case .any = self { return true }
        return false
    }

    /// True for `.string`.
    var isString: Bool {
        if case .string = self { return true }
        return false
    }

    /// True for `.date`.
    var isDate: Bool {
        if case .date = self { return true }
        return false
    }
}
