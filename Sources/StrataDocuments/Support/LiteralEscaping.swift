/// Writing text into another language's literal (a Python or Swift string, XML character data): the one loop
/// every such writer shares.
package enum LiteralEscaping {
    /// `text` with each scalar `named` lists replaced by its escape, each scalar `needsEscape` says the language
    /// cannot hold as is written by `escape`, and everything else as it is.
    package static func escaped(
        _ text: String, named: [Unicode.Scalar: String], needsEscape: (Unicode.Scalar) -> Bool,
        escape: (Unicode.Scalar) -> String
    ) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = named[scalar] {
                out += replacement
            } else if needsEscape(scalar) {
                out += escape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 and C1 control characters and DEL, which no source file should hold raw.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
    }

    /// Format characters (bidi controls, zero-width joiners) and line or paragraph separators: invisible in
    /// an editor, so written as escapes.
    package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
