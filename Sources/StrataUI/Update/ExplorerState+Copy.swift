import Strata
import TermGrid

extension ExplorerState {
    /// `Y`: the copy menu.
    mutating func openCopyMenu() -> [Effect] {
        overlay = .copy(selected: 0)
        return []
    }

    /// A key in the copy menu: move, pick with Enter or the item's letter.
    mutating func copyMenuCommand(_ command: Command, selected: Int) -> [Effect] {
        let count = CopyChoice.allCases.count
        switch command {
        case .up: overlay = .copy(selected: max(selected - 1, 0))
        case .down: overlay = .copy(selected: min(selected + 1, count - 1))
        case .commit: return copy(CopyChoice(rawValue: selected) ?? .path)
        default:
            if let choice = CopyChoice.allCases.first(where: { $0.command == command }) { return copy(choice) }
        }
        return []
    }

    /// Copies `choice` (secrets scrubbed) through the terminal's clipboard; the status bar says what was copied.
    mutating func copy(_ choice: CopyChoice) -> [Effect] {
        overlay = nil
        let text: String
        switch copyText(choice) {
        case .success(let t): text = scrubber.scrub(t)
        case .failure(let reason):
            notice = Notice("nothing copied: \(reason.message)", kind: .error)
            return []
        }
        guard text.utf8.count <= OSC52.maxBytes else {
            notice = Notice(
                "nothing copied: \(choice.title) is \(text.utf8.count) bytes, over the \(OSC52.maxBytes)-byte clipboard limit",
                kind: .error)
            return []
        }
        let preview = text.count > 40 ? String(text.prefix(39)) + "…" : text
        notice = Notice("copied \(choice.title): \(preview.replacingNewlines)")
        return [.copyToClipboard(text)]
    }

    /// Why there is nothing to copy.
    struct CopyProblem: Error {
        var message: String
    }

    /// The text `choice` copies, from the selection in Parsed (or Mapped for the mapped object).
    func copyText(_ choice: CopyChoice) -> Result<String, CopyProblem> {
        if choice == .curl {
            // A served request shown from Traffic is copied as it reached the server, sent to the served URL.
            if traffic.isShown, let number = traffic.shownNumber,
                let entry = traffic.entries.first(where: { $0.number == number })
            {
                var request = entry.request
                if request.baseURL.isEmpty, let served = traffic.url { request.baseURL = served }
                return .success(request.curl())
            }
            guard let request = draft?.request else { return .failure(CopyProblem(message: "no request to copy")) }
            return .success(request.curl())
        }
        guard let document = response.document else {
            return .failure(CopyProblem(message: "run a request first (r)"))
        }
        if choice == .mapped {
            guard let outline = mappedOutline, outline.count > 0 else {
                return .failure(CopyProblem(message: "this response has no mapped objects"))
            }
            var id = focus == .mapped ? min(mapped.selected, outline.count - 1) : mappedSelectionForParsed(outline)
            // The object the selected value belongs to (itself when it is one).
            func isObject(_ k: Int) -> Bool {
                if case .object = outline.result.values[k].content { return true }
                return false
            }
            while !isObject(id), let parent = outline.parent(id) { id = parent }
            return .success(outline.result.jsonText(of: id, pretty: true))
        }
        guard let tree = document.tree, tree.count > 0 else {
            return .failure(CopyProblem(message: "the body did not parse"))
        }
        let node = min(parsed.selected, tree.count - 1)
        switch choice {
        case .path: return .success(tree.normalizedPath(node))
        case .keyPath: return .success(FieldPath.text(for: document.memo.path(node, in: tree)))
        case .value:
            if tree.kind(node) == .string { return .success(tree.string(node) ?? "") }
            return .success(tree.isContainer(node) ? tree.canonicalJSON(node) : tree.scalarText(node))
        case .subtree: return .success(tree.canonicalJSON(node, pretty: true))
        case .curl, .mapped: return .failure(CopyProblem(message: "unreachable"))
        }
    }

    /// A one-line preview of what `choice` copies, cheap for any size (large values are described, not built).
    func copyPreview(_ choice: CopyChoice) -> String {
        if let tree = response.document?.tree, tree.count > 0 {
            let node = min(parsed.selected, tree.count - 1)
            switch choice {
            case .value where tree.isContainer(node), .subtree:
                let kind = tree.kind(node) == .object ? "object" : "array"
                let size =
                    tree.isContainer(node)
                    ? "\(tree.childCount(node)) \(kind == "object" ? "members" : "elements")" : ""
                return tree.isContainer(node) ? "\(kind), \(size)" : tree.scalarText(node)
            case .mapped:
                guard mappedOutline != nil else { break }
                return "the object the selection maps to"
            default: break
            }
        }
        switch copyText(choice) {
        case .success(let text): return String(text.prefix(200))
        case .failure(let problem): return "(\(problem.message))"
        }
    }

    /// The mapped value read from the selected parsed node (or the first mapped value).
    func mappedSelectionForParsed(_ outline: MappedOutline) -> Int {
        let node = parsed.selected
        return (0..<outline.count).first { outline.source(of: $0) == node } ?? 0
    }
}

extension String {
    /// The text on one line: line breaks shown as `⏎`.
    var replacingNewlines: String {
        String(map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" ? "⏎" : $0 })
    }
}
