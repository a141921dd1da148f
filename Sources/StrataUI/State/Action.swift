import Strata
import TermGrid

/// Everything that can change the explorer's state: input, time, and the results of effects.
package enum Action: Sendable {
    /// A key press.
    case key(Key)
    /// Text pasted in one go: inserted whole into the text field being edited, ignored elsewhere (never keys).
    case paste(String)
    /// A mouse click or wheel turn.
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize(Size)
    /// Time passed while a request runs: `elapsed` since request `id` was sent.
    case tick(id: Int, elapsed: Duration)
    /// Request `id` got a response or an error.
    case responseArrived(id: Int, request: BuiltRequest, result: Result<Response, TransportError>)
    /// Live request `id` reports what has arrived so far (merged with earlier reports not yet handled).
    case transferProgress(id: Int, progress: TransferProgress)
    /// The body of request `id` that has arrived so far, parsed (an answer to ``Effect/parsePartial``).
    case partialParsed(id: Int, document: ResponseDocument)
    /// Request `id`'s response is parsed and its lines indexed (not yet mapped).
    case responseParsed(id: Int, document: ResponseDocument)
    /// The shown response was mapped (nil: its route maps nothing).
    case responseMapped(responseID: Int, mapping: MappedDocument?)
    /// The shown response was mapped again with the reloaded session.
    case responseMappedAgain(responseID: Int, mapping: MappedDocument?)
    /// Response `responseID`, an answer to route `route`, was checked against the route's expectations.
    case expectationsChecked(responseID: Int, route: String, report: ExpectationReport)
    /// A route's last checks were written to `.strata/checks.json`, or could not be (why).
    case checksKept(problem: String?)
    /// session.json was read again (`R`, or after `$EDITOR`).
    case sessionLoaded(Result<Session, SessionError>)
    /// `$EDITOR` exited; `problem` says why it could not run, if it could not.
    case editorFinished(problem: String?)
    /// `$EDITOR` exited on route `routeName`'s body: the text it left, or why it could not run.
    case bodyEdited(routeName: String, text: String?, problem: String?)
    /// The next bounded step of a running search.
    case searchStep
    /// Query run `id` selected `nodes` (in the RFC's order).
    case queryFinished(id: Int, nodes: [Int])
    /// A response was saved as a fixture pair (or not, and why).
    case fixtureSaved(FixtureSaveOutcome)
    /// Route `routeName`'s edits were written into session.json (what was and was not, and the session read
    /// again), or could not be (why).
    case editsSaved(routeName: String, outcome: EditsSaveOutcome)
    /// A copy too large for the clipboard was written to a file (or not, and why).
    case exported(TextExport.Outcome)
    /// The trust the user gave was recorded in `file`, or could not be, and why (``Effect/recordTrust(_:)``).
    case trustRecorded(file: String?, problem: String?)
    /// The entries of the History list (of `route`, or of every route when nil), newest first.
    case historyListed(route: String?, entries: [HistoryEntry.Summary])
    /// A history entry read for `purpose`, or why it could not be.
    case historyEntryLoaded(purpose: HistoryPurpose, Result<HistoryEntry, HistoryError>)
    /// The last response could not be kept in the history, and why.
    case historyNotKept(HistoryError)
    /// History entry `number` compared with the shown response, or why it could not be.
    case historyDiffed(number: Int, Result<TreeDiff, HistoryError>)
    /// A request arrived at the server the explorer runs and was answered (posted from the server's threads).
    case trafficArrived(TrafficEntry)
    /// Serving started at `url`, or could not start (`problem`); both nil: it stopped. `generation` is the start's
    /// (``Effect/startServing(address:source:session:generation:)``): a reply to a start that a later start or a
    /// stop has overtaken is ignored; nil for a start made outside the reducer (`--serve`).
    case servingChanged(url: String?, problem: String?, generation: Int? = nil)
}
