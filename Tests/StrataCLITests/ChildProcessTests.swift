import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The helper every end-to-end test starts programs with: it sees a child's exit at once, and children inherit
/// only standard input, output and error.
struct ChildProcessTests {
    @Test("a child that leaves a long-lived process behind is seen to exit at once, with its status")
    func exitSeenDespiteGrandchild() throws {
        // The grandchild keeps every descriptor the shell inherited, as a tmux server started by another test does.
        let script = "sleep 300 >/dev/null 2>&1 </dev/null & echo $!; exit 3"
        let run = try ChildProcess.run("/bin/sh", ["-c", script], timeout: 300)
        defer { if let pid = pid_t(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) { kill(pid, SIGKILL) } }
        #expect(run.status == 3)
        #expect(pid_t(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) != nil)
    }

    @Test("a child inherits no descriptor beyond standard input, output and error")
    func onlyStandardDescriptors() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let pid = try ChildProcess.spawn("/bin/sh", ["-c", "ls /proc/$$/fd"], stdout: ScratchFile.path)
        #expect(ChildProcess.wait(for: pid, timeout: 300) == 0)
        let listed = try String(contentsOfFile: ScratchFile.path, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: ScratchFile.path)
        let descriptors = Set(listed.split(separator: "\n").compactMap { Int32($0) })
        #expect(descriptors == [0, 1, 2], "the shell had \(descriptors.sorted()); the pipe is \(ends)")
    }

    @Test("standard input, output, error, the environment and the directory reach the child")
    func plumbing() throws {
        let run = try ChildProcess.run(
            "/bin/sh", ["-c", "cat; echo \"$STRATA_CHILD_TEST\"; pwd; echo oops >&2; exit 7"],
            stdin: Data("fed\n".utf8), environment: ["STRATA_CHILD_TEST": "set"], directory: "/tmp")
        #expect(run.status == 7)
        #expect(run.stdout == "fed\nset\n/tmp\n")
        #expect(run.stderr == "oops\n")
    }

    @Test("a child killed by a signal reports 128 + the signal; one that runs too long is killed and named")
    func signalsAndTimeouts() throws {
        #expect(try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"]).status == 128 + SIGTERM)
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess.run("/bin/sleep", ["30"], timeout: 0.2) }
    }

    @Test("a running child is read line by line while it runs, then to its end, with its error output and status")
    func runningChildConversation() throws {
        // The shell starts a sleep, says "ready" and waits for SIGTERM: the first line is read while it still runs.
        // (Its trap kills the sleep with SIGKILL: a SIGTERM can land before the forked shell has become `sleep`,
        // while it still has the trap's handler, and be lost.)
        let script =
            "trap 'kill -KILL $!; echo got TERM; echo bye >&2; exit 5' TERM; sleep 3600 >/dev/null & echo ready; wait"
        let child = try RunningChild("/bin/sh", ["-c", script])
        #expect(child.readLine() == "ready")
        child.send(SIGTERM)
        #expect(child.readToEnd() == "got TERM\n")
        #expect(child.wait() == 5)
        #expect(child.errors == "bye\n")
    }

    @Test("a running child released by its test is killed, not left behind")
    func runningChildReleased() throws {
        var pid: pid_t = 0
        do {
            let child = try RunningChild("/bin/sleep", ["3600"])
            pid = child.pid
        }
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "sleep \(pid) still exists")
    }
}

/// A scratch file name for one test run.
private enum ScratchFile {
    static let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "strata-child-fds-\(UUID().uuidString)"
    ).path
}
