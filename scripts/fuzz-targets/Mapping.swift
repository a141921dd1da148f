// Fuzz targets for mapping: reading a mapping configuration, and mapping a random document with a fixed one.
import Foundation

/// The document mapped with each class of a fuzzed configuration: one of every shape the mapper reads.
let sampleDocument: Tree = {
    let text = """
        { "id": 1, "name": "Ada", "price": "12.50", "on": true, "when": "2024-05-01T12:00:00Z", "day": "01/05/2024",
          "tags": ["a", "b"], "items": [{ "id": 2, "name": "x" }, { "id": "3" }], "meta": { "k": { "v": 1 } },
          "nothing": null, "data": [{ "type": "posts", "id": "1", "attributes": { "title": "t" } }] }
        """
    return try! JSONParser().parse(Array(text.utf8))
}()

/// A `mappings` object: read it, compile it, map the sample document with up to four of its classes.
func fuzzMappingConfiguration(_ bytes: [UInt8]) {
    guard let tree = try? JSONParser().parse(bytes) else { return }
    let (set, diagnostics) = MappingSet.load(from: tree, at: Tree.root, file: "mappings.json")
    for d in diagnostics { _ = d.description }
    _ = set.problems
    let mapper = Mapper(mappings: set)
    // The same bytes read as a route's `map` value.
    let (route, _) = RouteMapping.load(from: tree, at: Tree.root, file: "mappings.json", mappings: set)
    if let route { exercise(mapper.map(sampleDocument, with: route)) }
    for name in set.names.prefix(4) {
        exercise(mapper.map(sampleDocument, with: RouteMapping(className: name)))
        exercise(mapper.map(sampleDocument, with: RouteMapping(className: name, keyPath: "items")))
    }
}

/// Every route with a `map` in the sessions under Sessions/ (the working directory is the repository), loaded once.
let mappedRoutes: [(session: Session, mapping: RouteMapping)] = {
    let root = ProcessInfo.processInfo.environment["STRATA_FUZZ_SESSIONS"] ?? "Sessions"
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
    var found: [(Session, RouteMapping)] = []
    for name in names {
        guard let session = try? Session.load(from: root + "/" + name) else { continue }
        for route in session.routes { if let m = session.mapping(for: route) { found.append((session, m)) } }
    }
    if found.isEmpty {
        FileHandle.standardError.write(
            Data("mapper: no route with a 'map' under \(root)/; run from the repository\n".utf8))
        exit(2)
    }
    return found
}()

/// A response body of any format, mapped with the route its first byte picks from the sessions in Sessions/.
func fuzzMapper(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let (session, mapping) = mappedRoutes[Int(first) % mappedRoutes.count]
    let outcome = ParserRegistry.standard.parse(Array(bytes.dropFirst()))
    guard let tree = outcome.tree else { return }
    exercise(session.mapper.map(tree, with: mapping))
}

/// Everything a mapping result is shown as.
func exercise(_ result: MappingResult) {
    _ = result.text()
    _ = result.jsonText()
    _ = result.issuesText()
    _ = result.issuesJSONText()
}
