import Foundation
import Strata
import StrataTestSupport
import Testing

/// What trusting a session covers, the fingerprint it is recorded against, and the file it is recorded in.
@Suite struct SessionTrustTests {
    /// A session with a parser program, variables in every place a request reads one, and an environment.
    static let json = """
        {
          "name": "T",
          "baseURL": "${env:T_URL:-https://t.example.com}/v1",
          "headers": { "X-Key": "${env:T_KEY}" },
          "params": { "region": "eu" },
          "auth": { "type": "bearer", "token": "${env:T_TOKEN}" },
          "environments": { "staging": { "baseURL": "https://staging.t.example.com", "params": { "s": "${env:T_STAGE}" } } },
          "routes": [
            { "name": "list", "path": "/items", "description": "the items", "params": { "q": "${env:T_QUERY:-all}" } },
            { "name": "make", "method": "POST", "path": "/items", "body": { "json": { "by": "${env:USER}" } } }
          ],
          "parsers": { "csv": { "command": ["python3", "tools/csv 2 json.py"], "produces": "json" } }
        }
        """

    static func load(_ text: String = json, in dir: ScratchDirectory, at folder: String = "s") throws -> Session {
        try dir.write(folder + "/session.json", text)
        return try Session.load(from: dir.url(folder))
    }

    @Test("the trust lists the programs and every variable a request reads, with the base URLs they go to")
    func scope() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let trust = try Self.load(in: dir).trust
        #expect(trust.folder == URL(fileURLWithPath: dir.url("s")).resolvingSymlinksInPath().path)
        #expect(trust.programs.map(\.description) == ["csv = python3 'tools/csv 2 json.py'"])
        #expect(trust.programList == "parsers: csv = python3 'tools/csv 2 json.py'")
        #expect(trust.variables == ["T_URL", "T_KEY", "T_TOKEN", "T_STAGE", "T_QUERY", "USER"])
        #expect(trust.baseURLs == ["${env:T_URL:-https://t.example.com}/v1", "https://staging.t.example.com"])
        #expect(trust.fingerprint.count == 64)
        #expect(!trust.isEmpty)
        let plain = try Self.load(#"{ "baseURL": "https://x.example", "routes": [] }"#, in: dir, at: "plain")
        #expect(plain.trust.isEmpty)
    }

    @Test("a changed command, variable, base URL or folder changes the fingerprint; a description does not")
    func fingerprint() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let original = try Self.load(in: dir).trust.fingerprint
        func edited(_ from: String, _ to: String, at folder: String = "s") throws -> String {
            let text = Self.json.replacingOccurrences(of: from, with: to)
            #expect(text != Self.json || folder != "s")
            return try Self.load(text, in: dir, at: folder).trust.fingerprint
        }
        #expect(try edited("\"the items\"", "\"all the items\"") == original)
        #expect(try edited("tools/csv 2 json.py", "tools/other.py") != original)
        #expect(try edited("${env:T_KEY}", "${env:GITHUB_TOKEN}") != original)
        #expect(try edited("https://staging.t.example.com", "https://evil.example") != original)
        #expect(try edited("", "", at: "moved") != original)
        // The same folder reached through a symbolic link is the same folder.
        #expect(try Self.load(in: dir).trust.fingerprint == original)
        try FileManager.default.createSymbolicLink(atPath: dir.url("link"), withDestinationPath: dir.url("s"))
        #expect(try Session.load(from: dir.url("link")).trust == Session.load(from: dir.url("s")).trust)
        #expect(try Session.load(from: dir.url("link")).trust.fingerprint == original)
    }

    @Test("the store is $XDG_CONFIG_HOME/strata/trusted, else ~/.config/strata/trusted; a relative one is ignored")
    func location() {
        #expect(TrustStore.standard(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"])?.file == "/c/strata/trusted")
        #expect(
            TrustStore.standard(environment: ["XDG_CONFIG_HOME": "c", "HOME": "/h"])?.file
                == "/h/.config/strata/trusted")
        #expect(TrustStore.standard(environment: ["HOME": "/h"])?.file == "/h/.config/strata/trusted")
        #expect(TrustStore.standard(environment: [:]) == nil)
    }

    @Test("trusting writes one readable line per folder, replaced when trusted again; revoking removes it")
    func store() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let store = TrustStore(file: dir.url("config/strata/trusted"))
        let session = try Self.load(in: dir)
        #expect(!store.trusts(session.trust))
        #expect(!store.applied(to: session).isTrusted)
        #expect(try store.add(session.trust))
        #expect(try !store.add(session.trust))
        #expect(store.applied(to: session).isTrusted)
        let text = try #require(dir.read("config/strata/trusted"))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.filter { !$0.hasPrefix("#") } == ["\(session.trust.fingerprint)  \(session.trust.folder)"])
        #expect(lines[0].hasPrefix("# Sessions trusted to run the programs their session.json names"))

        let changed = try Self.load(Self.json.replacingOccurrences(of: "python3", with: "python3.12"), in: dir)
        #expect(!store.trusts(changed.trust))
        #expect(try store.add(changed.trust))
        #expect(
            try store.entries() == [
                TrustStore.Entry(fingerprint: changed.trust.fingerprint, folder: changed.trust.folder)
            ])
        #expect(!store.trusts(session.trust))
        #expect(dir.list("config/strata") == ["trusted"])

        #expect(try store.remove(folder: changed.trust.folder))
        #expect(try !store.remove(folder: changed.trust.folder))
        #expect(try store.entries().isEmpty)
    }

    @Test("lines that are not entries are skipped; a folder with a line break is refused; nothing to trust is trusted")
    func oddities() throws {
        let dir = try ScratchDirectory([
            "trusted":
                "# a comment\nnot an entry\n\(String(repeating: "a", count: 64))  /x\n\(String(repeating: "z", count: 64))  /y\n"
        ])
        defer { dir.remove() }
        let store = TrustStore(file: dir.url("trusted"))
        #expect(try store.entries() == [TrustStore.Entry(fingerprint: String(repeating: "a", count: 64), folder: "/x")])
        let odd = SessionTrust(folder: "/a\nb", programs: [], variables: ["X"], baseURLs: [])
        #expect(throws: TrustStore.Failure.self) { try store.add(odd) }
        let plain = try Self.load(#"{ "routes": [] }"#, in: dir, at: "plain")
        #expect(TrustStore(file: dir.url("none")).applied(to: plain).isTrusted)
    }

    @Test("a live send exposes the set variables it reads, unless the user chose the address")
    func exposure() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let session = try Self.load(in: dir)
        func exposure(_ route: String, _ env: [String: String], edits: [ParamEdit] = [], in s: Session? = nil)
            throws -> EnvironmentExposure?
        {
            let s = s ?? session
            let request = try RequestBuilder(session: s, environment: env).build(s.route(named: route)!, edits: edits)
            return s.environmentExposure(of: request)
        }
        // Unset variables (their defaults, or nothing) send nothing from the environment.
        #expect(try exposure("list", [:]) == nil)
        #expect(
            try exposure("list", ["T_KEY": "k", "T_TOKEN": "t", "T_QUERY": "q"])
                == EnvironmentExposure(
                    variables: ["T_QUERY", "T_KEY", "T_TOKEN"], destination: "https://t.example.com"))
        #expect(try exposure("make", ["USER": "ada"])?.variables == ["USER"])
        // A value typed over the session's is the user's, not the session's.
        #expect(try exposure("list", ["T_QUERY": "q"], edits: [.set(name: "q", value: "mine")]) == nil)
        // The base URL starts with a set variable: the user chose where it goes.
        #expect(try exposure("list", ["T_URL": "http://127.0.0.1:9", "T_KEY": "k"]) == nil)
        // ... unless a proxy the session names is on the way.
        let proxied = try Self.load(
            Self.json.replacingOccurrences(
                of: #""name": "T","#, with: #""name": "T", "proxy": "http://p.example:3128","#),
            in: dir, at: "proxied")
        #expect(
            try exposure("list", ["T_URL": "http://127.0.0.1:9", "T_KEY": "k"], in: proxied)?.variables
                == ["T_URL", "T_KEY"])
        let staging = try session.applying(environment: "staging")
        let sent = try #require(try exposure("list", ["T_STAGE": "1"], in: staging))
        #expect(
            sent.description
                == "environment variable T_STAGE to https://staging.t.example.com, an address session.json chose")
        #expect(
            session.notTrustedToSend(sent)
                == "\(dir.url("s")) is not trusted, and this request sends environment variable T_STAGE to "
                + "https://staging.t.example.com, an address session.json chose; trust it with: strata trust "
                + dir.url("s"))
    }

    @Test("a command is shown with each word quoted only where a shell needs it")
    func commandLine() {
        #expect(ShellWords.line(["python3", "tools/csv2json.py", "--sep=,"]) == "python3 tools/csv2json.py --sep=,")
        #expect(ShellWords.line(["sh", "-c", "rm -rf ~; echo 'x'", ""]) == #"sh -c 'rm -rf ~; echo '\''x'\''' ''"#)
    }
}
