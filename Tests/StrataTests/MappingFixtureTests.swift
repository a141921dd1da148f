import Foundation
import Strata
import Testing

/// Helpers shared by the mapping tests: parsing JSON text and loading configuration from it.
enum MappingFixture {
    /// Parses JSON text, failing the test on a parse error.
    static func tree(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> Tree {
        do {
            return try JSONParser().parse(Array(json.utf8))
        } catch {
            Issue.record("fixture JSON does not parse: \(error)", sourceLocation: sourceLocation)
            return try! JSONParser().parse(Array("null".utf8))
        }
    }

    /// Loads `{ "mappings": …, "map": … }` text as a session would, requiring no diagnostics.
    static func load(
        _ json: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (MappingSet, RouteMapping) {
        let config = tree(json, sourceLocation: sourceLocation)
        let mappingsNode = config.node(at: "$.mappings")
        let (set, diagnostics) = MappingSet.load(from: config, at: mappingsNode, file: "session.json")
        #expect(diagnostics.isEmpty, "unexpected diagnostics: \(diagnostics)", sourceLocation: sourceLocation)
        guard let mapNode = config.node(at: "$.map") else {
            Issue.record("fixture has no map", sourceLocation: sourceLocation)
            return (set, RouteMapping(type: nil))
        }
        let (route, routeDiagnostics) = RouteMapping.load(
            from: config, at: mapNode, file: "session.json", mappings: set)
        #expect(routeDiagnostics.isEmpty, "unexpected diagnostics: \(routeDiagnostics)", sourceLocation: sourceLocation)
        return (set, route ?? RouteMapping(type: nil))
    }

    /// Maps `data` with the configuration in `config`.
    static func map(config: String, data: String, sourceLocation: SourceLocation = #_sourceLocation) -> MappingResult {
        let (set, route) = load(config, sourceLocation: sourceLocation)
        return Mapper(mappings: set).map(tree(data, sourceLocation: sourceLocation), with: route)
    }

    /// A UTC date.
    static func date(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0, _ s: Int = 0) -> Date {
        var c = DateComponents()
        (c.year, c.month, c.day, c.hour, c.minute, c.second) = (y, m, d, h, min, s)
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        return cal.date(from: c)!
    }
}

extension MappingResult {
    /// The issues as one-line strings, for compact expectations.
    var issueLines: [String] { issues.map(\.description) }

    /// The issues of one kind.
    func issues(_ kind: MappingIssue.Kind) -> [MappingIssue] { issues.filter { $0.kind == kind } }
}
