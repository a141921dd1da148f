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
}
