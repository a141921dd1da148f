import Strata

extension ExplorerState {
    /// Commands of the Parsed pane.
    mutating func parsedCommand(_ command: Command) -> [Effect] {
        switch command {
        case .search:
            return searchCommand(command, in: .parsed)
        case .query:
            return openQueryPrompt()
        case .searchNext, .searchPrevious:
            guard let query = search?.query, !query.isEmpty else {
                if let running = self.query {
                    if running.isRunning { notice = Notice("the query is still running (Esc clears it)") }
                    return stepQuery(forward: command == .searchNext, from: parsed.selected)
                }
                notice = Notice("no search yet: press / to search, $ to query")
                return []
            }
            return searchCommand(command, in: .parsed)
        default:
            break
        }
        guard let tree = response.document?.tree else { return [] }
        var cursor = parsed
        if move(&cursor, command, in: tree, height: parsedHeight) {
            parsed = cursor
            syncFromParsed()
        }
        return []
    }

    /// Commands of the Mapped pane.
    mutating func mappedCommand(_ command: Command) -> [Effect] {
        if command == .search || command == .searchNext || command == .searchPrevious {
            return searchCommand(command, in: .mapped)
        }
        guard let outline = mappedOutline else { return [] }
        if command == .nextChange || command == .previousChange {
            jumpToChange(forward: command == .nextChange)
            return []
        }
        if command == .jumpToSource {
            guard let node = outline.source(of: mapped.selected) else {
                notice = Notice("this value has no source node (a default or a missing field)")
                return []
            }
            revealSource(node)
            focus = .parsed
            tab = .parsed
            return []
        }
        var cursor = mapped
        if move(&cursor, command, in: outline, height: mappedHeight) {
            mapped = cursor
            syncFromMapped()
        }
        return []
    }

    /// Moves or folds in a tree pane; false when the command is not a tree command.
    func move(_ cursor: inout OutlineCursor, _ command: Command, in outline: some FlatOutline, height: Int) -> Bool {
        guard outline.count > 0 else { return false }
        switch command {
        case .up: cursor.move(by: -1, in: outline, height: height)
        case .down: cursor.move(by: 1, in: outline, height: height)
        case .pageUp: cursor.move(by: -max(height - 1, 1), in: outline, height: height)
        case .pageDown: cursor.move(by: max(height - 1, 1), in: outline, height: height)
        case .top: cursor.moveToFirst(in: outline, height: height)
        case .bottom: cursor.moveToLast(in: outline, height: height)
        case .left:
            if outline.hasChildren(cursor.selected) && cursor.folds.isExpanded(cursor.selected) {
                cursor.setFold(expanded: false, in: outline, height: height)
            } else if let parent = outline.parent(cursor.selected) {
                cursor.selected = parent
                cursor.scrollToSelection(in: outline, height: height)
            }
        case .right:
            if outline.hasChildren(cursor.selected) {
                if cursor.folds.isExpanded(cursor.selected) {
                    cursor.move(by: 1, in: outline, height: height)
                } else {
                    cursor.setFold(expanded: true, in: outline, height: height)
                }
            }
        case .toggleFold:
            cursor.setFold(expanded: !cursor.folds.isExpanded(cursor.selected), in: outline, height: height)
        case .expandAll: cursor.setAll(expanded: true, in: outline, height: height)
        case .collapseAll: cursor.setAll(expanded: false, in: outline, height: height)
        default: return false
        }
        return true
    }

    /// After the Parsed selection moved: scroll Raw to its bytes and select the value built from it in Mapped.
    mutating func syncFromParsed() {
        guard let document = response.document, let tree = document.tree, tree.count > 0 else { return }
        let node = min(parsed.selected, tree.count - 1)
        scrollRaw(toByte: tree.startOffset(node))
        if let outline = mappedOutline, let value = outline.value(forSource: node) {
            mapped.reveal(value, in: outline, height: mappedHeight)
        }
    }

    /// After the Mapped selection moved: select its source in Parsed (and so in Raw).
    mutating func syncFromMapped() {
        guard let outline = mappedOutline, let node = outline.source(of: mapped.selected) else { return }
        guard let tree = response.document?.tree, node < tree.count else { return }
        parsed.reveal(node, in: tree, height: parsedHeight)
        scrollRaw(toByte: tree.startOffset(node))
    }

    /// Selects parsed `node` (unfolding to it), and its bytes and mapped value.
    mutating func revealSource(_ node: Int) {
        guard let tree = response.document?.tree, node >= 0, node < tree.count else { return }
        parsed.reveal(node, in: tree, height: parsedHeight)
        syncFromParsed()
    }
}
