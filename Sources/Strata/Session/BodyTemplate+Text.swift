import StrataDocuments

/// A JSON body template as text a person edits (placeholders kept), and read back with positioned errors.
extension JSONBodyTemplate {
    /// The template as pretty-printed JSON, each placeholder written as it was (`"${qty:int}"`).
    public var text: String {
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }

    private func write(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return out += "{}" }
            out += "{\n"
            for (k, member) in members.enumerated() {
                out += pad + JSONString.quote(member.key) + ": "
                member.value.write(into: &out, indent: indent + 1)
                out += k + 1 < members.count ? ",\n" : "\n"
            }
            out += close + "}"
        case .array(let items):
            guard !items.isEmpty else { return out += "[]" }
            out += "[\n"
            for (k, item) in items.enumerated() {
                out += pad
                item.write(into: &out, indent: indent + 1)
                out += k + 1 < items.count ? ",\n" : "\n"
            }
            out += close + "]"
        case .literal(let text): out += text
        case .string(let parts): out += JSONString.quote(BodyPart.text(parts))
        }
    }

    /// Reads `text` (named `file` in messages) as a JSON body template whose placeholders name `params`; the
    /// template, or every problem with line:col.
    public static func parse(_ text: String, file: String, params: [String]) -> Result<JSONBodyTemplate, SessionError> {
        let tree: Tree
        do {
            tree = try JSONParser().parse(Array(text.utf8))
        } catch {
            return .failure(SessionError([Diagnostic(file: file, error: error)]))
        }
        var loader = SessionLoader(reader: DocumentReader(tree: tree, file: file))
        let template = loader.jsonBody(
            Tree.root, depth: 0, what: "the edited body",
            params: params.map { ParamSpec(name: $0, value: Template(literal: "")) })
        let problems = loader.reader.diagnostics
        guard problems.isEmpty, let template else { return .failure(SessionError(problems)) }
        return .success(template)
    }

    /// The template of a flat body: each body param as a member filled by its placeholder.
    public static func flat(_ names: [String]) -> JSONBodyTemplate {
        .object(names.map { ($0, .string([.param(name: $0, type: nil)])) })
    }
}

extension BodyPart {
    /// `parts` written back as template text (`for ${sku}`, `${qty:int}`, `${env:T:-x}`).
    public static func text(_ parts: [BodyPart]) -> String {
        parts.map {
            switch $0 {
            case .literal(let s): s
            case .param(let name, let type): "${\(name)\(type.map { ":" + $0.rawValue } ?? "")}"
            case .variable(let name, let fallback): "${env:\(name)\(fallback.map { ":-" + $0 } ?? "")}"
            case .response(let chained): chained.description
            }
        }.joined()
    }
}
