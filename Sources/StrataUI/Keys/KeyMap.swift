import TermGrid

/// The key tables, one per ``KeyContext``: the single source for key handling, footer hints, the `?` help and
/// docs/keys.md.
package enum KeyMap {
    /// The bindings of `context`, in the order the help lists them.
    package static func bindings(_ context: KeyContext) -> [KeyBinding] {
        switch context {
        case .global: global
        case .routes: routes
        case .request: request
        case .raw: raw
        case .parsed: parsed
        case .mapped: mapped
        case .traffic: traffic
        case .trafficRequest: trafficRequest
        case .help: help
        case .code: code
        case .issues: issues
        case .message: message
        case .diff: diff
        case .copy: copy
        case .confirm: confirm
        case .trust: trust
        case .choice: choice
        case .history: history
        case .textField: textField
        }
    }

    /// The command `key` triggers in `context`, or nil.
    package static func command(for key: Key, in context: KeyContext) -> Command? {
        bindings(context).first { $0.keys.contains(key) }?.command
    }

    /// The command `key` triggers in a pane: the pane's table first, then the global one.
    package static func paneCommand(for key: Key, in context: KeyContext) -> Command? {
        command(for: key, in: context) ?? command(for: key, in: .global)
    }

    static let global: [KeyBinding] = [
        KeyBinding([.character("q"), .ctrl("c")], .quit, "quit (the terminal is restored)", hint: "quit"),
        KeyBinding([.character("?")], .help, "show this help", hint: "help"),
        KeyBinding([.tab], .nextPane, "focus the next pane"),
        KeyBinding([.backTab], .previousPane, "focus the previous pane"),
        KeyBinding([.character("r"), .function(5)], .run, "send the request", hint: "run"),
        KeyBinding([.character("m")], .toggleSource, "switch the source: mock ⇄ live", hint: "source"),
        KeyBinding(
            [.character("S")], .toggleServing,
            "serve the session over HTTP from the current source (--serve address, else 127.0.0.1:8080), or stop",
            hint: "serve"),
        KeyBinding([.character("T")], .toggleTraffic, "show the Traffic list (requests served) or the routes"),
        KeyBinding([.character("R")], .reload, "reload session.json, keep the selection, map the last response again"),
        KeyBinding([.character("E")], .editSession, "edit session.json in $EDITOR, then reload"),
        KeyBinding([.character("v")], .pickEnvironment, "pick the session environment (staging, prod, …)"),
        KeyBinding(
            [.character("y")], .showCode, "show the request as code: curl, HTTPie, Python, JavaScript or Swift"),
        KeyBinding(
            [.character("Y")], .copyMenu,
            "copy path, value, subtree, curl or mapped object (OSC 52; too large: to a file)"),
        KeyBinding(
            [.character("W")], .saveFixture,
            "save the response as a fixture pair (asks before replacing; waits for a stream)"),
        KeyBinding([.character("i")], .showIssues, "list the mapping issues"),
        KeyBinding(
            [.character("X")], .showChecks, "the route's expectations and how its last response fared (strata test)"),
        KeyBinding([.character("L")], .showHistory, "History: past exchanges of the route (show, resend, diff)"),
        KeyBinding([.character("1")], .showRaw, "show the Raw pane"),
        KeyBinding([.character("2")], .showParsed, "show the Parsed pane"),
        KeyBinding([.character("3")], .showMapped, "show the Mapped pane"),
        KeyBinding([.escape], .cancel, "cancel the running request; clear the search, the query or the filter"),
        KeyBinding([.ctrl("l")], .redraw, "draw the screen again"),
    ]

    static let movement: [KeyBinding] = [
        KeyBinding([.up, .character("k")], .up, "up"),
        KeyBinding([.down, .character("j")], .down, "down"),
        KeyBinding([.pageUp, .ctrl("b")], .pageUp, "page up"),
        KeyBinding([.pageDown, .ctrl("f")], .pageDown, "page down"),
        KeyBinding([.home, .character("g")], .top, "first row"),
        KeyBinding([.end, .character("G")], .bottom, "last row"),
    ]

    static let routes: [KeyBinding] =
        movement + [
            KeyBinding([.enter, .right, .character("l")], .open, "open the route's request", hint: "open"),
            KeyBinding([.character("/")], .filter, "filter routes by name or path", hint: "filter"),
        ]

    static let request: [KeyBinding] =
        movement + [
            KeyBinding([.enter, .character("e")], .edit, "edit the param's value in place", hint: "edit"),
            KeyBinding([.character("a")], .addParam, "add a param (name, value, then where it goes)", hint: "add"),
            KeyBinding([.character("d"), .delete], .removeParam, "leave the param out of the request", hint: "remove"),
            KeyBinding([.character("u")], .resetParam, "put the param back to its default"),
            KeyBinding([.character("H")], .toggleDetails, "show or hide headers and body", hint: "headers"),
            KeyBinding([.character("p")], .placeParam, "change where the param goes (query, header, body, cookie)"),
            KeyBinding([.character("B")], .editBody, "edit the JSON body in $EDITOR (${param} placeholders kept)"),
            KeyBinding([.ctrl("s")], .saveEdits, "save the route's edits into session.json (secrets stay out)"),
            responseSearch,
        ]

    static let raw: [KeyBinding] =
        movement + [
            KeyBinding([.left, .character("h")], .left, "scroll left"),
            KeyBinding([.right, .character("l")], .right, "scroll right"),
            KeyBinding([.character("w")], .toggleWrap, "wrap long lines", hint: "wrap"),
            KeyBinding([.character("H")], .toggleHeaders, "show or hide the response headers", hint: "headers"),
            KeyBinding(
                [.character("/")], .search, "search the body from the top row: text, or /regex/ (I-Regexp)",
                hint: "search"),
            KeyBinding([.character("n")], .searchNext, "next match"),
            KeyBinding([.character("N")], .searchPrevious, "previous match"),
        ]

    static let parsed: [KeyBinding] =
        movement + [
            KeyBinding([.left, .character("h")], .left, "fold, or go to the parent"),
            KeyBinding([.right, .character("l")], .right, "unfold, or go to the first child"),
            KeyBinding([.enter, .character(" ")], .toggleFold, "fold or unfold", hint: "fold"),
            KeyBinding([.character("+"), .character("*")], .expandAll, "unfold everything"),
            KeyBinding([.character("-")], .collapseAll, "fold everything"),
            KeyBinding(
                [.character("/")], .search, "search keys and values: text, or /regex/ (I-Regexp)", hint: "search"),
            KeyBinding(
                [.character("$")], .query, "JSONPath query (RFC 9535): highlight and count matches", hint: "query"),
            KeyBinding([.character("n")], .searchNext, "next match (of the search, else the query)"),
            KeyBinding([.character("N")], .searchPrevious, "previous match (of the search, else the query)"),
        ]

    static let mapped: [KeyBinding] =
        movement + [
            KeyBinding([.left, .character("h")], .left, "fold, or go to the parent"),
            KeyBinding([.right, .character("l")], .right, "unfold, or go to the first child"),
            KeyBinding([.character(" ")], .toggleFold, "fold or unfold"),
            KeyBinding([.enter], .jumpToSource, "select the value's source in Parsed and Raw", hint: "source"),
            KeyBinding([.character("+"), .character("*")], .expandAll, "unfold everything"),
            KeyBinding([.character("-")], .collapseAll, "fold everything"),
            KeyBinding([.character("]")], .nextChange, "next value changed by the last reload or edit", hint: "change"),
            KeyBinding([.character("[")], .previousChange, "previous value changed by the last reload or edit"),
            KeyBinding(
                [.character("/")], .search, "search names and values: text, or /regex/ (I-Regexp)", hint: "search"),
            KeyBinding([.character("n")], .searchNext, "next match"),
            KeyBinding([.character("N")], .searchPrevious, "previous match"),
        ]

    /// `/` where no text of the pane's own is searched: the search of the response pane shown last, so the word
    /// typed after `/` is the search and never runs as commands.
    static let responseSearch = KeyBinding(
        [.character("/")], .search, "search the response, in the pane of the three focused last")

    static let traffic: [KeyBinding] = movement + [responseSearch]

    static let trafficRequest: [KeyBinding] = [
        KeyBinding([.up, .character("k")], .up, "scroll up a row"),
        KeyBinding([.down, .character("j")], .down, "scroll down a row"),
        KeyBinding([.pageUp, .ctrl("b")], .pageUp, "page up"),
        KeyBinding([.pageDown, .ctrl("f")], .pageDown, "page down"),
        KeyBinding([.home, .character("g")], .top, "to the top (what answered)"),
        KeyBinding([.end, .character("G")], .bottom, "to the end (the body's last line)"),
        responseSearch,
    ]

    static let help: [KeyBinding] =
        Array(movement.prefix(4)) + [
            KeyBinding([.escape, .character("q"), .character("?")], .close, "close the help", hint: "close")
        ]

    static let code: [KeyBinding] = [
        KeyBinding([.up], .up, "scroll up"),
        KeyBinding([.down], .down, "scroll down"),
        KeyBinding([.pageUp], .pageUp, "page up"),
        KeyBinding([.pageDown], .pageDown, "page down"),
        KeyBinding([.right, .tab], .nextLanguage, "the next language", hint: "language"),
        KeyBinding([.left, .backTab], .previousLanguage, "the previous language"),
        KeyBinding([.character("c")], .showCurlCode, "curl"),
        KeyBinding([.character("h")], .showHTTPieCode, "HTTPie"),
        KeyBinding([.character("p")], .showPythonCode, "Python (requests)"),
        KeyBinding([.character("j")], .showJavaScriptCode, "JavaScript (fetch, Node 18 or later)"),
        KeyBinding([.character("s")], .showSwiftCode, "Swift (URLSession)"),
        KeyBinding([.character("Y")], .copyShownCode, "copy the code shown (OSC 52)", hint: "copy"),
        KeyBinding([.escape, .character("q"), .character("y"), .enter], .close, "close", hint: "close"),
    ]

    static let issues: [KeyBinding] =
        Array(movement.prefix(4)) + [
            KeyBinding([.enter], .jumpToSource, "select the issue's value and its source", hint: "go to"),
            KeyBinding([.character("e")], .showErrors, "show errors only", hint: "errors"),
            KeyBinding([.character("w")], .showWarnings, "show errors and warnings", hint: "warnings"),
            KeyBinding([.character("a")], .showAllIssues, "show every issue, infos included", hint: "all"),
            KeyBinding([.escape, .character("q"), .character("i")], .close, "close the list", hint: "close"),
        ]

    static let diff: [KeyBinding] =
        Array(movement.prefix(4)) + [
            KeyBinding([.escape, .character("q"), .enter], .close, "close", hint: "close")
        ]

    static let message: [KeyBinding] =
        Array(movement.prefix(4)) + [
            KeyBinding([.escape, .character("q"), .enter], .close, "close", hint: "close"),
            // The box says why session.json did not load: fixing it elsewhere and reloading needs no Esc first.
            KeyBinding([.character("R")], .reload, "reload session.json", hint: "reload"),
            KeyBinding([.character("E")], .editSession, "edit session.json in $EDITOR, then reload", hint: "edit"),
        ]

    static let copy: [KeyBinding] =
        [
            KeyBinding([.up], .up, "up"),
            KeyBinding([.down], .down, "down"),
            KeyBinding([.character("p")], .copyPath, "the selection's JSONPath ($['products'][0])"),
            KeyBinding([.character("k")], .copyKeyPath, "the selection's key path (products.0), as mappings write it"),
            KeyBinding([.character("v")], .copyValue, "the selection's value (a string without quotes)"),
            KeyBinding([.character("j")], .copySubtree, "the selection's subtree as JSON"),
            KeyBinding(
                [.character("c")], .copyCode,
                "the request as code, in the language y showed last (curl at first; secrets as their variables)"),
            KeyBinding([.character("o")], .copyMapped, "the mapped object as JSON"),
            KeyBinding([.enter], .commit, "copy the highlighted choice", hint: "copy"),
            KeyBinding([.escape, .character("q"), .character("Y")], .close, "close", hint: "close"),
        ]

    static let confirm: [KeyBinding] = [
        KeyBinding([.character("y"), .character("W")], .commit, "yes", hint: "yes"),
        KeyBinding([.character("n"), .escape, .character("q")], .close, "no", hint: "no"),
    ]

    static let trust: [KeyBinding] = [
        KeyBinding(
            [.character("y")], .commit, "trust the session: run its programs, send what it reads (recorded outside it)",
            hint: "trust"),
        KeyBinding([.character("n"), .escape, .character("q")], .close, "not now", hint: "not now"),
    ]

    static let choice: [KeyBinding] =
        Array(movement.prefix(2)) + [
            KeyBinding([.enter], .choose, "take the highlighted entry", hint: "choose"),
            KeyBinding([.escape, .character("q")], .close, "close without changing anything", hint: "close"),
        ]

    static let history: [KeyBinding] =
        movement + [
            KeyBinding([.enter], .choose, "show the entry in Raw, Parsed and Mapped", hint: "show"),
            KeyBinding([.character("r")], .resendEntry, "send the entry's request again", hint: "resend"),
            KeyBinding(
                [.character("d")], .diffEntry, "diff the entry against the shown response (by path)", hint: "diff"),
            KeyBinding([.character("a")], .historyScope, "this route's entries ⇄ every route's", hint: "all"),
            KeyBinding([.escape, .character("q"), .character("L")], .close, "close the list", hint: "close"),
        ]

    static let textField: [KeyBinding] = [
        KeyBinding([.enter], .commit, "accept", hint: "accept"),
        KeyBinding([.escape], .cancelEdit, "cancel, keeping the old value", hint: "cancel"),
        KeyBinding([.ctrl("c")], .quit, "quit"),
        KeyBinding([.left, .right, .ctrl("b"), .ctrl("f")], .editText, "move the cursor"),
        KeyBinding([.home, .end, .ctrl("a"), .ctrl("e")], .editText, "to the start or the end"),
        KeyBinding([.backspace, .delete, .ctrl("d")], .editText, "delete a character"),
        KeyBinding([.ctrl("u"), .ctrl("k"), .ctrl("w")], .editText, "delete to the start, to the end, a word"),
    ]

    /// What the mouse does, for the help and docs/keys.md (the reducer's `handleMouse` implements it).
    package static let mouse: [(action: String, description: String)] = [
        ("click", "focus the pane and select the row under the pointer"),
        ("click ▸ ▾", "fold or unfold that node"),
        ("click in Raw", "select the node whose bytes are there"),
        ("click a tab", "show that pane (below 120 columns)"),
        ("wheel", "scroll the pane under the pointer"),
    ]

    /// Footer hints for `context`: `↵ edit  a add  d remove`, from the bindings that have a hint.
    package static func hints(_ context: KeyContext) -> [(key: String, word: String)] {
        bindings(context).compactMap { b in b.hint.map { (key: shortLabel(b.keys[0]), word: $0) } }
    }

    /// The compact key label used in the footer (`↵` for Enter).
    static func shortLabel(_ key: Key) -> String {
        switch key {
        case .enter: "↵"
        case .escape: "Esc"
        case .ctrl(let c): "^" + c.uppercased()
        default: key.label
        }
    }
}
