import CNcursesw
import NcursesBackend
import Testing

/// The state the C signal handlers read is one copy, shared by every module that imports the shim.
@Suite struct SignalStateTests {
    @Test("the flag suspend() and resume() set is the one the signal handlers in shim.c read")
    func terminalFlagIsShared() {
        defer { strata_set_terminal_active(0) }
        // Written from NcursesBackend (the Swift module that suspend() and resume() live in) ...
        NcursesBackend.terminalActive = true
        // ... read by C code compiled in shim.c, where the handlers are, and from this test module.
        #expect(strata_terminal_is_active() == 1)
        NcursesBackend.terminalActive = false
        #expect(strata_terminal_is_active() == 0)
        // And the other way round: written from this module, seen by NcursesBackend.
        strata_set_terminal_active(1)
        #expect(NcursesBackend.terminalActive)
    }
}
