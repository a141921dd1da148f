import Foundation
import StrataTestSupport
import Testing

/// Editing a header and the JSON body in the real explorer, with a script as `$EDITOR`.
@Suite("Request editing end to end in tmux", .enabled(if: TmuxSession.isAvailable, "tmux is not installed: skipped"))
struct RequestEditingEndToEndTests {
    @Test("a header is added where asked and edited; B edits the JSON body, a bad edit keeps it with line:col")
    func headerAndBody() throws {
        let binary = try #require(StrataBinary.url, "the strata binary is not built (run swift build)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-e2e-editor-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The first edit writes a good body, the second one that does not parse.
        let editor = dir.appendingPathComponent("editor.sh")
        try """
        #!/bin/sh
        if [ -e '\(dir.path)/once' ]; then printf '{\\n  "broken": [1,\\n}\\n' > "$1"; exit 0; fi
        touch '\(dir.path)/once'
        printf '{ "edited": "${sku}", "n": "${qty:int}" }\\n' > "$1"
        """.write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let session = ExplorerEndToEndTests.root.appendingPathComponent("Sessions/accounts").path
        let tmux = try TmuxSession(
            command: ["env", "EDITOR=\(editor.path)", binary.path, session], width: 120, height: 40)
        defer { tmux.close() }
        try tmux.waitFor("▸ me")

        // createInvoice; add X-Trace, choose "header" (two up from "body", where POST puts params), then edit it.
        tmux.send("Down", "Tab", "a")
        tmux.type("X-Trace")
        tmux.send("Enter")
        tmux.type("t-77")
        tmux.send("Enter")
        try tmux.waitFor("Where 'X-Trace' goes")
        tmux.send("k")
        tmux.send("k")
        tmux.send("Enter")
        try tmux.waitFor("X-Trace        t-77")
        #expect(tmux.screen().contains("header  added"))
        tmux.send("Enter", "C-u")
        tmux.type("t-88")
        tmux.send("Enter", "H")
        try tmux.waitFor("X-Trace: t-88")

        // B: the body comes back from the editor and is sent, pretty-printed in the Request pane.
        tmux.send("B")
        try tmux.waitFor("body changed")
        try tmux.waitFor("\"edited\": \"PEN-1\"")

        // A body that does not parse is refused with its position, and the previous body stays.
        tmux.send("B")
        try tmux.waitFor("body not changed: body:3:1")
        #expect(tmux.screen().contains("\"edited\": \"PEN-1\""))
        tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
