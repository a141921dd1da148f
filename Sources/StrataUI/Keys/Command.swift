/// Something a key can ask the explorer to do; which one a key means depends on the focus (see ``KeyMap``).
package enum Command: String, Hashable, Sendable, CaseIterable {
    // Everywhere.
    /// Leave the explorer.
    case quit
    /// Show the key help.
    case help
    /// Focus the next pane.
    case nextPane
    /// Focus the previous pane.
    case previousPane
    /// Send the request.
    case run
    /// Switch between live and mocked data.
    case toggleSource
    /// Read session.json again.
    case reload
    /// Edit session.json in `$EDITOR`, then reload.
    case editSession
    /// Pick the session environment from a list.
    case pickEnvironment
    /// Show the request as code (curl at first; the overlay switches the language).
    case showCode
    /// List the mapping issues.
    case showIssues
    /// Show the selected route's expectations and how its last response fared.
    case showChecks
    /// Show (and focus) the Raw pane.
    case showRaw
    /// Show (and focus) the Parsed pane.
    case showParsed
    /// Show (and focus) the Mapped pane.
    case showMapped
    /// Cancel the running request, or clear a filter or search.
    case cancel
    /// Draw the whole screen again.
    case redraw
    /// Open the History list.
    case showHistory

    // The History list.
    /// Switch the list between the selected route's exchanges and every route's.
    case historyScope
    /// Send the highlighted entry's request again.
    case resendEntry
    /// Diff the highlighted entry against the shown response.
    case diffEntry
    /// Start serving the session over HTTP, or stop.
    case toggleServing
    /// Show the Traffic list or the routes in the left pane.
    case toggleTraffic

    // Lists and trees.
    /// One row up.
    case up
    /// One row down.
    case down
    /// One page up.
    case pageUp
    /// One page down.
    case pageDown
    /// To the first row.
    case top
    /// To the last row.
    case bottom
    /// Scroll left, or fold / go to the parent in a tree.
    case left
    /// Scroll right, or unfold / go to the first child in a tree.
    case right

    // Routes.
    /// Filter routes by name or path.
    case filter
    /// Open the selected route's request.
    case open

    // Request.
    /// Edit the selected param's value.
    case edit
    /// Add a param.
    case addParam
    /// Remove the selected param from the request.
    case removeParam
    /// Put the selected param back to its default.
    case resetParam
    /// Show or hide headers and body.
    case toggleDetails
    /// Change where the selected param goes.
    case placeParam
    /// Edit the JSON body in `$EDITOR`.
    case editBody
    /// Write the route's edits into session.json.
    case saveEdits

    // Raw.
    /// Wrap long lines or scroll them.
    case toggleWrap
    /// Show or hide the response headers.
    case toggleHeaders

    // Parsed and Mapped.
    /// Fold or unfold the selected node.
    case toggleFold
    /// Unfold everything.
    case expandAll
    /// Fold everything.
    case collapseAll
    /// Search keys and values.
    case search
    /// Open the JSONPath query prompt.
    case query
    /// Open the copy menu.
    case copyMenu
    /// Save the response as a fixture pair.
    case saveFixture
    /// Copy the selection's JSONPath.
    case copyPath
    /// Copy the selection's key path (the mapping form).
    case copyKeyPath
    /// Copy the selection's value.
    case copyValue
    /// Copy the selection's subtree as JSON.
    case copySubtree
    /// Copy the request as code, in the language last shown.
    case copyCode

    // The request as code.
    /// Show the next language.
    case nextLanguage
    /// Show the previous language.
    case previousLanguage
    /// Show the request as a curl command.
    case showCurlCode
    /// Show it as an HTTPie command.
    case showHTTPieCode
    /// Show it as Python with requests.
    case showPythonCode
    /// Show it as JavaScript with fetch.
    case showJavaScriptCode
    /// Show it as Swift with URLSession.
    case showSwiftCode
    /// Copy the code shown.
    case copyShownCode
    /// Copy the mapped object as JSON.
    case copyMapped
    /// The next match.
    case searchNext
    /// The previous match.
    case searchPrevious
    /// Select the parsed node a value (or issue) was read from.
    case jumpToSource
    /// Select the next value changed since the previous mapping (Mapped).
    case nextChange
    /// Select the previous value changed since the previous mapping (Mapped).
    case previousChange

    // The issues list.
    /// Show errors only.
    case showErrors
    /// Show errors and warnings.
    case showWarnings
    /// Show every issue, infos included.
    case showAllIssues

    // Overlays and text fields.
    /// Close the overlay.
    case close
    /// Take the highlighted entry of a list.
    case choose
    /// Accept the text.
    case commit
    /// Drop the text and stop editing.
    case cancelEdit
    /// Move in or change the text (handled by the text field itself).
    case editText
}
