import Foundation
import Strata

/// The explorer as users start it: the release `strata` binary on a session whose fixture answers the document, in a
/// terminal (a private tmux server), `r` pressed; the time until the response is on screen and until the Mapped
/// pane shows the mapped objects, read from the screen tmux holds, and the process's own peak RSS (`VmHWM`) at
/// that point. Beside it in the same run: `jq . FILE` (wall time and peak RSS), what a terminal user waits for to
/// see the same document formatted.
///
/// The screen is read every 20 ms by `tmux capture-pane`, a process of its own: the times are late by up to one
/// read. Each read costs about 3 ms of CPU (the tmux client and server); reading every 2 ms, as this case first
/// did, kept one of the machine's two cores half busy and added 10–80 % to the binary's times on a 132 MB body.
enum UIBenchBinary {
    /// Seconds between two reads of the screen.
    static let readEvery = 0.02

    /// What one run saw.
    struct Report {
        /// From `r` to the response's status on the screen.
        var onScreen: Double
        /// From `r` to the mapped objects on the screen.
        var mapped: Double
        /// The process's peak RSS in bytes when the mapped objects were shown.
        var peak: Int
    }

    /// Runs the explorer on `bytes` as the users route's response; throws when the screens never show it.
    static func measure(_ bytes: [UInt8], strata: String, tmux: String) throws -> Report {
        let folder = NSTemporaryDirectory() + "strata-bench-ui-binary-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/fixtures/bodies", withIntermediateDirectories: true)
        try BenchFiles.writeFile(folder + "/fixtures/bodies/users.json", bytes)
        try BenchFiles.writeFile(folder + "/session.json", Array(UIBenchSession.json.utf8))
        try BenchFiles.writeFile(
            folder + "/fixtures/users.json",
            Array(
                """
                { "/users": [ { "request": { "method": "GET" }, "response": { "status": 200,
                  "headers": { "Content-Type": "application/json" }, "bodyFile": "bodies/users.json" } } ] }
                """.utf8))
        let socket = "strata-bench-\(getpid())"
        // tmux through posix_spawn and wait4 (``ChildPeak``): Foundation's `Process` here never saw the
        // `new-session` client exit. What a command prints is read back from a file.
        let printed = folder + "/tmux.out"
        func run(_ arguments: [String], reading: Bool = true) -> String {
            let result = try? ChildPeak.run(
                tmux, ["-L", socket, "-f", "/dev/null"] + arguments, output: reading ? printed : "/dev/null")
            guard result?.status == 0, reading else { return "" }
            return String(decoding: (try? BenchFiles.readFile(printed)) ?? [], as: UTF8.self)
        }
        defer { _ = run(["kill-server"], reading: false) }
        _ = run(
            ["new-session", "-d", "-x", "140", "-y", "45", "exec env TERM=xterm-256color '\(strata)' '\(folder)'"],
            reading: false)
        /// Seconds from `since` until a screen satisfies `seen`.
        func waitFor(_ seconds: Double, since start: UInt64, _ seen: (String) -> Bool) throws -> Double {
            while true {
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if seen(run(["capture-pane", "-p"])) { return elapsed }
                if elapsed > seconds { throw BenchError("the explorer's screen never showed what was awaited") }
                usleep(UInt32(readEvery * 1e6))
            }
        }
        _ = try waitFor(60, since: DispatchTime.now().uptimeNanoseconds) {
            $0.contains("users") && $0.contains("Routes")
        }
        guard let pid = Int32(run(["display", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchError("tmux did not name the explorer's process") }
        // At 140 columns the Mapped pane shows beside Raw and Parsed: both are read from the same screens.
        let pressed = DispatchTime.now().uptimeNanoseconds
        _ = run(["send-keys", "r"], reading: false)
        let onScreen = try waitFor(300, since: pressed) { $0.contains("200 OK") }
        let mapped = try waitFor(300, since: pressed) { $0.contains("▾ [User] ") }
        let status = String(decoding: (try? BenchFiles.readFile("/proc/\(pid)/status")) ?? [], as: UTF8.self)
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap {
            Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        _ = run(["send-keys", "q"], reading: false)
        return Report(onScreen: onScreen, mapped: mapped, peak: (peak ?? 0) * 1024)
    }
}
