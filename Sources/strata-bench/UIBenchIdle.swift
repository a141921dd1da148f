import Foundation
import Strata
import StrataUI
import TermGrid

/// How much CPU the interactive loop uses while nothing happens.
enum UIBenchIdle {
    /// The process CPU time used while the loop waits `seconds` with no input, and the frames it drew.
    static func measure(session: Session, seconds: Double) throws -> (
        cpuMilliseconds: Double, seconds: Double, frames: Int
    ) {
        let backend = MemoryBackend(width: 120, height: 40)
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: Size(width: 120, height: 40)), backend: backend)
        let done = DispatchSemaphore(value: 0)
        let box = UIBenchBox(program)
        let thread = Thread {
            try? box.program.run()
            done.signal()
        }
        thread.start()
        Thread.sleep(forTimeInterval: 0.2)  // let it draw the first frame and block
        let framesBefore = backend.flushCount
        let before = cpuTime()
        Thread.sleep(forTimeInterval: seconds)
        let used = cpuTime() - before
        let frames = backend.flushCount - framesBefore
        backend.push(.key(.character("q")))
        guard done.wait(timeout: .now() + 5) == .success else { throw BenchError("the loop did not quit on q") }
        return (used * 1000, seconds, frames)
    }

    /// User + system CPU seconds of this process.
    static func cpuTime() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// Hands the program to the loop thread (only that thread uses it until it quits).
final class UIBenchBox: @unchecked Sendable {
    let program: ExplorerProgram
    init(_ program: ExplorerProgram) { self.program = program }
}
