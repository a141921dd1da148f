import Strata

/// Work the reducer asks for; the program loop runs it off the UI thread and reports back with an ``Action``.
public enum Effect: Sendable {
    /// Send `request` through the host's `source` (mock or live); reply with ``Action/responseArrived``.
    case send(id: Int, request: BuiltRequest, source: SourceMode)
    /// Stop request `id` (its task is cancelled; no reply is expected).
    case cancel(id: Int)
    /// Parse, index and map a response; reply with ``Action/responseProcessed``.
    case process(id: Int, request: BuiltRequest, response: Response, route: Route, session: Session)
    /// Map a parsed document again with a reloaded session; reply with ``Action/remapped``.
    case remap(responseID: Int, tree: Tree, route: Route, session: Session)
    /// Read the session file again; reply with ``Action/sessionLoaded``.
    case loadSession(path: String)
    /// Suspend the screen, run `$EDITOR` on `file`, resume; reply with ``Action/editorFinished``.
    case editFile(path: String)
    /// Dispatch ``Action/searchStep`` after pending input (keeps long searches from blocking keys).
    case continueSearch
    /// Redraw the whole screen (after it was disturbed).
    case redraw
}
