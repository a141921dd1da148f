import Strata
import StrataUI

// Payloads of enum cases as optionals, so a test can `try #require` the case it goes on to check:
// `let (id, request, _) = try #require(effects.first?.sent)`.

extension Effect {
    /// The id, request and source of a `.send` effect, nil for any other.
    var sent: (id: Int, request: BuiltRequest, source: SourceMode)? {
        guard case .send(let id, let request, let source) = self else { return nil }
        return (id, request, source)
    }

    /// The id, route and session of a `.parse` effect, nil for any other.
    var parsed: (id: Int, route: Route, session: Session)? {
        guard case .parse(let id, _, _, let route, let session) = self else { return nil }
        return (id, route, session)
    }

    /// The request id of a `.cancel` effect, nil for any other.
    var cancelled: Int? {
        guard case .cancel(let id) = self else { return nil }
        return id
    }

    /// Whether this effect writes a fixture pair (`.saveFixture`).
    var isSaveFixture: Bool {
        if case .saveFixture = self { return true }
        return false
    }

    /// The path of a `.loadSession` effect, nil for any other.
    var loadedSession: String? {
        guard case .loadSession(let path) = self else { return nil }
        return path
    }

    /// The path of an `.editFile` effect, nil for any other.
    var editedFile: String? {
        guard case .editFile(let path) = self else { return nil }
        return path
    }
}

extension Overlay {
    /// The title and lines of a `.message` overlay, nil for any other.
    var message: (title: String, lines: [String])? {
        guard case .message(let title, let lines, _) = self else { return nil }
        return (title, lines)
    }

    /// The code of the `.code` overlay when it shows curl, nil for any other.
    var curlCommand: String? {
        guard case .code(.curl, let command, _, _) = self else { return nil }
        return command
    }

    /// The language and code of the `.code` overlay, nil for any other.
    var code: (language: CodeLanguage, text: String)? {
        guard case .code(let language, let text, _, _) = self else { return nil }
        return (language, text)
    }
}

extension ResponseArea {
    /// The near-miss report when the area shows a mock miss, nil otherwise.
    var noMatchReport: NearMissReport? {
        guard case .failure(_, .noMatch(let report)) = self else { return nil }
        return report
    }
}
