import Foundation
import Testing

/// ARCHITECTURE.md's strongest "one X" promises, checked in the source: a second copy of a policy is the one that
/// drifts, so these fail when one appears outside the place the promise names.
@Suite struct ArchitectureRulesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The targets that ship in the `strata` binary (the benchmarks and the test support start peers and servers).
    static let shipped = [
        "StrataDocuments", "StrataMapping", "Strata", "StrataUI", "StrataServe", "TermGrid", "NcursesBackend", "strata",
    ]

    /// Each Swift file of `targets` as (path from the repository, lines without string literals' insides kept).
    static func sources(_ targets: [String] = shipped) throws -> [(path: String, text: String)] {
        var found: [(String, String)] = []
        for target in targets {
            let folder = root.appendingPathComponent("Sources/\(target)")
            for file in try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
            where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                found.append(("Sources/\(target)/\(file)", text))
            }
        }
        return found
    }

    /// `path:line: text` for each line of code (not a comment) in `files` that `matches`, outside `allowed`.
    static func offences(
        in files: [(path: String, text: String)], allowed: Set<String>, matches: (String) -> Bool
    ) -> [String] {
        var out: [String] = []
        for (path, text) in files where !allowed.contains(path) {
            for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("//") { continue }
                if matches(String(line)) { out.append("\(path):\(k + 1): \(trimmed)") }
            }
        }
        return out
    }

    @Test("the shipped targets are all read (a renamed folder would make every rule below pass)")
    func sourcesAreFound() throws {
        let files = try Self.sources()
        for target in Self.shipped {
            #expect(files.contains { $0.path.hasPrefix("Sources/\(target)/") }, "no Swift file in Sources/\(target)")
        }
        #expect(files.count > 300)
    }

    @Test("the library's layers point one way: documents, then mapping, then the exchange")
    func layersPointOneWay() throws {
        let above: [(target: String, mayNotImport: [String])] = [
            ("StrataDocuments", ["StrataMapping", "Strata"]),
            ("StrataMapping", ["Strata"]),
        ]
        for (target, modules) in above {
            let found = Self.offences(in: try Self.sources([target]), allowed: []) { line in
                let code = line.trimmingCharacters(in: .whitespaces)
                return modules.contains { code.hasSuffix("import \($0)") }
            }
            #expect(found.isEmpty, "\(target) imports a layer above it:\n\(found.joined(separator: "\n"))")
        }
    }

    @Test("hop-by-hop header names are listed once, in HTTPHeaders.endToEnd's file")
    func hopByHopHeadersAreListedOnce() throws {
        let names = [
            "\"keep-alive\"", "\"proxy-connection\"", "\"transfer-encoding\"", "\"te\"", "\"trailer\"", "\"upgrade\"",
        ]
        let found = Self.offences(
            in: try Self.sources(), allowed: ["Sources/Strata/Request/HTTPHeaders+Connection.swift"]
        ) { line in
            let lower = line.lowercased()
            return names.contains { lower.contains($0) }
        }
        #expect(found.isEmpty, "a second list of hop-by-hop headers:\n\(found.joined(separator: "\n"))")
    }

    @Test("programs are started in two places only: a trusted session's external parser and the user's $EDITOR")
    func programsStartInTwoPlaces() throws {
        let calls = ["Process()", "posix_spawn", "system(", "popen(", "execv", "fork()"]
        let found = Self.offences(
            in: try Self.sources(),
            allowed: [
                "Sources/Strata/ExternalParsers/ExternalParser.swift", "Sources/StrataUI/Program/ExplorerHost.swift",
            ]
        ) { line in calls.contains { line.contains($0) } }
        #expect(found.isEmpty, "a program started outside the allowed places:\n\(found.joined(separator: "\n"))")
    }

    @Test("files are created only by AtomicFile, and grown only by AppendOnlyFile")
    func filesAreWrittenByOneWriter() throws {
        let writes = [
            "O_CREAT", "O_TRUNC", "O_APPEND", "createFile(", "write(toFile:", "FileHandle(forWriting",
            "FileHandle(forUpdating",
            "fopen(", "Data(", ".write(to: URL",
        ]
        let found = Self.offences(
            in: try Self.sources(),
            allowed: ["Sources/Strata/Files/AtomicFile.swift", "Sources/Strata/Files/AppendOnlyFile.swift"]
        ) { line in
            writes.contains { w in
                // `Data(` alone reads as well as writes: only a Data written out counts.
                w == "Data(" ? line.contains("Data(") && line.contains(".write(to") : line.contains(w)
            }
        }
        #expect(
            found.isEmpty, "a file written outside AtomicFile and AppendOnlyFile:\n\(found.joined(separator: "\n"))")
    }

    @Test("a word is single-quoted for a shell by one rule, ShellWords.quote")
    func shellQuotingIsOneRule() throws {
        let found = Self.offences(in: try Self.sources(), allowed: ["Sources/Strata/Import/ShellWords.swift"]) {
            $0.contains(#"'\\''"#)
        }
        #expect(found.isEmpty, "a second shell-quoting rule:\n\(found.joined(separator: "\n"))")
    }

    @Test("serve's outcomes are compared as ServeReply.Answer, never as their text")
    func outcomesAreNotComparedAsText() throws {
        let found = Self.offences(in: try Self.sources(), allowed: []) { line in
            let compact = line.replacingOccurrences(of: " ", with: "")
            let asText = [
                "outcome==\"", "outcome!=\"", "==ServeJournal.nearMiss", "!=ServeJournal.nearMiss",
                "outcome.hasPrefix(",
                "outcome.hasSuffix(", "outcome.contains(",
            ]
            return asText.contains { compact.contains($0) }
        }
        #expect(found.isEmpty, "an outcome compared as text:\n\(found.joined(separator: "\n"))")
    }

    @Test("each C library is imported only where ARCHITECTURE.md says")
    func cLibrariesStayInTheirPlace() throws {
        let everything = try Self.sources(Self.shipped + ["StrataTestSupport", "strata-bench"])
        let rules: [(module: String, allowed: Set<String>)] = [
            ("CYAML", ["Sources/StrataDocuments/YAML/YAMLEvents.swift"]),
            ("CCurl", ["Sources/Strata/DataSource/CurlExchange.swift", "Sources/Strata/DataSource/CookieJar.swift"]),
            ("CFileSystem", ["Sources/Strata/Files/SessionFiles.swift", "Sources/Strata/Files/FileChangeWatch.swift"]),
            (
                "CMicroHTTPD",
                [
                    "Sources/StrataServe/HTTPServer.swift", "Sources/StrataServe/BodyReader.swift",
                    "Sources/StrataServe/Suspensions.swift",
                ]
            ),
        ]
        for (module, allowed) in rules {
            let found = Self.offences(in: everything, allowed: allowed) {
                $0.trimmingCharacters(in: .whitespaces) == "import \(module)"
            }
            #expect(found.isEmpty, "\(module) imported outside its place:\n\(found.joined(separator: "\n"))")
        }
        let ncurses = Self.offences(in: everything, allowed: []) {
            $0.trimmingCharacters(in: .whitespaces) == "import CNcursesw"
        }
        .filter { !$0.hasPrefix("Sources/NcursesBackend/") }
        #expect(ncurses.isEmpty, "CNcursesw imported outside NcursesBackend:\n\(ncurses.joined(separator: "\n"))")
    }

    @Test("the checks find what they look for")
    func offencesAreFound() {
        let files = [
            (path: "Sources/X/A.swift", text: "let a = 1\n    let p = Process()\n// Process() in a comment"),
            (path: "Sources/X/B.swift", text: "let p = Process()"),
        ]
        #expect(
            Self.offences(in: files, allowed: ["Sources/X/B.swift"]) { $0.contains("Process()") } == [
                "Sources/X/A.swift:2: let p = Process()"
            ])
    }
}
