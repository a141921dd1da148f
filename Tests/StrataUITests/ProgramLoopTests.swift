import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

@Suite("The program loop")
struct ProgramLoopTests {
    /// Runs `program.run()` on its own thread; returns a semaphore signalled when it returns.
    func start(_ program: ExplorerProgram) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let box = Unchecked(program)
        Thread {
            try? box.value.run()
            done.signal()
        }.start()
        return done
    }

    @Test("idle, the loop draws once and then blocks: no redraws, no polling")
    func idleLoopBlocks() async throws {
        let backend = MemoryBackend(width: 120, height: 40)
        let program = ExplorerProgram(state: try ExplorerFixtures.demoState(), backend: backend)
        let done = start(program)
        try await Task.sleep(for: .milliseconds(400))
        #expect(backend.flushCount == 1)
        backend.push(.key(.character("q")))
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(program.state.isFinished)
    }

    @Test("a slow request shows a spinner with elapsed time, ticks only while it runs, and Esc cancels it")
    func spinnerWhileRunning() async throws {
        let scratch = try ScratchDirectory(ShopSession.files())
        defer { scratch.remove() }
        try scratch.write(
            "fixtures/products.json",
            #"{ "/products": [ { "response": { "delay": 5000, "status": 200, "body": { "products": [] } } } ] }"#)
        let backend = MemoryBackend(width: 120, height: 40)
        let program = ExplorerProgram(
            state: ExplorerState(session: try Session.load(from: scratch.path), size: Size(width: 120, height: 40)),
            backend: backend)
        let done = start(program)
        backend.push(.key(.character("r")))
        try await Task.sleep(for: .milliseconds(600))
        let status = backend.screen.line(39)
        #expect(status.contains("GET /products · mock"))
        #expect(status.contains("Esc cancels"))
        #expect(backend.flushCount > 4, "the spinner should have ticked (\(backend.flushCount) frames)")
        backend.push(.key(.escape))
        try await Task.sleep(for: .milliseconds(300))
        #expect(backend.screen.line(39).contains("cancelled GET /products"))
        let frames = backend.flushCount
        try await Task.sleep(for: .milliseconds(400))
        #expect(backend.flushCount == frames, "no ticks once the request is cancelled")
        backend.push(.key(.character("q")))
        #expect(done.wait(timeout: .now() + 5) == .success)
    }

    @Test("a response arriving while keys are pressed never blocks them; the loop ends on q")
    func responsesComeBackAsActions() async throws {
        let backend = MemoryBackend(width: 120, height: 40)
        let program = ExplorerProgram(state: try ExplorerFixtures.demoState(), backend: backend)
        let done = start(program)
        backend.push(.key(.character("r")), .key(.character("2")), .key(.down))
        try await Task.sleep(for: .milliseconds(500))
        #expect(backend.screen.text().contains("▾ [Product] 3"))
        #expect(backend.screen == ExplorerView.render(program.state))
        backend.push(.key(.character("q")))
        #expect(done.wait(timeout: .now() + 5) == .success)
    }

    @Test("the bundled demo is found from the current directory or above the executable")
    func locatesTheDemo() {
        let root = ExplorerFixtures.root
        #expect(SessionLocator.locate(nil, currentDirectory: root, executable: nil) == root + "/Sessions/demo")
        let fromBinary = SessionLocator.locate(
            nil, currentDirectory: "/", executable: root + "/.build/debug/strata")
        #expect(fromBinary == root + "/Sessions/demo")
        #expect(SessionLocator.locate("x/y", currentDirectory: "/", executable: nil) == "x/y")
        #expect(SessionLocator.locate(nil, currentDirectory: "/nonexistent", executable: "/bin/sh") == nil)
        #expect(SessionLocator.notFound(currentDirectory: "/tmp", executable: nil).contains("/tmp/Sessions/demo"))
    }
}
