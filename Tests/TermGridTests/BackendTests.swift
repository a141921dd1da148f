import Foundation
import Testing

@testable import TermGrid

@Suite struct BackendTests {
    @Test("scripted events come out in order, then the wait times out with nil")
    func scriptedEvents() throws {
        let backend = MemoryBackend(width: 10, height: 3, events: [.key(.down), .key(.enter)])
        #expect(try backend.nextEvent(timeout: .zero) == .key(.down))
        #expect(try backend.nextEvent(timeout: nil) == .key(.enter))
        #expect(try backend.nextEvent(timeout: .milliseconds(5)) == nil)
    }

    @Test("wake from another thread ends a wait, before or during it, and is reported once")
    func wakeFromAnotherThread() throws {
        let backend = MemoryBackend(width: 10, height: 3)
        let waker = backend.waker
        // No sleep to line the threads up: a wake that lands first is kept until the wait takes it. Were it lost,
        // the wait would run its 10 s and return nil.
        Thread { waker.wake() }.start()
        #expect(try backend.nextEvent(timeout: .seconds(10)) == .wake)
        #expect(try backend.nextEvent(timeout: .zero) == nil)  // the wake was reported once
    }

    @Test("an event pushed from another thread ends a blocking wait without a spurious wake")
    func pushFromAnotherThread() throws {
        let backend = MemoryBackend(width: 10, height: 3)
        let queue = backend.events
        Thread { queue.push(.key(.character("q"))) }.start()
        #expect(try backend.nextEvent(timeout: .seconds(10)) == .key(.character("q")))
        #expect(try backend.nextEvent(timeout: .milliseconds(20)) == nil)
    }

    @Test("the terminal sends a full frame first, then only changed cells")
    func diffing() {
        let backend = MemoryBackend(width: 8, height: 2)
        let terminal = Terminal(backend: backend)
        var frame = terminal.makeBuffer()
        frame.setString("hello", x: 0, y: 0)
        terminal.draw(frame, cursor: Position(x: 5, y: 0))
        #expect(backend.screen == frame)
        #expect(backend.lastUpdates.count == 16)
        #expect(backend.cursor == Position(x: 5, y: 0))
        frame.setString("J", x: 0, y: 0)
        frame.setString("中", x: 3, y: 1)
        terminal.draw(frame)
        #expect(backend.lastUpdates.count == 2)
        #expect(backend.screen == frame)
        #expect(backend.cursor == nil)
        terminal.draw(frame)
        #expect(backend.lastUpdates.isEmpty)
        #expect(backend.flushCount == 3)
    }

    @Test("after a resize the next frame is drawn whole at the new size")
    func resize() throws {
        let backend = MemoryBackend(width: 8, height: 2)
        let terminal = Terminal(backend: backend)
        terminal.draw { buffer in
            buffer.setString("abc", x: 0, y: 0)
            return nil
        }
        backend.resize(to: Size(width: 5, height: 3))
        #expect(try terminal.nextEvent(timeout: .zero) == .resize(Size(width: 5, height: 3)))
        #expect(terminal.needsFullRedraw)
        let frame = terminal.draw { buffer in
            buffer.setString("xy", x: 0, y: 2)
            return Position(x: 99, y: 0)  // off screen: hidden
        }
        #expect(backend.screen == frame)
        #expect(backend.screen.size == Size(width: 5, height: 3))
        #expect(backend.lastUpdates.count == 15)
        #expect(backend.cursor == nil)
        terminal.restore()
        #expect(backend.isRestored)
    }

    @Test("a key list drives a scripted session")
    func scriptFromTmuxKeys() throws {
        let keys = try Key.parse(tmuxKeys: "Down Down Enter q")
        let backend = MemoryBackend(width: 4, height: 1, events: keys.map(Event.key))
        var seen: [Key] = []
        while let event = try backend.nextEvent(timeout: .zero), case .key(let key) = event { seen.append(key) }
        #expect(seen == keys)
    }
}
