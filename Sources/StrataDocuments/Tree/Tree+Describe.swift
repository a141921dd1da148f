extension Tree {
    /// What node `i` holds, for messages: `string "x"`, `number 3`, `bool true`, `null`, `an object`, `an array`.
    ///
    /// The one describer of nodes: configuration messages (`'timeout' must be a number, found string "30"`) and
    /// mapping issues use it. With `sizes`, as mapping issues show what they found, containers say how big they
    /// are (`object with 3 fields`, `array of 2`, `empty object`) and long strings and numbers are cut to 40
    /// characters.
    public func describe(_ i: Index, sizes: Bool = false) -> String {
        func cut(_ text: String) -> String {
            !sizes || text.count <= 40 ? text : String(text.prefix(39)) + "…"
        }
        switch kind(i) {
        case .string: return "string " + cut(JSONString.quote(string(i) ?? ""))
        case .number: return "number " + cut(numberText(i) ?? scalarText(i))
        case .bool: return "bool " + (bool(i)! ? "true" : "false")
        case .null: return "null"
        case .object:
            guard sizes else { return "an object" }
            let c = childCount(i)
            return c == 0 ? "empty object" : "object with \(Counted.text(c, "field"))"
        case .array:
            guard sizes else { return "an array" }
            let c = childCount(i)
            return c == 0 ? "empty array" : "array of \(c)"
        }
    }
}
