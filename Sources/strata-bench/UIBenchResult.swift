import Foundation
import Strata
import StrataUI
import TermGrid

/// One document's measurements for the ui benchmark.
struct UIBenchResult {
    var label = ""
    var bytes = 0
    var nodes = 0
    var values = 0
    var parse = 0.0
    var lineIndex = 0.0
    var mapping = 0.0
    var firstFrame = 0.0
    var mappedFrame = 0.0
    /// The explorer's peak RSS on this document in a child process, and its footprint before the body.
    var peak: UIBenchPeak.Report?
    /// The `strata` binary in a terminal on this document (nil when tmux or the binary is missing).
    var binary: UIBenchBinary.Report?
    /// `jq . FILE > /dev/null` on this document, the peer in the same run (nil without jq).
    var jq: ChildPeak.Result?
    /// Per-keystroke times in seconds by action name: (mean, max).
    var keys: [(name: String, mean: Double, max: Double)] = []

    /// Runs the document through the explorer headless and times it.
    static func measure(label: String, bytes: [UInt8], session: Session, runs: Int) throws -> UIBenchResult {
        var result = UIBenchResult(label: label, bytes: bytes.count)
        let route = session.routes[0]
        let request = try RequestBuilder(session: session, environment: [:]).build(route)
        let response = Response(
            status: 200, headers: ["Content-Type": "application/json"], body: bytes, duration: .milliseconds(1),
            origin: .live(url: request.url, redirects: []))
        let clock = ContinuousClock()
        let pipeline = ResponsePipeline(session: session)
        // The parts, best of `runs`.
        result.parse = BenchTiming.measure(runs: runs) { try! JSONParser().parse(bytes).count }.best
        result.lineIndex = BenchTiming.measure(runs: runs) { LineIndex(bytes).count }.best
        let tree = try JSONParser().parse(bytes)
        result.nodes = tree.count
        result.mapping =
            BenchTiming.measure(runs: runs) {
                MappedDocument.map(tree, status: 200, route: route, with: pipeline)?.result?.values.count ?? 0
            }.best
        // First frame: from the response to the frame on the (in-memory) terminal, best of `runs`.
        var program: ExplorerProgram! = nil
        var best = Double.infinity
        var bestMapped = Double.infinity
        for _ in 0..<runs {
            let backend = MemoryBackend(width: 120, height: 40)
            let p = ExplorerProgram(
                state: ExplorerState(session: session, size: Size(width: 120, height: 40)), backend: backend)
            p.draw()
            p.dispatch(.key(.character("r")))  // a request in flight, id 1 (its send effect goes nowhere)
            // As the program does it: parse and index, draw; the mapping follows in its own effect.
            let elapsed = clock.measure {
                let document = ResponseDocument.parse(response, request: request, route: route, with: pipeline)
                p.dispatch(.responseParsed(id: 1, document: document))
                p.draw()
            }
            let mapped = try clock.measure {
                try p.settle()
                p.draw()
            }
            best = min(best, elapsed.seconds)
            bestMapped = min(bestMapped, (elapsed + mapped).seconds)
            program = p
        }
        result.firstFrame = best
        result.mappedFrame = bestMapped
        guard let document = program.state.response.document, document.tree != nil else {
            throw BenchError("the document did not reach the explorer")
        }
        result.values = document.mapping?.result?.values.count ?? 0
        // Keystrokes.
        func time(_ name: String, _ keys: String, repeat count: Int = 1, settle: Bool = false) throws {
            result.keys.append(try timeKeys(program, name, keys, repeat: count, settle: settle))
        }
        try time("Parsed: focus", "2")
        try time("Parsed: move down (↓)", "Down", repeat: 300)
        try time("Parsed: page down", "PageDown", repeat: 30)
        try time("Parsed: last row (G)", "G")
        try time("Parsed: move up at the end (↑)", "Up", repeat: 100)
        try time("Parsed: first row (g)", "g")
        try time("Parsed: fold / unfold the root", "Enter Enter", repeat: 5)
        try time("Parsed: collapse all", "-")
        try time("Parsed: expand all", "+")
        // Search: a term in every record (one step finds it), then one only at the very end.
        try time("Parsed: search (/@example.com)", "/ =@example.com Enter", settle: true)
        try time("Parsed: search next (n)", "n", repeat: 50, settle: true)
        let stepStart = clock.now
        try time("Parsed: search far (/generated_at), first step", "/ C-u =generated_at Enter")
        while program.state.search?.isRunning == true {
            let elapsed = clock.measure {
                program.dispatch(.searchStep)
                program.draw()
            }
            if let last = result.keys.popLast() {
                result.keys.append((last.name, last.mean, max(last.max, elapsed.seconds)))
            }
        }
        let total = (clock.now - stepStart).seconds
        result.keys.append(("Parsed: search far, all steps of ≤ 4 MB (total)", total, total))
        try time("Mapped: move down (↓)", "3 Down Down Down Down Down Down Down Down Down Down", repeat: 10)
        try time("Raw: page down (wrapped)", "1 PageDown PageDown PageDown PageDown PageDown", repeat: 4)
        try time("Raw: last row (G)", "G")
        try timeChainedTyping(response: response, request: request, session: session, into: &result)
        return result
    }

    /// Selecting and typing into a param of the route that chains a value from the shown response
    /// (`${response:users:$.data[0].id}`): the request is built again at every key, reading the parse made to show
    /// the response; nothing is parsed on the loop.
    private static func timeChainedTyping(
        response: Response, request: BuiltRequest, session: Session, into result: inout UIBenchResult
    ) throws {
        var state = ExplorerState(session: session, size: Size(width: 120, height: 40))
        guard case .send(let id, _, _)? = state.update(.key(.character("r"))).first else {
            throw BenchError("r sent no request")
        }
        let effects = state.update(.responseArrived(id: id, request: request, result: .success(response)))
        guard case .parse(_, _, let arrived, let route, let parseSession)? = effects.first else {
            throw BenchError("the response was not sent to be parsed")
        }
        let document = ResponseDocument.parse(
            arrived, request: request, route: route, with: ResponsePipeline(session: parseSession))
        _ = state.update(.responseParsed(id: id, document: document))
        let program = ExplorerProgram(state: state, backend: MemoryBackend(width: 120, height: 40))
        program.draw()
        result.keys.append(
            try timeKeys(program, "Request: select the route chained to the shown response", "j"))
        _ = try timeKeys(program, "Request: open the param editor", "Tab Enter")
        let typing = try timeKeys(
            program, "Request: type into a param of the chained route (20 keys)", "=abcdefghijklmnopqrst")
        guard program.state.draft?.request?.url.contains("q=abcdefghijklmnopqrst") == true,
            program.state.latestResponses.parseCount == 0
        else {
            throw BenchError("typing did not reach the chained route's request, or parsed the response again")
        }
        result.keys.append(typing)
    }

    /// Presses `keys` (tmux names) `count` times, timing each press from the action to the drawn frame (reducer +
    /// render + diff); the mean and the worst, under `name`. UIBENCH_TRACE=1 lists presses over 5 ms.
    private static func timeKeys(
        _ program: ExplorerProgram, _ name: String, _ keys: String, repeat count: Int = 1, settle: Bool = false
    ) throws -> (name: String, mean: Double, max: Double) {
        let clock = ContinuousClock()
        let parsed = try Key.parse(tmuxKeys: keys)
        var total = 0.0
        var worst = 0.0
        var presses = 0
        for _ in 0..<count {
            for key in parsed {
                let reduce = clock.measure { program.dispatch(.key(key)) }
                let elapsed = reduce + clock.measure { program.draw() }
                if ProcessInfo.processInfo.environment["UIBENCH_TRACE"] != nil, elapsed.seconds > 0.005 {
                    print("slow: \(name), press \(presses) (\(key)): \(elapsed), of which the reducer \(reduce)")
                }
                total += elapsed.seconds
                worst = max(worst, elapsed.seconds)
                presses += 1
                if settle { try program.settle() }
            }
        }
        return (name, total / Double(max(presses, 1)), worst)
    }

    /// The markdown table of several documents side by side, with goals and verdicts.
    static func table(_ results: [UIBenchResult]) -> BenchTable {
        var table = BenchTable(
            ["measurement"] + results.map(\.label) + ["goal", "verdict"],
            rightAligned: Set(1...results.count))
        func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1000) }
        func row(_ name: String, _ values: [String], goal: String = "", verdict: String = "") {
            table.add([name] + values + [goal, verdict])
        }
        row("body", results.map { String(format: "%.1f MB", Double($0.bytes) / 1_000_000) })
        row("parsed nodes", results.map { "\($0.nodes)" })
        row("mapped values", results.map { "\($0.values)" })
        row("parse", results.map { ms($0.parse) })
        row("line index", results.map { ms($0.lineIndex) })
        row("mapping", results.map { ms($0.mapping) })
        let firstFrameOK = results.allSatisfy { $0.firstFrame <= 1.0 }
        row(
            "**first frame after the response arrives**", results.map { ms($0.firstFrame) }, goal: "≤ 1000 ms",
            verdict: firstFrameOK ? "met" : "missed")
        let mappedOK = results.allSatisfy { $0.mappedFrame <= 1.0 }
        row(
            "**Mapped pane filled** (mapping runs after the first frame)", results.map { ms($0.mappedFrame) },
            goal: "≤ 1000 ms", verdict: mappedOK ? "met" : "missed")
        if results.allSatisfy({ $0.peak != nil }) {
            func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
            // The body is held once; twice its size plus 40 MB covers the tree, the line index and the mapping.
            let peakOK = results.allSatisfy { $0.peak!.peak <= 2 * $0.bytes + 40_000_000 }
            row(
                "**peak RSS, whole child process**, body to Mapped pane", results.map { mb($0.peak!.peak) },
                goal: "≤ 2× body + 40 MB", verdict: peakOK ? "met" : "missed")
            row(
                "(of which before the body: runtime and session)", results.map { mb($0.peak!.baseline) })
            row(
                "peak RSS ÷ body", results.map { String(format: "%.2f×", Double($0.peak!.peak) / Double($0.bytes)) })
        }
        if results.allSatisfy({ $0.binary != nil }) {
            func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
            row(
                "**the `strata` binary in a terminal**: `r` to the response on screen",
                results.map { ms($0.binary!.onScreen) }, goal: "≤ 1000 ms",
                verdict: results.allSatisfy { $0.binary!.onScreen <= 1 } ? "met" : "missed")
            row(
                "**the `strata` binary**: `r` to the Mapped pane filled", results.map { ms($0.binary!.mapped) },
                goal: "≤ 1000 ms", verdict: results.allSatisfy { $0.binary!.mapped <= 1 } ? "met" : "missed")
            row(
                "**the `strata` binary**: peak RSS (VmHWM) with the Mapped pane filled",
                results.map { mb($0.binary!.peak) }, goal: "≤ 2× body + 40 MB",
                verdict: results.allSatisfy { $0.binary!.peak <= 2 * $0.bytes + 40_000_000 } ? "met" : "missed")
        }
        if results.allSatisfy({ $0.jq != nil }) {
            row("peer: `jq . FILE > /dev/null`, wall", results.map { ms($0.jq!.seconds) })
            row(
                "peer: `jq . FILE`, peak RSS",
                results.map { String(format: "%.1f MB", Double($0.jq!.peakKB) * 1024 / 1_000_000) })
        }
        guard let first = results.first else { return table }
        for (k, key) in first.keys.enumerated() {
            let values = results.map { r in k < r.keys.count ? "\(ms(r.keys[k].mean)) (max \(ms(r.keys[k].max)))" : "" }
            let isTotal = key.name.contains("(total)")
            // A key that parses the response is held to the first frame's goal, the others to a frame at 60 Hz.
            let isParse = key.name.contains("(parses it once)")
            let limit = isParse ? 1.0 : 0.016
            let ok = results.allSatisfy { k < $0.keys.count && $0.keys[k].max <= limit }
            row(
                key.name, values, goal: isTotal ? "" : isParse ? "≤ 1000 ms" : "≤ 16 ms",
                verdict: isTotal ? "" : (ok ? "met" : "missed"))
        }
        return table
    }
}
