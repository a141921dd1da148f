import Foundation
import StrataUI
import TermGrid
import Testing

@Suite("Key tables")
struct KeyMapTests {
    @Test("no key is bound twice in one context")
    func noDuplicateKeysInAContext() {
        for context in KeyContext.allCases {
            var seen: [Key: Command] = [:]
            for binding in KeyMap.bindings(context) {
                for key in binding.keys {
                    #expect(
                        seen[key] == nil, "\(key) is bound to both \(seen[key]!) and \(binding.command) in \(context)")
                    seen[key] = binding.command
                }
            }
        }
    }

    @Test("pane keys never hide a global key, so every global key works in every pane")
    func paneKeysDoNotShadowGlobalKeys() {
        let global = Set(KeyMap.bindings(.global).flatMap(\.keys))
        for pane in Pane.allCases {
            for binding in KeyMap.bindings(pane.keyContext) {
                for key in binding.keys {
                    #expect(!global.contains(key), "\(key) in \(pane) hides the global binding")
                }
            }
        }
    }

    @Test("every binding has a description and the footer hints come from the table")
    func bindingsAreDescribed() {
        for context in KeyContext.allCases {
            for binding in KeyMap.bindings(context) {
                #expect(!binding.description.isEmpty)
                #expect(!binding.keys.isEmpty)
            }
        }
        let hints = KeyMap.hints(.request).map(\.word)
        #expect(hints == ["edit", "add", "remove", "headers"])
        #expect(KeyMap.paneCommand(for: .character("r"), in: .request) == .run)
        #expect(KeyMap.paneCommand(for: .character("e"), in: .request) == .edit)
        #expect(KeyMap.paneCommand(for: .character("e"), in: .parsed) == nil)
    }

    @Test("docs/keys.md is the key table (RECORD_SNAPSHOTS=1 regenerates it)")
    func keysDocumentMatchesTheTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = root.appendingPathComponent("docs/keys.md")
        let generated = KeyMap.markdown()
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try generated.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("wrote \(file.path); read it, then rerun without RECORD_SNAPSHOTS")
            return
        }
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written == generated, "docs/keys.md is out of date: run the tests with RECORD_SNAPSHOTS=1")
        #expect(generated.contains("| `q` `Ctrl-C` | quit (the terminal is restored) |"))
    }
}
