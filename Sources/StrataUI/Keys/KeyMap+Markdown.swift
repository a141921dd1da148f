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
