import Foundation
import Testing

@testable import Strata
@testable import StrataDocuments

#if canImport(Glibc)
    import Glibc
#endif

/// The history's background writes run in order on a thread of their own, at the lowest priority, and settling
/// waits for every one asked for before.
@Suite struct IdleQueueTests {
    @Test("jobs run one at a time in the order given; sync waits for every job given before it")
    func jobsRunInOrder() {
        let queue = IdleQueue(label: "test.idle")
        let ran = Locked<[Int]>([])
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }
        for n in 0..<100 { queue.async { ran.withLock { $0.append(n) } } }
        #expect(ran.withLock { $0.isEmpty }, "the first job holds the others")
        gate.signal()
        queue.sync()
        #expect(ran.withLock { $0 } == Array(0..<100))
        // The thread ended with the work; a later job starts another.
        queue.async { ran.withLock { $0.append(100) } }
        queue.sync()
        #expect(ran.withLock { $0.count } == 101)
    }

    #if os(Linux)
        @Test("the queue's thread runs at the lowest priority, and the caller's thread keeps its own")
        func runsAtLowestPriority() {
            let queue = IdleQueue(label: "test.idle")
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            let before = getpriority(which, 0)
            let nice = Locked<Int32>(-1)
            queue.async { nice.withLock { $0 = getpriority(which, 0) } }
            queue.sync()
            #expect(nice.withLock { $0 } == IdleQueue.niceness)
            #expect(getpriority(which, 0) == before)
        }
    #endif
}
