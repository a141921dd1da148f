import Foundation
import Strata
import TermGrid

/// The response area when a request got no response: the near-miss report of a mock miss, or the transport
/// error, with what to try next. The panes above stay as they were.
package enum FailureView {
    package static func render(
        _ state: ExplorerState, request: BuiltRequest, error: TransportError, in area: Rect, into buffer: inout Buffer
    ) {
        let shown = request.redacted()
        let focused = state.focus.isResponsePane && state.overlay == nil
        let title: Line
        var lines: [Line] = []
        switch error {
        case .noMatch(let report):
            title = Line([
                TextSpan("No fixture matches ", style: Theme.error.adding(.bold)),
                TextSpan("\(shown.method) \(shown.path)", style: Theme.title),
            ])
            // Fixture files are named relative to the session, as in the status bar (`fixtures/products.json:3:5`).
            let text = report.relative(to: state.session.directory).description
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Line(String($0)) }
            lines.append(.empty)
            // An app's request (shown from Traffic) has no params to edit here: the fixtures must change.
            let fromApp = state.traffic.isShown && state.traffic.shownNumber != nil
            lines.append(
                Line(
                    fromApp
                        ? "This request came from an app: add a pair for it to a file in fixtures/ (the nearest are "
                            + "above), or press m to serve live data."
                        : "Edit the params to match a fixture, add a pair to a file in fixtures/, or press m to switch "
                            + "to live data.", style: Theme.secondary))
        default:
            title = Line([
                TextSpan("Request failed ", style: Theme.error.adding(.bold)),
                TextSpan("\(shown.method) \(shown.url)", style: Theme.title),
            ])
            lines = [Line(request.redacting(error.description), style: Theme.error), .empty]
            lines.append(
                Line(
                    state.source == .live
                        ? "Press r to try again, or m to use the session's fixtures instead."
                        : "Press r to try again.", style: Theme.secondary))
        }
        let block = ExplorerView.block(title, right: Line(state.source.label, style: Theme.title), focused: focused)
        buffer.render(block, in: area)
        let inner = block.inner(area).inset(Margin(horizontal: 1))
        buffer.render(Paragraph(lines, wrap: true, scroll: state.raw.topLine), in: inner)
    }
}
