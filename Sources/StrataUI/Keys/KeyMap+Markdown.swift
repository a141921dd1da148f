import Foundation

/// The key tables as a markdown page (docs/keys.md is this text; a test keeps them equal).
extension KeyMap {
    /// Every context's table as markdown: a heading per context and a `| keys | what it does |` table.
    package static func markdown() -> String {
        var out = "# Keys\n\n"
        out += "Generated from `KeyMap` (Sources/StrataUI/Keys/KeyMap.swift); the `?` help shows the same tables.\n"
        out += "Pane keys apply to the focused pane; the keys under *Everywhere* work in every pane. While a text\n"
        out += "field is being edited, every printable key is text and only the *Editing text* keys act.\n"
        out += "A paste (bracketed, as terminals send it) goes whole into the field being edited, line breaks and\n"
        out += "tabs becoming spaces; outside a field it is ignored, never read as keys.\n"
        out += "A key a pane's table does not list does nothing there but say so in the status line.\n"
        out += "\n"
        out += "`/` searches the focused pane. Raw searches the body's bytes from the top row shown, so a body that\n"
        out += "does not parse can be searched too; Parsed searches the same bytes from the selection and selects the\n"
        out += "node holding the match; Mapped searches the names and values of the mapped objects (strings without\n"
        out += "their quotes, class names) and selects the value. Raw highlights a match in the bytes. Plain text\n"
        out += "matches ASCII letters in either case; text between slashes, `/S[a-z]+l/`, is a regular expression\n"
        out += "(I-Regexp, RFC 9485, as JSONPath's `search()` reads it), matched case-sensitively and at most\n"
        out += "64 KiB long, where `^` and `$` match at line boundaries in a body and at the ends of a name or value\n"
        out += "in Mapped; one that is not valid says where. `n` and `N` go to the next and previous match of the\n"
        out += "last search in the focused pane of the three, wrapping round; `Esc` clears it. In the Request and\n"
        out += "Traffic panes, `/` searches the response pane focused last (so the word typed after it is the\n"
        out += "search, never commands).\n"
        for context in KeyContext.allCases {
            out += "\n## \(context.title)\n\n| keys | what it does |\n| --- | --- |\n"
            for binding in bindings(context) {
                let keys = binding.keys.map { "`" + escaped($0.label) + "`" }.joined(separator: " ")
                out += "| \(keys) | \(escaped(binding.description)) |\n"
            }
        }
        out += "\n## Mouse\n\n| mouse | what it does |\n| --- | --- |\n"
        for entry in mouse { out += "| \(escaped(entry.action)) | \(escaped(entry.description)) |\n" }
        return out
    }

    /// `|` escaped for a markdown table cell.
    static func escaped(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
