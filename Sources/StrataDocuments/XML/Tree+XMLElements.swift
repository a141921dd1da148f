/// The XML tree's conventions (see `XMLFormat`) that mapping and key paths read: attributes as `@name` members,
/// repeated elements as members with the same key.
extension Tree {
    /// The key an XML key step also finds when its exact key is not there: the attribute for an element name
    /// (`id` → `@id`), the element for an attribute name (`@id` → `id`).
    package static func xmlCounterpart(of key: String) -> String {
        key.hasPrefix("@") ? String(key.dropFirst()) : "@" + key
    }

    /// The child elements of XML element `node` when it is a wrapper of one repeated name (attributes aside):
    /// `<catalogue><article/><article/></catalogue>`; nil when it holds no elements or elements of several names.
    ///
    /// The document's root object is never a wrapper: it holds the root element, which is the document.
    package func wrappedElements(_ node: Index) -> [Index]? {
        guard node != Tree.root, kind(node) == .object else { return nil }
        var items: [Index] = []
        var name: String?
        for c in children(node) {
            guard let k = key(c), !k.hasPrefix("@") else { continue }
            if let name, name != k { return nil }
            name = k
            items.append(c)
        }
        return items.isEmpty ? nil : items
    }

}
