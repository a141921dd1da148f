import Foundation
import Strata

/// Hostile inputs are rejected quickly: 100 000 nested brackets or elements stop at the nesting limit, in time
/// compared with parsing an ordinary document of the same size in the same run (the unit tests check only that
/// they are rejected, never how fast).
enum LimitsBenchmark {
    /// One hostile input, what it is compared with, and the longest it may take.
    struct Case {
        var name: String
        var hostile: [UInt8]
        var ordinary: [UInt8]
        var parse: ([UInt8]) -> Bool
        var limit: Double
    }

    static func run(_: [String]) throws {
        let runs = 5
        let json: ([UInt8]) -> Bool = { (try? JSONParser().parse($0)) != nil }
        let xml: ([UInt8]) -> Bool = { (try? XMLFormat().parse($0)) != nil }
        let cases = [
            Case(
                name: "JSON: 100 000 '['", hostile: Array(String(repeating: "[", count: 100_000).utf8),
                ordinary: ordinaryJSON(bytes: 100_000), parse: json, limit: 1),
            Case(
                name: "JSON: 100 000 '{\"a\":'", hostile: Array(String(repeating: "{\"a\":", count: 100_000).utf8),
                ordinary: ordinaryJSON(bytes: 500_000), parse: json, limit: 1),
            Case(
                name: "XML: 100 000 nested <a>",
                hostile: Array(
                    (String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)).utf8),
                ordinary: ordinaryXML(bytes: 700_000), parse: xml, limit: 2),
        ]
        print("limits: hostile input rejected, best of \(runs), against an ordinary document of the same size")
        var table = BenchTable(
            ["input", "rejected in", "ordinary parse", "ratio", "limit"], rightAligned: [1, 2, 3, 4])
        var failed: [String] = []
        for c in cases {
            var rejected = true
            let hostile = BenchTiming.measure(runs: runs) { rejected = !c.parse(c.hostile) && rejected }.best
            let ordinary = BenchTiming.measure(runs: runs) { c.parse(c.ordinary) }.best
            if !rejected { failed.append("\(c.name) was accepted") }
            if hostile > c.limit { failed.append("\(c.name) took \(ms(hostile)), over \(ms(c.limit))") }
            table.add([c.name, ms(hostile), ms(ordinary), String(format: "%.2f×", hostile / ordinary), ms(c.limit)])
        }
        print(table.markdown)
        if !failed.isEmpty { throw BenchError(failed.joined(separator: "; ")) }
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

    /// A flat JSON array of small objects about `bytes` long.
    static func ordinaryJSON(bytes: Int) -> [UInt8] {
        let item = #"{"id":1,"name":"x"},"#
        return Array(("[" + String(repeating: item, count: bytes / item.utf8.count) + "{}]").utf8)
    }

    /// A flat XML list of elements about `bytes` long.
    static func ordinaryXML(bytes: Int) -> [UInt8] {
        let item = "<a>x</a>"
        return Array(("<r>" + String(repeating: item, count: bytes / item.utf8.count) + "</r>").utf8)
    }
}
