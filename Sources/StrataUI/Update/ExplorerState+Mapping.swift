import Foundation
import Strata
import TermGrid

extension ExplorerState {
    /// The Mapped pane's outline, when the shown response was mapped into values.
    package var mappedOutline: MappedOutline? { response.document?.mapping?.outline }

    /// Whether a route of the session fits the shown response (not so for an answer from Traffic to a request none
    /// fits, such as an admin page).
    var shownResponseHasRoute: Bool { responseRouteName.flatMap { session.route(named: $0) } != nil }

    /// Why a parsed response has no mapping: its route maps nothing, or no route fits it.
    var unmappedReason: String { shownResponseHasRoute ? "this route maps nothing" : "no route fits this request" }

    /// The Mapped selection as a path: `[0].maker.name`.
    var mappedPathText: String? {
        guard let mapping = response.document?.mapping, let outline = mapping.outline, mapped.selected < outline.count
        else { return nil }
        let path = mapping.path(of: mapped.selected)
        // An object root reads `Product.maker.name`; an array root `[2].maker.name`.
        guard let root = outline.result.root.className else {
            return path.isEmpty ? mapping.containerLabel(0) : path
        }
        return path.isEmpty ? root : root + (path.hasPrefix("[") ? "" : ".") + path
    }

    /// After the first mapping of a response: select the value built from the Parsed selection.
    mutating func mappingArrived() {
        mapped = OutlineCursor()
        guard let outline = mappedOutline, let tree = response.document?.tree, parsed.selected < tree.count else {
            return
        }
        if let value = outline.value(forSource: parsed.selected) {
            mapped.reveal(value, in: outline, height: mappedHeight)
        }
    }

    /// After a new mapping (reload): keep the Mapped selection near where it was, and in view.
    mutating func mappingInstalled() {
        guard let outline = mappedOutline else {
            mapped = OutlineCursor()
            return
        }
        mapped.selected = min(mapped.selected, outline.count - 1)
        mapped.top = min(mapped.top, outline.count - 1)
        mapped.folds.exceptions = mapped.folds.exceptions.filter { $0 < outline.count }
        mapped.normalize(in: outline, height: mappedHeight)
        if let tree = response.document?.tree, parsed.selected < tree.count,
            let value = outline.value(forSource: parsed.selected)
        {
            mapped.reveal(value, in: outline, height: mappedHeight)
        }
        if let changes = response.document?.mapping?.changes {
            notice = Notice("reloaded \(session.file): " + changes.summary)
        } else if let count = response.document?.mapping?.markedCount, count > 0 {
            notice = Notice(
                "reloaded \(session.file): \(Counted.text(count, "mapping issue")) (i lists them)")
        }
    }
}
