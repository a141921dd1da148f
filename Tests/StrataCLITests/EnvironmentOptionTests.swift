import Foundation
import StrataTestSupport
import Testing

@Suite struct EnvironmentOptionTests {
    static let accounts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sessions/accounts").path

    @Test("--env applies the environment's base URL and headers to run")
    func runWithEnvironment() throws {
        let r = try StrataBinary.run(["run", Self.accounts, "me", "--env", "staging", "--show", "all"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("GET https://staging.accounts.example.com/v2/me"))
        #expect(r.stdout.contains("X-Debug: 1"))
        #expect(r.stdout.contains("Authorization: <redacted>"))
    }

    @Test("an unknown --env is an error naming the environments, with a did-you-mean")
    func unknownEnvironment() throws {
        let r = try StrataBinary.run(["routes", Self.accounts, "-e", "prd"])
        #expect(r.status == 1)
        #expect(r.stderr == "strata: unknown environment 'prd'; did you mean 'prod'? (environments: staging, prod)\n")
    }

    @Test("--curl with an environment's api key exports its variable")
    func curlWithEnvironment() throws {
        let r = try StrataBinary.run(
            ["run", Self.accounts, "me", "--env", "prod", "--curl"], environment: ["ACCOUNTS_PROD_KEY": "pk-secret"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#"-H "X-Api-Key: $ACCOUNTS_PROD_KEY""#))
        #expect(!r.stdout.contains("pk-secret"))
    }
}
