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
        switch copyText(choice, limit: OSC52.maxBytes) {
        case .success(let t): text = scrubber.scrub(t)
        case .failure(let reason) where reason.tooLarge:
            return offerExport(choice)
        case .failure(let reason):
            notice = Notice("nothing copied: \(reason.message)", kind: .error)
            return []
        }
        guard text.utf8.count <= OSC52.maxBytes else { return offerExport(choice) }
        let preview = text.count > 40 ? String(text.prefix(39)) + "…" : text
        notice = Notice("copied \(choice.title): \(preview.replacingNewlines)")
        return [.copyToClipboard(text)]
    }

    /// Why there is nothing to copy.
    struct CopyProblem: Error {
        var message: String
        /// The text would be longer than the limit asked for (it was not built whole).
        var tooLarge = false

        static let overLimit = CopyProblem(message: "over the clipboard limit", tooLarge: true)
    }

    /// The text `choice` copies, from the selection in Parsed (or Mapped for the mapped object); with a `limit`,
    /// a text longer than that many bytes is refused as soon as that is known, without building it whole.
    func copyText(_ choice: CopyChoice, limit: Int? = nil) -> Result<String, CopyProblem> {
        if choice == .curl {
            // A served request shown from Traffic is copied as it reached the server, sent to the served URL.
            if traffic.isShown, let number = traffic.shownNumber,
                let entry = traffic.entries.first(where: { $0.number == number })
            {
                var request = entry.request
                if request.baseURL.isEmpty, let served = traffic.url { request = request.sent(toBaseURL: served) }
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
            // Each value writes at least two bytes (itself and a comma or a bracket).
            if let limit, 2 * (outline.result.values.end(id) - id) > limit + 2 { return .failure(.overLimit) }
            let text = outline.result.jsonText(of: id, pretty: true)
            if let limit, text.utf8.count > limit { return .failure(.overLimit) }
            return .success(text)
        }
        guard let tree = document.tree, tree.count > 0 else {
            return .failure(CopyProblem(message: "the body did not parse"))
        }
        let node = min(parsed.selected, tree.count - 1)
        switch choice {
        case .path: return .success(tree.normalizedPath(node))
        case .keyPath: return .success(FieldPath.text(for: document.memo.path(node, in: tree), in: tree))
        case .value:
            if tree.kind(node) == .string {
                if let limit, tree.span(node).count > 4 * limit + 2 { return .failure(.overLimit) }
                return .success(tree.string(node) ?? "")
            }
            guard tree.isContainer(node) else { return .success(tree.scalarText(node)) }
            guard let limit else { return .success(tree.canonicalJSON(node)) }
            return tree.canonicalJSON(node, limit: limit).map { .success($0) } ?? .failure(.overLimit)
        case .subtree:
            guard let limit else { return .success(tree.canonicalJSON(node, pretty: true)) }
            return tree.canonicalJSON(node, pretty: true, limit: limit).map { .success($0) } ?? .failure(.overLimit)
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
        switch copyText(choice, limit: OSC52.maxBytes) {
        case .success(let text): return String(text.prefix(200))
        case .failure(let problem): return "(\(problem.message))"
        }
    }

    /// A copy too large for the clipboard: the question whether to write it to a file in the session instead.
    mutating func offerExport(_ choice: CopyChoice) -> [Effect] {
        guard let export = textExport(choice) else {
            notice = Notice(
                "nothing copied: \(choice.title) is over the \(OSC52.maxBytes)-byte clipboard limit", kind: .error)
            return []
        }
        overlay = .choice(
            Choice(
                purpose: .export(choice),
                title: "\(choice.title) is over the \(OSC52.maxBytes)-byte clipboard limit",
                items: ["write it to \(export.relativeFile) in the session (a new file)", "cancel"], selected: 0))
        return []
    }

    /// The export of what `choice` would copy, named for the route and the selection's path.
    func textExport(_ choice: CopyChoice) -> TextExport? {
        guard let document = response.document else { return nil }
        let route = responseRouteName ?? "response"
        let content: TextExport.Content
        let what: String
        switch choice {
        case .value, .subtree:
            guard let tree = document.tree, tree.count > 0 else { return nil }
            let node = min(parsed.selected, tree.count - 1)
            content = .parsed(tree, node: node)
            what = node == Tree.root ? "body" : FieldPath.text(for: document.memo.path(node, in: tree), in: tree)
        case .mapped:
            guard let outline = mappedOutline, outline.count > 0 else { return nil }
            var id = focus == .mapped ? min(mapped.selected, outline.count - 1) : mappedSelectionForParsed(outline)
            while outline.result.values.className(id) == nil, let parent = outline.parent(id) { id = parent }
            content = .mapped(outline.result, value: id)
            what = id == 0 ? "mapped" : "mapped-" + document.mapping!.path(of: id)
        case .path, .keyPath, .curl: return nil
        }
        return TextExport(
            content: content, sessionDirectory: session.directory, name: "\(route)-\(what)", scrubber: scrubber)
    }

    /// The export's answer: where it was written and how much, or why not.
    mutating func exported(_ outcome: TextExport.Outcome) -> [Effect] {
        switch outcome {
        case .written(let file, let bytes):
            notice = Notice(
                "wrote \(ByteCount.text(bytes)) to \(SessionFiles.relative(file, to: session.directory)) (secrets redacted)"
            )
        case .failed(let reason):
            notice = Notice("nothing written: \(reason)", kind: .error)
        }
        return []
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
