import StrataDocuments

/// A class written in one of JCModel's own plist forms instead of Strata's `{ "properties": … }`.
///
/// - An array of names (JCModel's `propertyNames`): the class maps only these properties (`only`).
/// - An object of JSON names (or key paths) → property names, JCModel's mapping plist (`"image": "imageURL"`),
///   with its meta keys `@FIELD.dateFormat`: `field` renames, and the date format of the property reading FIELD.
///
/// A form refines the class of that name defined with `properties` anywhere in `mappings` (types come from there);
/// without one it defines the class itself, each property typed `any` (a `date` where a date format is given).
struct JCModelForm {
    /// One `"FIELD": "property"` member.
    struct Rename {
        var field: String
        var property: String
        var node: Tree.Index
    }

    /// One `"@FIELD.dateFormat": "pattern"` member.
    struct FieldDateFormat {
        var field: String
        var format: DateFormat?
        var node: Tree.Index
    }

    enum Content {
        /// The property names, each with its node.
        case names([(String, Tree.Index)])
        case renames([Rename], dateFormats: [FieldDateFormat])
    }

    var className: String
    var node: Tree.Index
    var content: Content
}

extension MappingLoader {
    /// True when class value `node` is written in a JCModel form: an array, or an object without `properties`
    /// whose every member is a string and that is not only Strata's class keys (`{"dateFormat": "…"}` is a class
    /// that lacks its properties).
    func isJCModelForm(_ node: Tree.Index) -> Bool {
        switch tree.kind(node) {
        case .array: return true
        case .object:
            let members = Array(tree.children(node))
            guard !members.isEmpty, members.allSatisfy({ tree.kind($0) == .string }) else { return false }
            let keys = members.map { tree.key($0) ?? "" }
            guard !keys.contains("properties") else { return false }
            return keys.contains { !MappingLoader.classKeys.contains($0) || $0.hasPrefix("@") }
        default: return false
        }
    }

    /// Reads class `name` written in a JCModel form (see `isJCModelForm`), reporting what cannot be used.
    mutating func readJCModelForm(_ node: Tree.Index, name: String) -> JCModelForm? {
        if tree.kind(node) == .array {
            var names: [(String, Tree.Index)] = []
            for entry in tree.children(node) {
                guard let n = reader.string(entry, "each property name of \(name)") else { continue }
                names.append((n, entry))
            }
            if tree.childCount(node) == 0 {
                error(node, "class \(name) lists no properties (JCModel's form: an array of property names)")
                return nil
            }
            return JCModelForm(className: name, node: node, content: .names(names))
        }
        var renames: [JCModelForm.Rename] = []
        var formats: [JCModelForm.FieldDateFormat] = []
        for m in tree.children(node) {
            let key = tree.key(m) ?? ""
            let value = tree.string(m) ?? ""
            if key.hasPrefix("@") {
                // JCModel's meta keys: `@FIELD.ATTRIBUTE`; dateFormat is the one it has.
                guard let dot = key.lastIndex(of: "."), key[key.index(after: dot)...] == "dateFormat",
                    key.index(after: key.startIndex) < dot
                else {
                    errorAtKey(
                        m, "unknown meta key \(JSONString.quote(key)) in \(name); JCModel's is @FIELD.dateFormat")
                    continue
                }
                let field = String(key[key.index(after: key.startIndex)..<dot])
                formats.append(
                    .init(
                        field: field, format: dateFormat(m, label: "\(name) field \(JSONString.quote(field))"), node: m)
                )
                continue
            }
            if key.contains("@(") {
                errorAtKey(
                    m, "\(JSONString.quote(key)) in \(name): JCModel's dynamic keys @(…) are not read; name the field")
                continue
            }
            guard FieldPath(key) != nil else {
                errorAtKey(m, "\(JSONString.quote(key)) in \(name) is not a field or key path; write a key or a.b.0.c")
                continue
            }
            guard !value.isEmpty, !value.contains(where: { "[]{} .".contains($0) }) else {
                error(m, "\(JSONString.quote(value)) is not a property name (\(name), field \(JSONString.quote(key)))")
                continue
            }
            renames.append(.init(field: key, property: value, node: m))
        }
        return JCModelForm(className: name, node: node, content: .renames(renames, dateFormats: formats))
    }

    /// Applies the JCModel forms read to `set` (every entry of `mappings` merged): each refines the class of its
    /// name, or defines it when there is none.
    package mutating func applyJCModelForms(to set: inout MappingSet) {
        for form in jcmodelForms {
            reporting(about: form.className) {
                if let cls = set[form.className] {
                    set.add($0.refine(cls, with: form))
                } else {
                    set.add($0.define(form))
                }
            }
        }
        jcmodelForms.removeAll()
    }

    /// `cls` (typed elsewhere) with the form's `only` or field renames and date formats.
    private mutating func refine(_ cls: ClassMapping, with form: JCModelForm) -> ClassMapping {
        var cls = cls
        let names = cls.properties.map(\.name)
        switch form.content {
        case .names(let list):
            var only: [String] = []
            for (n, node) in list {
                if names.contains(n) {
                    only.append(n)
                } else {
                    error(
                        node,
                        "\(JSONString.quote(n)) is not a property of \(cls.name)"
                            + Suggestion.didYouMean(n, in: names, quoting: .bare)
                            + " (properties: \(names.joined(separator: ", ")))")
                }
            }
            cls.only = only
        case .renames(let renames, let formats):
            for r in renames {
                guard let i = cls.properties.firstIndex(where: { $0.name == r.property }) else {
                    error(
                        r.node,
                        "field \(JSONString.quote(r.field)) maps to \(JSONString.quote(r.property)), which is not a "
                            + "property of \(cls.name)" + Suggestion.didYouMean(r.property, in: names, quoting: .bare)
                            + " (properties: \(names.joined(separator: ", ")))")
                    continue
                }
                if let old = cls.properties[i].field, old != r.field {
                    warning(
                        r.node,
                        "\(cls.name).\(r.property) reads field \(JSONString.quote(old)) where it is defined; this "
                            + "JCModel mapping makes it \(JSONString.quote(r.field))")
                }
                cls.properties[i].field = r.field
            }
            for f in formats {
                let reading = cls.properties.indices.filter {
                    (cls.properties[$0].field ?? cls.properties[$0].name) == f.field
                }
                guard let i = reading.first else {
                    errorAtKey(f.node, "no property of \(cls.name) reads field \(JSONString.quote(f.field))")
                    continue
                }
                guard cls.properties[i].type.involvesDate else {
                    errorAtKey(
                        f.node,
                        "dateFormat applies to dates; \(cls.name).\(cls.properties[i].name) has type "
                            + "\(cls.properties[i].type)")
                    continue
                }
                cls.properties[i].format = f.format
            }
        }
        return cls
    }

    /// The class a form defines on its own: its properties typed `any`, or `date` where a date format is given.
    private mutating func define(_ form: JCModelForm) -> ClassMapping {
        switch form.content {
        case .names(let list):
            return ClassMapping(name: form.className, properties: list.map { PropertyMapping($0.0, .any) })
        case .renames(let renames, let formats):
            var properties: [PropertyMapping] = []
            for r in renames {
                if let other = properties.first(where: { $0.name == r.property }) {
                    error(
                        r.node,
                        "\(form.className).\(r.property) is mapped from two fields: \(JSONString.quote(other.field ?? ""))"
                            + " and \(JSONString.quote(r.field)); the first is used")
                    continue
                }
                properties.append(PropertyMapping(r.property, .any, field: r.field))
            }
            for f in formats {
                guard let i = properties.firstIndex(where: { $0.field == f.field }) else {
                    errorAtKey(f.node, "no property of \(form.className) reads field \(JSONString.quote(f.field))")
                    continue
                }
                properties[i].type = .date
                properties[i].format = f.format
            }
            return ClassMapping(name: form.className, properties: properties)
        }
    }
}
