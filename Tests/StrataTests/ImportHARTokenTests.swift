import Foundation
import Strata
import Testing

/// Secrets a HAR carries under names no rule knows: tokens in path segments, OAuth authorization codes.
@Suite struct ImportHARTokenTests {
    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJlLXNlY3JldA"

    @Test("a JWT path segment and an OAuth code never reach the session; the segment is a param")
    func tokensUnderOtherNames() throws {
        let har = """
            {"log":{"version":"1.2","entries":[
              {"request":{"method":"GET","url":"https://api.shop.test/v1/share/\(Self.jwt)/items"},
               "response":{"status":200,"content":{"mimeType":"application/json","text":"{\\"ok\\":true}"}}},
              {"request":{"method":"GET","url":"https://api.shop.test/oauth/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz"},
               "response":{"status":302}},
              {"request":{"method":"GET","url":"https://api.shop.test/v1/products?code=LAMP-7"},
               "response":{"status":200}}
            ]}}
            """
        let imported = try ImportedSession(HARImport.session(Array(har.utf8), file: "shop.har"))
        defer { imported.scratch.remove() }
        #expect(!imported.allText.contains("c2lnbmF0dXJlLXNlY3JldA"))
        #expect(!imported.allText.contains("eyJzdWIiOiI0MiJ9"))
        #expect(!imported.allText.contains("SplxlOBeZQQYbYS6WxSbIA"))
        #expect(imported.allText.contains("LAMP-7"), "a product code is not a secret")
        let session = try imported.session
        #expect(session.routes.contains { $0.path == "/v1/share/{id}/items" }, "\(session.routes.map(\.path))")
        #expect(imported.checkProblems.isEmpty)
    }

    @Test("what looks like a token")
    func tokenShapes() {
        #expect(CredentialNames.looksLikeToken(Self.jwt))
        #expect(!CredentialNames.looksLikeToken("eyJ.a.b"))
        #expect(!CredentialNames.looksLikeToken("products.v1.json"))
        #expect(!CredentialNames.looksLikeToken("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.sig/x"))
    }
}
