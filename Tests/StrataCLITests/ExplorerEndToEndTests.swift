import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `strata` binary inside tmux: a user's script of keys, checked on the captured screen.
@Suite("Explorer end to end in tmux", .enabled(if: TmuxSession.isAvailable, "tmux is not installed: skipped"))
struct ExplorerEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("routes, run, source switch, editing, resize and quit with the terminal restored")
    func userScript() throws {
        let binary = try #require(StrataBinary.url, "the strata binary is not built (run swift build)")
        let tmux = try TmuxSession(
            command: [binary.path, Self.root.appendingPathComponent("Sessions/demo").path], width: 120, height: 40)
        defer { tmux.close() }

        // The routes are listed and the first request is shown.
        try tmux.waitFor("▸ listProducts")
        try tmux.waitFor("createOrder")
        #expect(tmux.screen().contains("GET https://shop.example.com/api/products?page=1"))

        // Running shows Raw, Parsed and Mapped with the fixture's content.
        tmux.send("r")
        try tmux.waitFor("▾ [Product] 3")
        let ran = tmux.screen()
        #expect(ran.contains("┌ Raw 6"))
        #expect(ran.contains("\"products\": ["))
        #expect(ran.contains("▾ products [] 3"))
        #expect(ran.contains("200 OK · application/json"))

        // m switches the source, shown in the request title.
        tmux.send("m")
        try tmux.waitFor("LIVE ┐")
        tmux.send("m")
        try tmux.waitFor("MOCK ┐")

        // Editing a param changes the URL.
        tmux.send("Tab", "Enter", "C-u")
        tmux.type("2")
        tmux.send("Enter")
        try tmux.waitFor("products?page=2&api_key=<redacted>")
        #expect(tmux.screen().contains("edited (default 1)"))

        // Resizing reflows: below 120 columns the response panes become tabs.
        tmux.resize(width: 80, height: 24)
        try tmux.waitFor("1 Raw │ 2 Parsed │ 3 Mapped")
        tmux.resize(width: 120, height: 40)
        try tmux.waitFor("┌ Mapped")

        // q exits 0 and gives the terminal back (main screen, cursor shown).
        tmux.send("q")
        let status = try tmux.waitForExit()
        #expect(status == 0)
        #expect(tmux.query("#{alternate_on}") == "0")
        #expect(tmux.query("#{cursor_flag}") == "1")
        #expect(!tmux.screen().contains("┌ Routes"))
    }

    @Test("Ctrl-C quits with the terminal restored")
    func controlC() throws {
        let binary = try #require(StrataBinary.url, "the strata binary is not built (run swift build)")
        let tmux = try TmuxSession(
            command: [binary.path, Self.root.appendingPathComponent("Sessions/demo").path], width: 100, height: 30)
        defer { tmux.close() }
        try tmux.waitFor("listProducts")
        tmux.send("C-c")
        #expect(try tmux.waitForExit() == 0)
        #expect(tmux.query("#{alternate_on}") == "0")
    }
}

extension ExplorerEndToEndTests {
    @Test("a mouse press and its release arriving in one read select the route clicked (over SSH they often do)")
    func clickInOneRead() throws {
        let binary = try #require(StrataBinary.url, "the strata binary is not built (run swift build)")
        let tmux = try TmuxSession(
            command: [binary.path, Self.root.appendingPathComponent("Sessions/demo").path], width: 120, height: 40)
        defer { tmux.close() }
        try tmux.waitFor("▸ listProducts")
        // SGR mouse reports (1-based column;row): the left button down and up on the third route, in one write.
        try tmux.write("\u{1b}[<0;5;4M\u{1b}[<0;5;4m")
        try tmux.waitFor("▸ catalogXML")
        try tmux.write("\u{1b}[<0;5;5M\u{1b}[<0;5;5m\u{1b}[<0;5;2M\u{1b}[<0;5;2m")
        try tmux.waitFor("▸ listProducts")
        tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("Y p copies the selection's JSONPath through OSC 52 into tmux's buffer (set-clipboard on)")
    func copyReachesTmuxBuffer() throws {
        let binary = try #require(StrataBinary.url, "the strata binary is not built (run swift build)")
        let tmux = try TmuxSession(
            command: [binary.path, Self.root.appendingPathComponent("Sessions/demo").path], width: 120, height: 40)
        defer { tmux.close() }
        tmux.setServerOption("set-clipboard", "on")
        try tmux.waitFor("listProducts")
        tmux.send("r")
        try tmux.waitFor("▾ [Product] 3")
        tmux.send("2", "j", "j", "j", "j", "Y")
        try tmux.waitFor("Copy to the clipboard")
        tmux.send("p")
        try tmux.waitFor("copied path (JSONPath)")
        #expect(tmux.showBuffer() == "$['products'][0]['name']")
        tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("SIGTERM ends the explorer with the terminal restored")
    func terminateSignal() throws {
        let binary = try #require(StrataBinary.url, "the strata binary is not built (run swift build)")
        let tmux = try TmuxSession(
            command: [binary.path, Self.root.appendingPathComponent("Sessions/demo").path], width: 100, height: 30)
        defer { tmux.close() }
        try tmux.waitFor("listProducts")
        let shell = try #require(Int32(tmux.query("#{pane_pid}")))
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let strata = try #require(children.split(separator: " ").compactMap { Int32($0) }.first)
        kill(strata, SIGTERM)
        #expect(try tmux.waitForExit() == 128 + SIGTERM)
        #expect(tmux.query("#{alternate_on}") == "0")
        #expect(tmux.query("#{cursor_flag}") == "1")
    }
}

extension ExplorerEndToEndTests {
    @Test("a bracketed paste: ignored outside a field (its q does not quit), one edit of 100 000 characters in one")
    func bracketedPaste() throws {
        let binary = try #require(StrataBinary.url, "the strata binary is not built (run swift build)")
        let tmux = try TmuxSession(
            command: [binary.path, Self.root.appendingPathComponent("Sessions/demo").path], width: 120, height: 40)
        defer { tmux.close() }
        try tmux.waitFor("▸ listProducts")

        // tmux brackets the paste only because strata asked for it; unbracketed, the q would quit.
        try tmux.paste("q")
        try tmux.waitFor("paste ignored")

        let value = String(repeating: "0123456789", count: 9_999) + "abcdefghij"
        tmux.send("Tab", "Down", "Enter")
        try tmux.waitFor("↵ accept")
        try tmux.paste(value)
        try tmux.waitFor("0123456789abcdefghij", timeout: 600)
        tmux.send("Enter")
        try tmux.waitFor("edited (default empty)")
        #expect(tmux.screen().contains("GET https://shop.example.com/api/products?page=1&q=0123456789"))

        tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        #expect(tmux.query("#{alternate_on}") == "0")
    }
}

/// A private tmux server running one command in a window of a given size.
final class TmuxSession {
    /// Whether tmux can be run here.
    static let isAvailable: Bool = {
        (try? TmuxSession.run(["-V"]))?.status == 0
    }()

    let socket = "strata-e2e-\(UUID().uuidString.prefix(8))"
    let statusFile = FileManager.default.temporaryDirectory.appendingPathComponent("strata-e2e-\(UUID().uuidString)")

    /// Starts `command` in a detached session `width`×`height` with TERM=xterm-256color.
    init(command: [String], width: Int, height: Int) throws {
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        // After the program: its status to a file, a signal on the `exited` channel (`waitForExit`), and a pane
        // kept open for the test's last looks at the screen.
        let script =
            "env TERM=xterm-256color \(quoted); echo $? > '\(statusFile.path)'; tmux wait-for -S exited; sleep 3600"
        let started = try TmuxSession.run(
            ["-L", socket, "new-session", "-d", "-s", "e2e", "-x", "\(width)", "-y", "\(height)", script])
        guard started.status == 0 else { throw TmuxFailure("tmux new-session failed: \(started.output)") }
    }

    /// Ends the program, the pane's shell and the server, and removes the status file.
    func close() {
        let server = Int32(query("#{pid}"))
        let pane = Int32(query("#{pane_pid}"))
        let socketPath = query("#{socket_path}")
        _ = try? TmuxSession.run(["-L", socket, "kill-server"])
        // A server that does not go by itself is ended by its own id (it and the pane are ours).
        if let pane, pane > 1 { kill(-pane, SIGKILL) }
        if let server, server > 1 { kill(server, SIGKILL) }
        if socketPath.hasSuffix(socket) { try? FileManager.default.removeItem(atPath: socketPath) }
        try? FileManager.default.removeItem(at: statusFile)
    }

    /// Sends keys by tmux name.
    func send(_ keys: String...) { _ = try? TmuxSession.run(["-L", socket, "send-keys", "-t", "e2e"] + keys) }

    /// Types literal text.
    func type(_ text: String) { _ = try? TmuxSession.run(["-L", socket, "send-keys", "-t", "e2e", "-l", text]) }

    /// Pastes `text` as a user would (`paste-buffer -p`: bracketed when the program asked for bracketed paste).
    func paste(_ text: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strata-e2e-\(UUID().uuidString)")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try TmuxSession.run(["-L", socket, "load-buffer", "-b", "e2e", file.path])
        _ = try TmuxSession.run(["-L", socket, "paste-buffer", "-p", "-d", "-b", "e2e", "-t", "e2e"])
    }

    /// Writes `bytes` to the program's terminal in one write, as they are (`paste-buffer` without `-p`).
    func write(_ bytes: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strata-e2e-\(UUID().uuidString)")
        try bytes.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try TmuxSession.run(["-L", socket, "load-buffer", "-b", "raw", file.path])
        _ = try TmuxSession.run(["-L", socket, "paste-buffer", "-d", "-b", "raw", "-t", "e2e"])
    }

    /// Resizes the window.
    func resize(width: Int, height: Int) {
        _ = try? TmuxSession.run(["-L", socket, "resize-window", "-t", "e2e", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The screen as text.
    /// Sets a server option (`set-clipboard on`).
    func setServerOption(_ name: String, _ value: String) {
        _ = try? TmuxSession.run(["-L", socket, "set-option", "-s", name, value])
    }

    /// The newest paste buffer's text (what an OSC 52 copy put there), or nil when there is none.
    func showBuffer() -> String? {
        guard let result = try? TmuxSession.run(["-L", socket, "show-buffer"]), result.status == 0 else { return nil }
        return result.output
    }

    func screen() -> String { (try? TmuxSession.run(["-L", socket, "capture-pane", "-p", "-t", "e2e"]))?.output ?? "" }

    /// A tmux format variable of the pane (`#{alternate_on}`).
    func query(_ format: String) -> String {
        let out = (try? TmuxSession.run(["-L", socket, "display-message", "-p", "-t", "e2e", format]))?.output ?? ""
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen contains `text` (`ChildProcess.patience` at most: a sanitized binary on a busy machine
    /// is slow, and a passing test waits no longer for it), or fails with the screen.
    ///
    /// tmux has no event for "the screen changed", so this looks again after a pause.
    func waitFor(_ text: String, timeout: Double = ChildProcess.patience) throws {
        let deadline = Date().addingTimeInterval(timeout)
        // 50 ms between looks at first, growing to 500 ms, so a long wait does not load the machine with tmux clients.
        var pause = 0.05
        while Date() < deadline {
            if screen().contains(text) { return }
            Thread.sleep(forTimeInterval: pause)
            pause = min(pause * 1.5, 0.5)
        }
        throw TmuxFailure("'\(text)' did not appear within \(timeout) s; the screen:\n\(screen())")
    }

    /// Waits for the command to exit (`ChildProcess.patience` at most) and returns its status.
    ///
    /// `tmux wait-for exited` blocks until the pane signals the channel, or returns at once when it already has.
    func waitForExit(timeout: Double = ChildProcess.patience) throws -> Int32 {
        _ = try? TmuxSession.run(["-L", socket, "wait-for", "exited"], timeout: timeout)
        guard let text = try? String(contentsOf: statusFile, encoding: .utf8),
            let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw TmuxFailure("strata did not exit within \(timeout) s; the screen:\n\(screen())") }
        return status
    }

    /// Runs a tmux client with `arguments`, returning its status and output (standard output, then standard error).
    ///
    /// The tmux server that `new-session` leaves behind inherits nothing but standard input, output and error, and
    /// default signal handling (`ChildProcess.spawn`), so SIGWINCH (resize) and SIGHUP reach the program under test.
    static func run(_ arguments: [String], timeout: Double = ChildProcess.patience) throws -> (
        status: Int32, output: String
    ) {
        let result = try ChildProcess.run("tmux", arguments, timeout: timeout)
        return (result.status, result.stdout + result.stderr)
    }
}

/// A tmux step that did not happen, with the screen at the time.
struct TmuxFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension ExplorerEndToEndTests {
    @Test("a session naming a program opens with the question; y records the trust and the program parses")
    func trustQuestion() throws {
        let binary = try #require(StrataBinary.url, "the strata binary is not built (run swift build)")
        let dir = try ScratchDirectory(
            Dictionary(uniqueKeysWithValues: TrustCommandTests.parsing.map { ("s/" + $0.key, $0.value) }))
        defer { dir.remove() }
        let tmux = try TmuxSession(
            command: ["env", "XDG_CONFIG_HOME=" + dir.url("config"), binary.path, dir.url("s")], width: 120,
            height: 40)
        defer { tmux.close() }
        try tmux.waitFor("y trust  n not now")
        #expect(tmux.screen().contains("parsers: csv = sh tools/csv.sh"))
        #expect(dir.read("s/ran") == nil)
        tmux.send("y")
        try tmux.waitFor("trusted: its parsers run on the next response (recorded in")
        #expect(dir.read("config/strata/trusted")?.contains("  ") == true)
        tmux.send("r")
        try tmux.waitFor("Parsed json")
        #expect(dir.read("s/ran") != nil)
        tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
