import Foundation
import Strata
import StrataTestSupport
import Testing

@testable import StrataUI

@Suite("Running $EDITOR")
struct EditorLauncherTests {
    @Test("the editor runs in the explorer's process group, so it owns the terminal's foreground and can read keys")
    func editorSharesTheProcessGroup() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // A stand-in editor that writes its process group next to the file it was given.
        try scratch.write("editor.sh", "#!/bin/sh\nps -o pgid= -p $$ | tr -d ' ' > \"$1.pgid\"\n")
        chmod(scratch.url("editor.sh"), 0o755)
        let file = scratch.url("it's session.json")
        try scratch.write("it's session.json", "{}")
        // Run through sh rather than exec'd: exec of a file just written fails with ETXTBSY (status 126) when a
        // process another test forks at that moment inherits the writing descriptor.
        let problem = EditorLauncher.run(file, environment: ["EDITOR": "sh " + scratch.url("editor.sh")])
        #expect(problem == nil)
        let group = try #require(scratch.read("it's session.json.pgid"))
        #expect(group.trimmingCharacters(in: .whitespacesAndNewlines) == String(getpgrp()))
    }

    @Test("an editor that fails or cannot be found is a message naming it, never a crash")
    func failuresAreMessages() {
        let failing = EditorLauncher.run("/dev/null", environment: ["EDITOR": "sh -c 'exit 4' --"])
        #expect(failing == "the editor 'sh -c 'exit 4' --' exited with status 4; press R to reload session.json")
        let missing = EditorLauncher.run("/dev/null", environment: ["EDITOR": "no-such-editor-here"])
        #expect(missing == "cannot start the editor 'no-such-editor-here': command not found")
    }

    @Test("a path with quotes and spaces reaches the editor as one word")
    func quoting() {
        #expect(ShellWords.quote("a b'c") == "'a b'\\''c'")
    }
}
