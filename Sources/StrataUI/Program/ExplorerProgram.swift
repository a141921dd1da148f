import Foundation
import Strata
import Synchronization
import TermGrid

/// The program loop: draws the state, waits for input without spinning, feeds keys and effect results to the
/// reducer, and runs effects off the loop (Swift tasks that report back through the backend's wake pipe).
///
/// Interactive: ``run()`` until the state says it is finished. Headless (screenshots, tests, benchmarks):
/// ``dispatch(_:)`` actions and ``settle()`` to wait until every effect has reported back.
package final class ExplorerProgram {
    /// The current state.
    package private(set) var state: ExplorerState
    /// The terminal frames go to.
    package let terminal: Terminal
    /// Data sources, the editor, durations.
    package let host: ExplorerHost
    /// Results of effects, waiting to be dispatched on the loop.
    private let inbox: Inbox
    /// Running request tasks by request id.
    private var requests: [Int: Task<Void, Never>] = [:]
    /// Query runs still going, by id (cancelled when a new query replaces them).
    private var queries: [Int: Task<Void, Never>] = [:]
    /// When each running request was sent, by ``clock``.
    private var started: [Int: Duration] = [:]
    /// Where the server's starts and stops run, one at a time in the order asked (each may wait for requests in
    /// flight, so never on the loop).
    private let serving = DispatchQueue(label: "strata.explorer.serving")
    /// Where the time comes from.
    package let clock: any ProgramClock

    /// A program over `backend`, starting from `state` (its size is set to the backend's); `host` defaults to the
    /// session's fixtures and the network, `clock` to the system's.
    package init(
        state: ExplorerState, backend: any TerminalBackend, host: ExplorerHost? = nil,
        clock: any ProgramClock = SystemProgramClock()
    ) {
        self.clock = clock
        var state = state
        state.size = backend.size
        self.state = state
        self.terminal = Terminal(backend: backend)
        self.host = host ?? ExplorerHost(session: state.session)
        self.inbox = Inbox(waker: backend.waker)
        // A history past the session's bounds (lowered since the last run) is cut down now, not at the next send.
        self.host.history?.follow(state.session)
    }

    /// Interval between spinner frames while a request runs.
    package static let tickInterval = Duration.milliseconds(80)

    /// Most input events handled between two frames.
    package static let eventsPerFrame = 1000

    /// Runs until the user quits; the caller restores the terminal afterwards (also on a throw).
    ///
    /// Input already waiting is handled before the next frame (up to ``eventsPerFrame`` events), so a burst of
    /// keys — a paste typed key by key by a terminal without bracketed paste — costs a frame per batch, not per key.
    package func run() throws {
        draw()
        while !state.isFinished { try step() }
        for task in requests.values { task.cancel() }
    }

    /// How long the next ``step()`` may block waiting for input: nil (until input or a result arrives) when idle,
    /// the clock's ``ProgramClock/tickWait`` while a spinner runs.
    package var waitTimeout: Duration? { state.needsTicks ? clock.tickWait : nil }

    /// One turn of the loop: waits for input (at most ``waitTimeout``), handles it and the input already waiting
    /// behind it (up to ``eventsPerFrame`` events), dispatches every effect result that arrived, tells a running
    /// request how long it has taken, and draws.
    package func step() throws {
        var event = try terminal.nextEvent(timeout: waitTimeout)
        var handled = 0
        while let current = event {
            handle(current)
            handled += 1
            guard handled < ExplorerProgram.eventsPerFrame, !state.isFinished else { break }
            event = try terminal.nextEvent(timeout: .zero)
        }
        drainInbox()
        tick()
        draw()
    }

    /// Dispatches an input event.
    private func handle(_ event: Event) {
        switch event {
        case .key(let key): dispatch(.key(key))
        case .paste(let text): dispatch(.paste(text))
        case .mouse(let mouse): dispatch(.mouse(mouse))
        case .resize(let size): dispatch(.resize(size))
        case .wake: break
        }
    }

    /// Applies `action` and starts the effects it asks for.
    package func dispatch(_ action: Action) {
        if case .queryFinished(let id, _) = action { queries[id] = nil }
        let rules = (state.session.history, state.session.redact)
        let effects = state.update(action)
        // A reloaded session.json's `history` bounds and `redact` list hold for the history at once.
        if (state.session.history, state.session.redact) != rules { host.history?.follow(state.session) }
        for effect in effects { perform(effect) }
    }

    /// Dispatches every effect result that has arrived.
    package func drainInbox() {
        for action in inbox.takeAll() { dispatch(action) }
    }

    /// Waits until every effect started so far (and those they start) has reported back, dispatching the results:
    /// after this, the screen no longer depends on timing.
    package func settle() throws {
        drainInbox()
        while inbox.pending > 0 {
            _ = try terminal.backend.nextEvent(timeout: .milliseconds(50))
            drainInbox()
        }
        drainInbox()
    }

    /// Draws the current state (only changed cells reach the backend).
    package func draw() {
        let frame = ExplorerView.frame(state)
        // What reaches the terminal (or a screenshot) never shows a secret, whatever a pane printed.
        terminal.draw(frame.buffer.scrubbed(by: state.scrubber), cursor: frame.cursor)
    }

    /// Starts serving `session` (default: the state's) from `source` (default: the state's) on `address` through
    /// the host's server and tells the state (``Action/servingChanged(url:problem:generation:)``); each request that arrives
    /// is posted to the loop from the server's thread as ``Action/trafficArrived(_:)``, the way effect results
    /// come back. Returns the URL, or why serving could not start (`--serve` exits with it).
    @discardableResult
    package func startServing(session: Session? = nil, source: SourceMode? = nil, address: ServeAddress)
        -> Result<String, ServeError>
    {
        guard let server = host.server else { return .failure(Self.headless) }
        let (session, source, inbox) = (session ?? state.session, source ?? state.source, self.inbox)
        let upstream = host.upstream(for: source, session: session)
        let result = serving.sync { Self.serve(session, from: upstream, at: address, on: server, inbox: inbox) }
        if case .success(let url) = result { dispatch(.servingChanged(url: url, problem: nil)) }
        return result
    }

    /// Starts `server` on `queue`, off the loop (starting stops a running server first, which waits for the
    /// requests in flight), and tells the state through `inbox`, whose effect count the caller has raised.
    private static func serveInBackground(
        _ session: Session, from upstream: ServeResponder.Upstream, at address: ServeAddress,
        on server: any TrafficServer, generation: Int, queue: DispatchQueue, inbox: Inbox
    ) {
        queue.async {
            let started = serve(session, from: upstream, at: address, on: server, inbox: inbox)
            inbox.finish(servingChanged(started, generation: generation))
        }
    }

    /// What the state is told when a start has succeeded or failed.
    private static func servingChanged(_ started: Result<String, ServeError>, generation: Int) -> Action {
        switch started {
        case .success(let url): .servingChanged(url: url, problem: nil, generation: generation)
        case .failure(let problem): .servingChanged(url: nil, problem: problem.message, generation: generation)
        }
    }

    /// Why a headless program cannot serve.
    private static let headless = ServeError("serving is not available here (headless)")

    /// Starts `server` (stopping what it served before), posting each request that arrives to `inbox`.
    private static func serve(
        _ session: Session, from upstream: ServeResponder.Upstream, at address: ServeAddress,
        on server: any TrafficServer, inbox: Inbox
    ) -> Result<String, ServeError> {
        server.start(session: session, upstream: upstream, address: address) { exchange in
            // On a server thread: build the entry here, hand it over; the loop's state is never touched.
            inbox.post(.trafficArrived(TrafficEntry(exchange, session: session)))
        }
    }

    /// Stops the host's server (after the requests in flight are answered), if it serves.
    package func stopServing() {
        guard let server = host.server else { return }
        serving.sync { server.stop() }
    }

    /// Tells the state how long the running request has taken.
    private func tick() {
        guard let run = state.run, let start = started[run.id] else { return }
        dispatch(.tick(id: run.id, elapsed: clock.now() - start))
    }

    /// Runs `work` off the loop on ``EffectExecutor``, counted in the inbox as an effect running until the action it
    /// returns is queued there: the one copy of an effect's bookkeeping.
    @discardableResult
    private func spawn(_ work: @escaping @Sendable () async -> Action) -> Task<Void, Never> {
        inbox.begin()
        let inbox = self.inbox
        return Task.detached(executorPreference: EffectExecutor.shared) { inbox.finish(await work()) }
    }

    /// Runs one effect: async work in a task that posts its result, or loop work (editor, redraw) right here.
    private func perform(_ effect: Effect) {
        switch effect {
        case .send(let id, let request, let mode):
            let source = host.source(for: mode)
            let fixed = host.fixedDurations
            let historyProblems = host.historyProblems
            let history = host.history
            started[id] = clock.now()
            inbox.begin()
            let inbox = self.inbox
            requests[id] = Task.detached(executorPreference: EffectExecutor.shared) {
                var result: Result<Response, TransportError>
                do throws(TransportError) {
                    // Reports from the transfer's thread only go into the inbox (merged while the loop is busy).
                    var response = try await source.send(request, progress: { inbox.progress(id: id, $0) })
                    // A fixture says how long it waits; screenshots show that instead of the time measured.
                    if fixed, case .fixture(_, _, let delay) = response.origin { response.duration = delay }
                    result = .success(response)
                } catch {
                    result = .failure(error)
                }
                // The response is shown at once; its history entry is written meanwhile (``HistorySource``), and
                // one that could not be written is said when the write is over.
                inbox.begin()
                inbox.finish(.responseArrived(id: id, request: request, result: result))
                history?.settle()
                let problems = historyProblems.withLock { p in
                    defer { p.removeAll() }
                    return p
                }
                if let problem = problems.last { inbox.finish(.historyNotKept(problem)) } else { inbox.end() }
            }
        case .cancel(let id):
            requests.removeValue(forKey: id)?.cancel()
            started.removeValue(forKey: id)
        case .parse(let id, let request, let response, let route, let session):
            requests.removeValue(forKey: id)
            spawn {
                let document = ResponseDocument.parse(
                    response, request: request, route: route, with: ResponsePipeline(session: session))
                return .responseParsed(id: id, document: document)
            }
        case .parsePartial(let id, let request, let response, let route, let session):
            spawn {
                let document = ResponseDocument.parse(
                    response, request: request, route: route, with: ResponsePipeline(session: session))
                return .partialParsed(id: id, document: document)
            }
        case .map(let id, let tree, let status, let route, let session):
            spawn {
                let mapping = MappedDocument.map(
                    tree, status: status, route: route, with: ResponsePipeline(session: session))
                return .responseMapped(responseID: id, mapping: mapping)
            }
        case .mapAgain(let id, let tree, let status, let route, let session, let previous):
            spawn {
                var mapping = MappedDocument.map(
                    tree, status: status, route: route, with: ResponsePipeline(session: session))
                mapping?.compare(with: previous)
                return .responseMappedAgain(responseID: id, mapping: mapping)
            }
        case .checkExpectations(let id, let route, let response, let parsed, let mapping):
            spawn {
                let report = route.expectations?.check(response, parsed: parsed, mapping: mapping)
                return .expectationsChecked(
                    responseID: id, route: route.name, report: report ?? ExpectationReport(results: []))
            }
        case .keepChecks(let route, let report, let session):
            guard host.keepsChecks else { return }
            spawn {
                do throws(AtomicFile.WriteError) {
                    try LastChecks.keep([route: report], session: session)
                    return .checksKept(problem: nil)
                } catch {
                    return .checksKept(problem: error.description)
                }
            }
        case .loadSession(let path):
            let trust = host.trust
            spawn {
                let result: Result<Session, SessionError>
                do throws(SessionError) {
                    let loaded = try Session.load(from: path)
                    result = .success(trust?.applied(to: loaded) ?? loaded)
                } catch {
                    result = .failure(error)
                }
                return .sessionLoaded(result)
            }
        case .editFile(let path):
            guard let runEditor = host.runEditor else {
                dispatch(
                    .editorFinished(problem: "no terminal to run the editor in (headless); edit \(path) and press R"))
                return
            }
            let problem = runEditor(path)
            terminal.invalidate()
            dispatch(.editorFinished(problem: problem))
        case .editBody(let routeName, let text):
            guard let runEditor = host.runEditor else {
                dispatch(
                    .bodyEdited(routeName: routeName, text: nil, problem: "no terminal to run the editor in (headless)")
                )
                return
            }
            let result = BodyEditFile.edit(text, with: runEditor)
            terminal.invalidate()
            dispatch(.bodyEdited(routeName: routeName, text: result.text, problem: result.problem))
        case .continueSearch:
            inbox.post(.searchStep)
        case .runQuery(let id, let query, let tree):
            queries[id] = spawn {
                let nodes = query.select(in: tree)
                // A cancelled run still reports (so the inbox count balances); the reducer ignores its id.
                return .queryFinished(id: id, nodes: Task.isCancelled ? [] : nodes)
            }
        case .saveFixture(let request, let response, let session, let overwrite):
            spawn {
                let outcome = FixtureSaving.save(response, for: request, session: session, overwrite: overwrite)
                return .fixtureSaved(outcome)
            }
        case .saveEdits(let routeName, let edits, let request, let session):
            inbox.begin()
            let inbox = self.inbox
            let trust = host.trust
            Task.detached(executorPreference: EffectExecutor.shared) {
                let outcome = EditsSaving.save(
                    routeName: routeName, edits: edits, request: request, session: session, trust: trust)
                inbox.finish(.editsSaved(routeName: routeName, outcome: outcome))
            }
        case .exportText(let export):
            spawn {
                return .exported(export.write())
            }
        case .recordTrust(let trust):
            guard let store = host.trust else {
                dispatch(.trustRecorded(file: nil, problem: "nowhere to keep it (set XDG_CONFIG_HOME or HOME)"))
                return
            }
            spawn {
                do throws(TrustStore.Failure) {
                    try store.add(trust)
                    return .trustRecorded(file: store.file, problem: nil)
                } catch {
                    return .trustRecorded(file: store.file, problem: error.description)
                }
            }
        case .copyToClipboard(let text):
            // The reducer checked the size; a terminal without OSC 52 ignores the sequence.
            _ = terminal.backend.setClipboard(text)
        case .cancelQuery(let id):
            queries.removeValue(forKey: id)?.cancel()
        case .listHistory(let route):
            guard let history = host.history else {
                dispatch(.historyListed(route: route, entries: []))
                return
            }
            spawn {
                return .historyListed(route: route, entries: history.entries(route: route))
            }
        case .loadHistoryEntry(let number, let purpose):
            guard let history = host.history else {
                dispatch(.historyEntryLoaded(purpose: purpose, .failure(.noEntry(number, kept: []))))
                return
            }
            spawn {
                let result: Result<HistoryEntry, HistoryError>
                do throws(HistoryError) {
                    result = .success(try history.entry(number: number))
                } catch {
                    result = .failure(error)
                }
                return .historyEntryLoaded(purpose: purpose, result)
            }
        case .diffHistory(let number, let current, let session):
            guard let history = host.history else {
                dispatch(.historyDiffed(number: number, .failure(.noEntry(number, kept: []))))
                return
            }
            spawn {
                .historyDiffed(
                    number: number, HistoryDiff.diff(number, against: current, in: history, session: session))
            }
        case .startServing(let address, let source, let session, let generation):
            guard let server = host.server else {
                dispatch(.servingChanged(url: nil, problem: Self.headless.message, generation: generation))
                return
            }
            inbox.begin()
            Self.serveInBackground(
                session, from: host.upstream(for: source, session: session), at: address, on: server,
                generation: generation, queue: serving, inbox: inbox)
        case .stopServing:
            guard let server = host.server else { return }
            // Stopping waits for the requests in flight (a fixture may delay its answer): not on the loop, but in
            // turn with the starts asked for before and after it. The state already says it stopped.
            serving.async { server.stop() }
        case .redraw:
            terminal.invalidate()
        }
    }

    /// A thread-safe queue of results plus a count of effects still running; wakes the loop when one arrives.
    final class Inbox: Sendable {
        private let items = Locked<[Action]>([])
        private let running = Atomic<Int>(0)
        private let waker: WakePipe

        init(waker: WakePipe) { self.waker = waker }

        /// Effects started and not yet reported back.
        var pending: Int { running.load(ordering: .sequentiallyConsistent) + items.withLock { $0.count } }

        /// Counts an effect as started.
        func begin() { running.add(1, ordering: .sequentiallyConsistent) }

        /// Queues the result of a started effect.
        func finish(_ action: Action) {
            items.withLock { $0.append(action) }
            running.subtract(1, ordering: .sequentiallyConsistent)
            waker.wake()
        }

        /// Counts a started effect as done when it has nothing to report.
        func end() {
            running.subtract(1, ordering: .sequentiallyConsistent)
            waker.wake()
        }

        /// Queues an action that no effect is waiting for.
        func post(_ action: Action) {
            items.withLock { $0.append(action) }
            waker.wake()
        }

        /// Queues what a transfer reported, merged into the report of the same request still waiting at the end
        /// of the queue, so a fast body costs one action per frame, not one per piece.
        func progress(id: Int, _ report: TransferProgress) {
            items.withLock { list in
                if case .transferProgress(id, let earlier)? = list.last {
                    list[list.count - 1] = .transferProgress(id: id, progress: earlier.merged(with: report))
                } else {
                    list.append(.transferProgress(id: id, progress: report))
                }
            }
            waker.wake()
        }

        /// Removes and returns everything queued.
        func takeAll() -> [Action] {
            items.withLock { list in
                defer { list = [] }; return list
            }
        }
    }
}
