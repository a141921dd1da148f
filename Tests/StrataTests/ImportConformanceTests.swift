import Foundation
import Strata
import StrataTestSupport
import Testing

/// The OpenAPI Initiative's example documents in ../shared/conformance/openapi: each imports into a session that
/// passes check, and every route with a fixture answers in mock mode with a clean mapping.
@Suite struct ImportConformanceTests {
    static let folder: String = {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return here.appendingPathComponent("../shared/conformance/openapi").standardizedFileURL.path
    }()

    static let documents = [
        "petstore.yaml", "petstore-expanded.yaml", "api-with-examples.yaml", "link-example.yaml",
        "callback-example.yaml",
    ]

    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: folder), "../shared/conformance is not beside this clone"),
        arguments: documents)
    func importsIntoASessionThatPassesCheck(_ name: String) async throws {
        let path = Self.folder + "/" + name
        let imported = try ImportedSession(OpenAPIImport.session(path: path))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        let session = try imported.session
        #expect(!session.routes.isEmpty)
        let fixtures = imported.scratch.list("session/fixtures")
        for route in session.routes where fixtures.contains(FixtureWriterName.of(route.name) + ".json") {
            let exchange = try await imported.run(route.name)
            #expect(exchange.response.status < 300, "\(route.name)")
            if let mapping = exchange.mapping {
                #expect(
                    mapping.issues.filter { $0.severity == .error }.isEmpty, "\(route.name): \(mapping.issuesText())")
            }
        }
    }
}

/// The fixture file name an import gives a route (route names here are plain words).
enum FixtureWriterName {
    static func of(_ route: String) -> String { route }
}
