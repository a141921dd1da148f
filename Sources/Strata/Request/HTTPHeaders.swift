/// HTTP header fields in order, with lookup that ignores the case of names.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public struct Field: Sendable, Equatable {
        /// The name as written.
        public var name: String
        /// The value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Creates headers from fields in order.
    public init(_ fields: [Field] = []) { self.fields = fields }

    /// Creates headers from `(name, value)` pairs in order.
    public init(_ pairs: [(String, String)]) { fields = pairs.map { Field(name: $0.0, value: $0.1) } }

    /// Creates headers from a literal, in the order written.
    public init(dictionaryLiteral elements: (String, String)...) { self.init(elements) }

    /// The first value of header `name` (any case), or nil; setting replaces every field of that name in place
    /// of the first, or appends.
    public subscript(name: String) -> String? {
        get {
            let lower = name.lowercased()
            return fields.first { $0.name.lowercased() == lower }?.value
        }
        set {
            let lower = name.lowercased()
            let at = fields.firstIndex { $0.name.lowercased() == lower }
            fields.removeAll { $0.name.lowercased() == lower }
            guard let newValue else { return }
            fields.insert(Field(name: name, value: newValue), at: Swift.min(at ?? fields.count, fields.count))
        }
    }

    /// Every value of header `name` (any case), in order.
    public func values(_ name: String) -> [String] {
        let lower = name.lowercased()
        return fields.filter { $0.name.lowercased() == lower }.map(\.value)
    }

    /// Appends a field, keeping any earlier field of the same name.
    public mutating func append(name: String, value: String) { fields.append(Field(name: name, value: value)) }

    /// The number of fields.
    public var count: Int { fields.count }

    /// True when there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// `Name: value` lines.
    public var description: String { fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }

    /// True when `value` can be sent as a header value: no CR, LF or NUL (RFC 9110 §5.5), which would end the
    /// field or the header block.
    public static func isValidValue(_ value: String) -> Bool {
        !value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    }

    /// True when `name` is an RFC 9110 token (letters, digits, a backquote and `!#$%&'*+-.^_|~`), so it can be sent.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                    || "!#$%&'*+-.^_`|~".utf8.contains(c)
            }
    }
}
