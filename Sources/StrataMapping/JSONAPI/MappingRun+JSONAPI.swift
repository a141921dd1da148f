import StrataDocuments

/// Mapping JSON:API documents: primary data and errors, resources by type, relationships resolved from
/// `included` (each resource expanded once, so cycles end in references), and every spec violation an issue.
extension MappingRun {
    /// The top-level members a JSON:API document may have.
    static let documentMembers = ["data", "errors", "meta", "links", "included", "jsonapi"]

    /// Maps the whole tree as a JSON:API document; `route.className` is the class for primary data.
    func mapJSONAPI(_ route: RouteMapping) {
        let docClass = JSONAPIBuiltins.documentClassName
        guard tree.count > 0, tree.kind(Tree.root) == .object else {
            let id = add(.invalid, name: nil, parent: nil, source: tree.count > 0 ? Tree.root : nil)
            report(
                .error, .jsonapiInvalid, node: tree.count > 0 ? Tree.root : nil, property: docClass,
                expected: "an object with data, errors or meta", found: tree.count > 0 ? found(Tree.root) : "nothing",
                message: "a JSON:API document must be an object with data, errors or meta", value: id)
            return
        }
        values.reserveCapacity(tree.count + 1)
        var member: [String: Tree.Index] = [:]
        for c in tree.children(Tree.root) {
            let k = tree.key(c) ?? ""
            if member[k] == nil { member[k] = c }
            if !MappingRun.documentMembers.contains(k), !k.contains(":"), !k.hasPrefix("@") {
                report(
                    .warning, .jsonapiInvalid, node: c, property: docClass, found: found(c),
                    message:
                        "unknown top-level member \(JSONString.quote(k)); a JSON:API document has "
                        + MappingRun.documentMembers.joined(separator: ", "), value: nil)
                sourceIndex[c] = SourceMarks.unmapped
            }
        }
        let data = member["data"]
        let errors = member["errors"]
        let included = member["included"]
        if data == nil, errors == nil, member["meta"] == nil {
            report(
                .error, .jsonapiInvalid, node: Tree.root, property: docClass, found: found(Tree.root),
                message: "a JSON:API document must have data, errors or meta; this one has none", value: nil)
        }
        if data != nil, let errors {
            report(
                .error, .jsonapiInvalid, node: errors, property: docClass,
                message: "data and errors must not both be present in a JSON:API document", value: nil)
        }
        if let included, data == nil {
            report(
                .error, .jsonapiInvalid, node: included, property: docClass,
                message: "included without data: a compound document needs primary data", value: nil)
        }
        // Index every resource first, so relationships can point forward.
        if let data {
            switch tree.kind(data) {
            case .object:
                if let key = indexResource(data) { jsonapi.primary.insert(key) }
            case .array:
                for r in tree.children(data) {
                    if let key = indexResource(r) { jsonapi.primary.insert(key) }
                }
            case .null: break
            default:
                report(
                    .error, .jsonapiInvalid, node: data, property: docClass, found: found(data),
                    message: "data must be a resource object, an array of resource objects, or null", value: nil)
            }
        }
        if let included {
            sourceIndex[included] = SourceMarks.passed
            if tree.kind(included) == .array {
                for r in tree.children(included) {
                    _ = indexResource(r)
                    jsonapi.included.append(r)
                }
            } else {
                report(
                    .error, .jsonapiInvalid, node: included, property: docClass, found: found(included),
                    message: "included must be an array of resource objects", value: nil)
            }
        }
        let preferred = route.className.flatMap { compiled[$0] }
        let root = add(.object(className: docClass), name: nil, parent: nil, source: Tree.root)
        if let data {
            switch tree.kind(data) {
            case .object: mapResource(data, preferred: preferred, only: route.only, name: "data", parent: root)
            case .array:
                let arr = add(.array, name: "data", parent: root, source: data)
                for r in tree.children(data) {
                    mapResource(r, preferred: preferred, only: route.only, name: nil, parent: arr)
                }
                close(arr)
            case .null: add(.null, name: "data", parent: root, source: data)
            default: add(.invalid, name: "data", parent: root, source: data)
            }
        }
        if let errors {
            if tree.kind(errors) == .array {
                let type = MappingType.array(.object(JSONAPIBuiltins.errorClass.name))
                let prop = CompiledProperty(
                    root: type, label: docClass + ".errors", dateReader: compiled.rootDateReader, only: nil,
                    serial: compiled.propertyCount + 1, classIndex: compiled.byName[JSONAPIBuiltins.errorClass.name])
                mapValue(errors, type, property: prop, name: "errors", parent: root, isProperty: true)
            } else {
                let id = add(.invalid, name: "errors", parent: root, source: errors)
                report(
                    .error, .jsonapiInvalid, node: errors, property: docClass, found: found(errors),
                    message: "errors must be an array of error objects", value: id)
            }
        }
        for k in ["meta", "links", "jsonapi"] {
            if let n = member[k] { add(.raw, name: k, parent: root, source: n) }
        }
        if let included, tree.kind(included) == .array { mapIncluded(included, parent: root) }
        close(root)
        for r in jsonapi.included {
            if let key = jsonapi.keyOf[r], jsonapi.expanded[key] != nil { continue }
            guard sourceIndex[r] == SourceMarks.untouched else { continue }
            sourceIndex[r] = SourceMarks.unmapped
            let what = jsonapi.keyOf[r].map { "included resource \($0)" } ?? "included element"
            report(
                .info, .unmappedField, node: r, property: nil, found: found(r),
                message: "\(what) is not reached from data through any mapped relationship", value: nil)
        }
    }

    /// Lists the document's `included` resources: a reference to each one data's relationships already expanded,
    /// the others mapped by the class declaring their type (resources no class declares stay unmapped, and so do
    /// all of them once the depth limit cut a chain of relationships).
    private func mapIncluded(_ included: Tree.Index, parent: Int) {
        let arr = add(.array, name: "included", parent: parent, source: nil)
        for r in jsonapi.included {
            guard let key = jsonapi.keyOf[r] else { continue }
            if let expanded = jsonapi.expanded[key] {
                add(.reference(expanded), name: nil, parent: arr, source: nil)
            } else if !jsonapi.cutByDepth, compiled.jsonapiClass(key.type) != nil {
                mapResource(r, preferred: nil, only: nil, name: nil, parent: arr)
            }
        }
        close(arr)
    }

    /// Checks a resource object and records it by type and id; nil (with an issue) when it cannot be indexed.
    private func indexResource(_ r: Tree.Index) -> ResourceKey? {
        guard tree.kind(r) == .object else {
            report(
                .error, .jsonapiInvalid, node: r, property: nil, expected: "a resource object", found: found(r),
                message: "a resource must be an object with type and id, found \(found(r))", value: nil)
            return nil
        }
        let typeNode = tree.children(r).first { tree.key($0) == "type" }
        let idNode = tree.children(r).first { tree.key($0) == "id" } ?? tree.children(r).first { tree.key($0) == "lid" }
        guard let typeNode else {
            report(
                .error, .jsonapiInvalid, node: r, suffix: "type", property: nil, expected: "a \"type\" string",
                message: "resource has no \"type\"; every resource object needs type and id", value: nil)
            return nil
        }
        guard tree.kind(typeNode) == .string, let type = tree.string(typeNode) else {
            report(
                .error, .jsonapiInvalid, node: typeNode, property: nil, expected: "string", found: found(typeNode),
                message: "resource \"type\" must be a string, found \(found(typeNode))", value: nil)
            return nil
        }
        guard let idNode else {
            report(
                .error, .jsonapiInvalid, node: r, suffix: "id", property: nil, expected: "an \"id\" string",
                message: "resource of type \(JSONString.quote(type)) has no \"id\"", value: nil)
            return nil
        }
        let id: String
        if tree.kind(idNode) == .string {
            id = tree.string(idNode) ?? ""
        } else if tree.kind(idNode) == .number {
            // The spec says string; real servers send numbers and clients (jsonapi-ios) read them.
            id = tree.scalarText(idNode)
            report(
                .warning, .jsonapiInvalid, node: idNode, property: nil, expected: "string", found: found(idNode),
                message:
                    "resource \"id\" should be a string, found \(found(idNode)) — read as \(JSONString.quote(id)); "
                    + "the spec asks servers to send ids as strings",
                value: nil)
        } else {
            report(
                .error, .jsonapiInvalid, node: idNode, property: nil, expected: "string", found: found(idNode),
                message:
                    "resource \"id\" must be a string, found \(found(idNode)) — the server must send ids as strings",
                value: nil)
            guard tree.kind(idNode) == .bool else { return nil }
            id = tree.scalarText(idNode)
        }
        for k in ["attributes", "relationships"] {
            if let n = tree.children(r).first(where: { tree.key($0) == k }), tree.kind(n) != .object {
                report(
                    .error, .jsonapiInvalid, node: n, property: nil, expected: "object", found: found(n),
                    message: "resource \(k) must be an object, found \(found(n))", value: nil)
            }
        }
        let key = ResourceKey(type: type, id: id)
        if let first = jsonapi.resources[key] {
            report(
                .error, .jsonapiInvalid, node: r, property: nil, found: "resource \(key)",
                message: "duplicate resource \(key): also at \(pathText(first)); type and id must be unique",
                value: nil)
            return nil
        }
        jsonapi.resources[key] = r
        jsonapi.keyOf[r] = key
        return key
    }

    /// Maps one resource object by the class declaring its type (or `preferred` when none does).
    @discardableResult
    private func mapResource(
        _ node: Tree.Index, preferred: CompiledClass?, only: [String]?, name: String?, parent: Int?
    ) -> Int {
        guard let key = jsonapi.keyOf[node] else {
            // Not a valid resource: already reported when indexing.
            return add(.invalid, name: name, parent: parent, source: node)
        }
        let typeNode = tree.children(node).first { tree.key($0) == "type" }!
        var cls = compiled.jsonapiClass(key.type)
        if cls == nil, let preferred, preferred.jsonapiType == nil { cls = preferred }
        guard let cls else {
            let id = add(.invalid, name: name, parent: parent, source: node)
            jsonapi.expanded[key] = id
            report(
                .error, .unknownClass, node: typeNode, property: preferred?.name,
                expected: "a class with \"jsonapi\": \(JSONString.quote(key.type))", found: found(typeNode),
                message:
                    "no class declares \"jsonapi\": \(JSONString.quote(key.type)) — add one to mappings to map \(key.type)",
                value: id)
            return id
        }
        let id = add(.object(className: cls.name), name: name, parent: parent, source: node)
        jsonapi.expanded[key] = id
        if let preferred, preferred.name != cls.name, preferred.jsonapiType != nil {
            // Mixed primary data is legal JSON:API: a resource mapped by its own type's class is noted, not warned.
            report(
                .info, .typeMismatch, node: typeNode, property: preferred.name,
                expected: "\(preferred.name) (\(preferred.jsonapiType!))", found: found(typeNode),
                message: "the route maps \(preferred.name), but this resource is \(key.type); mapped as \(cls.name)",
                value: id)
        }
        if depth >= maxDepth {
            values.setContent(.invalid, at: id)
            jsonapi.cutByDepth = true
            report(
                .error, .tooDeep, node: node, property: cls.name,
                message: "relationships nest deeper than \(maxDepth) levels here; deeper values are not mapped",
                value: id)
            close(id)
            return id
        }
        depth += 1
        defer { depth -= 1 }
        let attributes = tree.children(node).first { tree.key($0) == "attributes" && tree.kind($0) == .object }
        let relationships = tree.children(node).first {
            tree.key($0) == "relationships" && tree.kind($0) == .object
        }
        let idNode =
            tree.children(node).first { tree.key($0) == "id" }
            ?? tree.children(node).first {
                tree.key($0) == "lid"
            }
        let spec = spec(cls, only: only)
        let identity = spec.active.filter { isIdentity(cls.properties[$0]) }
        let rels = spec.active.filter { cls.properties[$0].isRelationship && !identity.contains($0) }
        let attrs = spec.active.filter { !cls.properties[$0].isRelationship && !identity.contains($0) }
        let attrMembers = attributes.map { Array(tree.children($0)) } ?? []
        let relMembers = relationships.map { Array(tree.children($0)) } ?? []
        let (attrSlots, attrTaken) = matchFields(cls, active: attrs, keys: attrMembers.map { tree.key($0) ?? "" })
        let (relSlots, relTaken) = matchFields(cls, active: rels, keys: relMembers.map { tree.key($0) ?? "" })
        lazy var attributeHints = MissingFieldHints(
            unmapped: attrMembers.indices.filter { !attrTaken[$0] }.compactMap { tree.key(attrMembers[$0]) })
        for pi in spec.active {
            let p = cls.properties[pi]
            if identity.contains(pi) {
                let isType = (p.field?.text ?? p.name).lowercased() == "type"
                let n = isType ? typeNode : idNode
                if let n {
                    mapValue(n, p.type, property: p, name: p.name, parent: id, isProperty: true)
                } else {
                    missing(
                        p, object: node, parent: id, steps: [.key("id", index: nil)], reason: "the resource has no id")
                }
            } else if p.isRelationship {
                switch relSlots[pi] {
                case .member(let k): mapRelationship(relMembers[k], property: p, parent: id)
                default:
                    missing(
                        p, object: relationships ?? node, parent: id,
                        steps: p.field?.steps ?? [.key(p.name, index: nil)],
                        reason: "no relationship matches \(JSONString.quote(p.name))"
                            + (relationships == nil ? " (the resource has no relationships)" : ""))
                }
            } else {
                switch attrSlots[pi] {
                case .member(let k):
                    mapValue(attrMembers[k], p.type, property: p, name: p.name, parent: id, isProperty: true)
                case .none where p.field == nil && p.name.lowercased() == "selflink":
                    // As jsonapi-ios does, `selfLink` reads the resource's `links.self` (a string or `{href}`).
                    if let link = selfLink(of: node) {
                        mapValue(link, p.type, property: p, name: p.name, parent: id, isProperty: true)
                    } else {
                        missing(
                            p, object: node, parent: id, steps: [.key("links", index: nil), .key("self", index: nil)],
                            reason: "the resource has no links.self")
                    }
                case .repeated, .none:
                    missing(
                        p, object: attributes ?? node, parent: id, steps: [.key(p.name, index: nil)],
                        reason: attributeHints.reason(p.name)
                            + (attributes == nil ? " (the resource has no attributes)" : ""))
                case .path(let f):
                    // A key path reads from the attributes first, then from the resource object (meta.x, links.self).
                    var resolved: (Tree.Index, [Tree.Index])? = nil
                    for start in [attributes, node].compactMap({ $0 }) {
                        if case .found(let n, let passed) = f.resolve(in: tree, from: start) {
                            resolved = (n, passed)
                            break
                        }
                    }
                    if let (n, passed) = resolved {
                        markPassed(passed)
                        mapValue(n, p.type, property: p, name: p.name, parent: id, isProperty: true)
                    } else {
                        missing(
                            p, object: attributes ?? node, parent: id, steps: f.steps,
                            reason: "field path \(f.text) leads nowhere in the attributes or the resource")
                    }
                }
            }
        }
        for (k, m) in attrMembers.enumerated() where !attrTaken[k] && sourceIndex[m] == SourceMarks.untouched {
            reportUnmapped(m, className: cls.name, note: " (attribute)")
        }
        for (k, m) in relMembers.enumerated() where !relTaken[k] && sourceIndex[m] == SourceMarks.untouched {
            reportUnmapped(m, className: cls.name, note: " (relationship)")
        }
        close(id)
        return id
    }

    /// The node of a resource's `links.self`: the link string, or the `href` of a link object.
    private func selfLink(of resource: Tree.Index) -> Tree.Index? {
        guard let links = tree.children(resource).first(where: { tree.key($0) == "links" }),
            tree.kind(links) == .object,
            let link = tree.children(links).first(where: { tree.key($0) == "self" })
        else { return nil }
        guard tree.kind(link) == .object else { return link }
        return tree.children(link).first { tree.key($0) == "href" }
    }

    /// True for the properties that read a resource's `id` or `type`.
    private func isIdentity(_ p: CompiledProperty) -> Bool {
        let f = (p.field?.text ?? p.name).lowercased()
        return f == "id" || f == "type"
    }

    /// Maps a relationship object: its linkage resolved to resources, references, or `missingInclude`.
    private func mapRelationship(_ rel: Tree.Index, property p: CompiledProperty, parent: Int) {
        let classes: [String]
        let toMany: Bool
        switch p.type {
        case .hasMany(let c):
            classes = c
            toMany = true
        case .hasOne(let c):
            classes = c
            toMany = false
        default: return
        }
        guard tree.kind(rel) == .object else {
            let id = add(.invalid, name: p.name, parent: parent, source: rel)
            report(
                .error, .jsonapiInvalid, node: rel, property: p.qualified, expected: "a relationship object",
                found: found(rel), message: "a relationship must be an object with data, links or meta", value: id)
            return
        }
        guard let data = tree.children(rel).first(where: { tree.key($0) == "data" }) else {
            let id = add(.null, name: p.name, parent: parent, source: rel)
            report(
                .warning, .missingInclude, node: rel, property: p.qualified, expected: "data (resource linkage)",
                found: found(rel),
                message:
                    "relationship \(JSONString.quote(p.name)) has no data (only links or meta), so its resources are "
                    + "not in this document — request them with ?include=\(p.name)", value: id)
            return
        }
        let shape = toMany ? "an array of resource identifiers" : "a resource identifier or null"
        let id: Int
        switch (tree.kind(data), toMany) {
        case (.null, false):
            id = add(.null, name: p.name, parent: parent, source: data)
        case (.object, false):
            id = resolveLinkage(data, classes: classes, property: p, name: p.name, parent: parent)
        case (.array, true):
            id = add(.array, name: p.name, parent: parent, source: data)
            for link in tree.children(data) {
                resolveLinkage(link, classes: classes, property: p, name: nil, parent: id)
            }
            close(id)
        default:
            id = add(.invalid, name: p.name, parent: parent, source: data)
            report(
                .error, .typeMismatch, node: data, property: p.qualified, expected: shape, found: found(data),
                message:
                    "\(p.qualified) is \(toMany ? "hasMany" : "hasOne"), so its data must be \(shape), found \(found(data))",
                value: id)
        }
        alsoSource(rel, of: id)
    }

    /// Resolves one resource identifier `{ "type", "id" }` to the resource, a reference, or an unresolved value.
    @discardableResult
    private func resolveLinkage(
        _ link: Tree.Index, classes: [String], property p: CompiledProperty, name: String?, parent: Int
    ) -> Int {
        let typeNode = tree.kind(link) == .object ? tree.children(link).first { tree.key($0) == "type" } : nil
        let idNode = tree.kind(link) == .object ? tree.children(link).first { tree.key($0) == "id" } : nil
        guard let typeNode, let type = tree.string(typeNode), let idNode,
            [.string, .number].contains(tree.kind(idNode))
        else {
            let id = add(.invalid, name: name, parent: parent, source: link)
            report(
                .error, .jsonapiInvalid, node: link, property: p.qualified, expected: "{\"type\": …, \"id\": …}",
                found: found(link), message: "a resource identifier needs a string type and an id", value: id)
            return id
        }
        let key = ResourceKey(type: type, id: tree.string(idNode) ?? tree.scalarText(idNode))
        if tree.kind(idNode) != .string {
            // A number still names the resource (it resolves), as for a resource's own id: a warning.
            report(
                .warning, .jsonapiInvalid, node: idNode, property: p.qualified, expected: "string",
                found: found(idNode),
                message:
                    "resource identifier \"id\" should be a string, found \(found(idNode)) — read as "
                    + "\(JSONString.quote(key.id)); the spec asks servers to send ids as strings",
                value: nil)
        }
        let target = jsonapi.resources[key]
        let id: Int
        if target == nil {
            id = add(.unresolved(type: key.type, id: key.id), name: name, parent: parent, source: link)
            report(
                .warning, .missingInclude, node: link, property: p.qualified, expected: "\(key) in included",
                found: "resource identifier \(key)",
                message:
                    "relationship \(JSONString.quote(p.name)) → \(key) is not in the document (neither data nor "
                    + "included) — request it with ?include=\(p.name), or check the server", value: id)
        } else if let existing = jsonapi.expanded[key] {
            id = add(.reference(existing), name: name, parent: parent, source: link)
        } else if jsonapi.primary.contains(key) {
            id = add(.unresolved(type: key.type, id: key.id), name: name, parent: parent, source: link)
            jsonapi.pendingReferences.append((id, key))
        } else {
            id = mapResource(target!, preferred: nil, only: p.only, name: name, parent: parent)
            alsoSource(link, of: id)
        }
        if !classes.isEmpty {
            let targetClass = compiled.jsonapiClass(type)?.name
            if targetClass == nil || !classes.contains(targetClass!) {
                let declared = classes.map { c in compiled[c]?.jsonapiType.map { "\(c) (\($0))" } ?? c }
                report(
                    .error, .typeMismatch, node: typeNode, property: p.qualified,
                    expected: declared.joined(separator: "|"), found: "resource \(key)",
                    message:
                        "\(p.qualified) is declared for " + declared.joined(separator: ", ")
                        + ", but links to \(key) — add its class to the relationship's list", value: id)
            }
        }
        return id
    }
}
