import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// Credential names are compared as bytes when they are ASCII (``ASCIIName``) and as Unicode text otherwise; both
/// give what lowercasing and keeping letters and digits gives.
@Suite struct CredentialNameBytesTests {
    static let names = [
        "Authorization", "AUTHORIZATION", "authorizatioN", "Cookie", "cookie", "Set-Cookie", "SET-COOKIE",
        "Proxy-Authorization", "X-Api_Key", "x-api-key", "X-CSRF-Token", "XSRF-TOKEN", "Accept", "Content-Type", "",
        "-", "_-_", "key", "KEY", "k-e-y", "Key1", "pass", "PassWord", "pass_phrase", "sig", "SIG", "S1G", "otp",
        "page", "Authorisation", "token2", "tok en", "Äpi-Key", "ÄPIKEY", "Session", "SessionId", "session_id",
        "Ｋey", "pässword", "Passwort", "Signature\u{301}", "ß", "x-İd", "\u{0}auth", "a\u{7F}uth", "cvv", "C-V-V",
    ]

    /// The rule as written before the byte path: Unicode lowercasing, letters and digits kept.
    static func squashed(_ name: String) -> String { name.lowercased().filter { $0.isLetter || $0.isNumber } }

    @Test("header and field names read the same as bytes as by the Unicode rule, ASCII or not")
    func bytesAgreeWithText() {
        let headerParts = ["apikey", "token", "secret", "auth", "session", "csrf", "xsrf", "signature", "password"]
        for name in Self.names {
            let text = Self.squashed(name)
            let lower = name.lowercased()
            let header =
                ["authorization", "proxy-authorization", "cookie", "set-cookie"].contains(lower)
                || headerParts.contains { text.contains($0) }
            #expect(CredentialNames.isHeader(name) == header, "\(name)")
            let field =
                CredentialNames.fieldNames.contains(text) || CredentialNames.fieldParts.contains { text.contains($0) }
            #expect(CredentialNames.isField(name) == field, "\(name)")
            for other in Self.names {
                #expect(ASCIIName.equalIgnoringCase(name, other) == (lower == other.lowercased()), "\(name) \(other)")
            }
        }
    }
}
