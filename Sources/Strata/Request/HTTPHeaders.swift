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

    /// Where each name (any case) first appears in `fields`, so lookups and inserts do not scan every field (a
    /// response can have 100 000 headers).
    private var index = HeaderNameIndex()

    /// Creates headers from fields in order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
        index.rebuild(fields)
    }

    /// Creates headers from `(name, value)` pairs in order.
    public init(_ pairs: [(String, String)]) { self.init(pairs.map { Field(name: $0.0, value: $0.1) }) }

    /// Creates headers from a literal, in the order written.
    public init(dictionaryLiteral elements: (String, String)...) { self.init(elements) }

    /// Headers are equal when their fields are, in order.
    public static func == (a: HTTPHeaders, b: HTTPHeaders) -> Bool { a.fields == b.fields }

    /// The first value of header `name` (any case), or nil; setting replaces every field of that name in place
    /// of the first, or appends.
    public subscript(name: String) -> String? {
        get { index.lookup(name, in: fields).first.map { fields[$0].value } }
        set {
            if newValue != nil { index.reserveOne() }
            let found = index.lookup(name, in: fields)
            guard let first = found.first else {
                guard let newValue else { return }
                fields.append(Field(name: name, value: newValue))
                index.claim(found, position: fields.count - 1)
                return
            }
            if let newValue, index.repeats[first] == nil {
                fields[first] = Field(name: name, value: newValue)
                return
            }
            fields.removeAll { HeaderNameIndex.same($0.name, name) }
            if let newValue { fields.insert(Field(name: name, value: newValue), at: first) }
            index.rebuild(fields)
        }
    }

    /// Every value of header `name` (any case), in order.
    public func values(_ name: String) -> [String] {
        guard let first = index.lookup(name, in: fields).first else { return [] }
        guard let count = index.repeats[first] else { return [fields[first].value] }
        var values: [String] = []
        for field in fields[first...] where HeaderNameIndex.same(field.name, name) {
            values.append(field.value)
            if values.count == count { break }
        }
        return values
    }

    /// Appends a field, keeping any earlier field of the same name.
    public mutating func append(name: String, value: String) {
        index.reserveOne()
        let found = index.lookup(name, in: fields)
        fields.append(Field(name: name, value: value))
        if let first = found.first { index.repeated(first) } else { index.claim(found, position: fields.count - 1) }
    }

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
