import Foundation
import Strata
import StrataTestSupport
import Testing

/// Writing an import into a scratch folder, checking it as `strata check` does and running its routes on fixtures.
struct ImportedSession {
    let scratch: ScratchDirectory
    let folder: String
    let result: ImportResult

    init(_ result: ImportResult, scratch: ScratchDirectory? = nil) throws {
        self.scratch = try scratch ?? ScratchDirectory()
        self.result = result
        folder = self.scratch.url("session")
        _ = try result.write(to: folder, force: false)
    }

    /// The problems `strata check` reports (errors and warnings).
    var checkProblems: [String] { SessionCheck.run(path: folder).diagnostics.map(\.description) }

    var session: Session { get throws { try Session.load(from: folder) } }

    /// The mapping errors `strata check` reports on the fixtures, without the folder's path.
    var mappingErrors: [String] {
        SessionCheck.run(path: folder).mappingReports.filter { $0.severity == .error }.map {
            $0.description.replacingOccurrences(of: folder + "/", with: "")
        }
    }

    /// Runs `route` in mock mode.
    func run(_ route: String, edits: [ParamEdit] = []) async throws -> Exchange {
        let session = try self.session
        return try await Client(session: session, source: MockSource(session: session)).run(route, edits: edits)
    }

    /// Every file the import wrote, as text.
    var allText: String {
        result.files.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")
    }

    func text(_ relative: String) -> String { scratch.read("session/" + relative) ?? "" }

    /// session.json as Foundation values, read through ``JSONPiece`` subscripts (`["routes"]?[0]?["params"]`).
    var sessionObject: JSONPiece { JSONPiece(try? JSONSerialization.jsonObject(with: Data(text("session.json").utf8))) }
}

extension Session {
    /// The request route `name` builds with its defaults (and `environment`).
    func build(_ name: String, environment: [String: String] = [:]) throws -> BuiltRequest {
        let route = try #require(routes.first { $0.name == name })
        return try RequestBuilder(session: self, environment: environment).build(route)
    }
}

/// A value read by `JSONSerialization`, with optional-chaining subscripts for tests.
struct JSONPiece {
    let value: Any?

    init(_ value: Any?) { self.value = value }

    subscript(key: String) -> JSONPiece? {
        (value as? [String: Any])?[key].map(JSONPiece.init)
    }

    subscript(index: Int) -> JSONPiece? {
        guard let a = value as? [Any], a.indices.contains(index) else { return nil }
        return JSONPiece(a[index])
    }
}
