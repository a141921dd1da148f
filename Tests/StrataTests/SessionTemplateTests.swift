import Strata
import Testing

@Suite struct SessionTemplateTests {
    @Test("plain text has no variables and expands to itself")
    func plainText() throws {
        let t = try Template(parsing: "https://example.com/$5")
        #expect(t.parts == [.literal("https://example.com/$5")])
        #expect(t.expand([:]) == ("https://example.com/$5", []))
    }

    @Test("${env:NAME} reads the environment and reports a missing variable")
    func variable() throws {
        let t = try Template(parsing: "Bearer ${env:TOKEN}")
        #expect(t.variableNames == ["TOKEN"])
        #expect(t.expand(["TOKEN": "abc"]) == ("Bearer abc", []))
        #expect(t.expand([:]) == ("Bearer ", ["TOKEN"]))
    }

    @Test("${env:NAME:-default} falls back to its default, which may be empty or contain colons")
    func defaults() throws {
        let t = try Template(parsing: "${env:URL:-http://localhost:8080}/v1${env:SUFFIX:-}")
        #expect(t.expand([:]) == ("http://localhost:8080/v1", []))
        #expect(t.expand(["URL": "https://x", "SUFFIX": "/beta"]) == ("https://x/v1/beta", []))
    }

    @Test("an empty variable that is set counts as set")
    func emptyButSet() throws {
        #expect(try Template(parsing: "${env:A:-x}").expand(["A": ""]) == ("", []))
    }

    @Test("malformed substitutions are errors that quote the text")
    func malformed() {
        #expect(throws: TemplateError(message: #"'${' is not closed with '}' in "a${env:B""#)) {
            try Template(parsing: "a${env:B")
        }
        #expect(throws: TemplateError.self) { try Template(parsing: "${env:}") }
        #expect(throws: TemplateError.self) { try Template(parsing: "${env:1A}") }
        #expect(throws: TemplateError.self) { try Template(parsing: "${secret:A}") }
    }
}
