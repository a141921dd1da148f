/// Names that look like they carry credentials (`Authorization`, `X-Session-Token`, `access_token`, `api_key`), so
/// their values are kept out of what leaves the process even when the session's `redact` list does not name them:
/// imports, the `serve` journal and its near-miss reports.
public enum CredentialNames {
    /// True for a header name that carries credentials.
    public static func isHeader(_ name: String) -> Bool {
        let n = name.lowercased()
        if ["authorization", "proxy-authorization", "cookie", "set-cookie"].contains(n) { return true }
        let squashed = n.filter { $0.isLetter || $0.isNumber }
        return squashed.contains("apikey") || squashed.contains("token") || squashed.contains("secret")
            || squashed.contains("auth") || squashed.contains("session") || squashed.contains("csrf")
            || squashed.contains("xsrf") || squashed.contains("signature") || squashed.contains("password")
    }

    /// True for a field or param name that holds a secret: password, token, secret, api_key, access_token,
    /// client_secret, ...
    public static func isField(_ name: String) -> Bool {
        let squashed = name.lowercased().filter { $0.isLetter || $0.isNumber }
        let exact: Set<String> = ["key", "auth", "sig", "pwd", "pass", "otp", "pin", "cvv", "ssn"]
        if exact.contains(squashed) { return true }
        let parts = [
            "password", "passwd", "passphrase", "token", "secret", "apikey", "accesskey", "privatekey",
            "authorization", "credential", "sessionid", "signature", "cookie", "otp",
        ]
        return parts.contains { squashed.contains($0) }
    }

    /// True when `name` looks like a credential where it goes (a header by the header rule, the rest by the field
    /// rule).
    public static func looksSecret(_ name: String, in location: ParamLocation) -> Bool {
        location == .header ? isHeader(name) : isField(name)
    }

    /// True for a value that is a token whatever it is called: a JSON Web Token (`eyJ…` in three base64url parts).
    public static func looksLikeToken(_ value: String) -> Bool {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard value.utf8.count >= 24, parts.count == 3, value.hasPrefix("eyJ") else { return false }
        let base64URL = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_") }
        return parts[0].count >= 4 && parts[1].count >= 4 && parts.allSatisfy { $0.allSatisfy(base64URL) }
    }

    /// True when `name` in a request with these params is an OAuth authorization code or state: `code` beside
    /// `state` or `redirect_uri` (the callback of an authorization), or on a path naming oauth, authorize or token.
    public static func isOAuthCode(_ name: String, params: [String], path: String) -> Bool {
        guard name == "code" else { return false }
        let lower = path.lowercased()
        return params.contains("state") || params.contains("redirect_uri") || params.contains("grant_type")
            || ["oauth", "authorize", "callback", "token"].contains { lower.contains($0) }
    }
}
