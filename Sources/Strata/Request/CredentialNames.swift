/// Names that look like they carry credentials (`Authorization`, `X-Session-Token`, `access_token`, `api_key`), so
/// their values are kept out of what leaves the process even when the session's `redact` list does not name them:
/// imports, the `serve` journal and its near-miss reports.
public enum CredentialNames {
    /// The headers whose values are credentials by definition (`Authorization`, `Cookie`, `Proxy-Authorization`):
    /// secret whatever the session's `redact` list says, and never sent on to another origin.
    public static let credentialHeaders = ["Authorization", "Cookie", "Proxy-Authorization"]

    /// True for one of ``credentialHeaders``, in any case.
    public static func isCredentialHeader(_ name: String) -> Bool {
        credentialHeaders.contains { ASCIIName.equalIgnoringCase($0, name) }
    }

    /// True for a header name that carries credentials: the ``credentialHeaders``, `Set-Cookie`, and names holding
    /// apikey, token, secret, auth, session, csrf, xsrf, signature or password (letters and digits, any case).
    public static func isHeader(_ name: String) -> Bool {
        if isCredentialHeader(name) || ASCIIName.equalIgnoringCase("set-cookie", name) { return true }
        return ASCIIName.squashed(name, contains: headerParts)
    }

    /// True for a response header whose value is a credential: a credential header name (``isHeader(_:)``) other than
    /// `WWW-Authenticate`, which names the schemes a server accepts, not a secret.
    public static func isResponseHeader(_ name: String) -> Bool {
        isHeader(name) && !ASCIIName.equalIgnoringCase("www-authenticate", name)
    }

    /// What a credential header's name holds, squashed (lower-case letters and digits).
    static let headerParts = ["apikey", "token", "secret", "auth", "session", "csrf", "xsrf", "signature", "password"]

    /// True for a field or param name that holds a secret: password, token, secret, api_key, access_token,
    /// client_secret, ...
    public static func isField(_ name: String) -> Bool {
        ASCIIName.squashed(name, is: fieldNames) || ASCIIName.squashed(name, contains: fieldParts)
    }

    /// Squashed field names that are secret alone.
    static let fieldNames: Set<String> = ["key", "auth", "sig", "pwd", "pass", "otp", "pin", "cvv", "ssn"]
    /// What a secret field's squashed name holds.
    static let fieldParts = [
        "password", "passwd", "passphrase", "token", "secret", "apikey", "accesskey", "privatekey", "authorization",
        "credential", "sessionid", "signature", "cookie", "otp",
    ]

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

/// Names compared the way credential names are: ignoring case, and "squashed" (lower case, letters and digits only,
/// so `X-Api_Key` holds `apikey`). ASCII names, which header and param names almost always are, are read as bytes
/// without allocating; others as Unicode text, with Unicode's case and letter rules.
enum ASCIIName {
    /// True when `a` and `b` are the same ignoring case.
    static func equalIgnoringCase(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        let same: Bool? = a.withUTF8 { x in
            b.withUTF8 { y in
                guard ascii(x), ascii(y) else { return nil }
                return x.count == y.count && equalLowered(x, y)
            }
        }
        return same ?? (a.lowercased() == b.lowercased())
    }

    /// True when `name` squashed is one of `names`.
    static func squashed(_ name: String, is names: Set<String>) -> Bool {
        withSquashed(name) { names.contains(String(decoding: $0, as: UTF8.self)) }
            ?? names.contains(String(squashed(name)))
    }

    /// True when `name` squashed holds one of `parts` (each lower-case ASCII letters and digits).
    static func squashed(_ name: String, contains parts: [String]) -> Bool {
        let verdict = withSquashed(name) { squashed in
            parts.contains { part in
                var part = part
                return part.withUTF8 { contains(squashed, $0) }
            }
        }
        if let verdict { return verdict }
        let text = squashed(name)
        return parts.contains { text.contains($0) }
    }

    /// `name` in lower case with only its letters and digits.
    static func squashed(_ name: String) -> String { name.lowercased().filter { $0.isLetter || $0.isNumber } }

    /// `body` of the squashed bytes of `name` when it is ASCII, nil otherwise.
    private static func withSquashed<R>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        var name = name
        return name.withUTF8 { bytes in
            guard ascii(bytes) else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { buffer in
                var n = 0
                for c in bytes {
                    let lower = c | 0x20
                    if c >= 0x30 && c <= 0x39 {
                        buffer[n] = c
                        n += 1
                    } else if lower >= 0x61 && lower <= 0x7A {
                        buffer[n] = lower
                        n += 1
                    }
                }
                return body(UnsafeBufferPointer(rebasing: buffer[..<n]))
            }
        }
    }

    private static func ascii(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.allSatisfy { $0 < 0x80 } }

    /// ASCII `x` and `y` of one length compared ignoring case.
    private static func equalLowered(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        for i in 0..<x.count where x[i] != y[i] {
            let (a, b) = (x[i] | 0x20, y[i] | 0x20)
            guard a == b, a >= 0x61, a <= 0x7A else { return false }
        }
        return true
    }

    /// True when `haystack` holds `needle`.
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= haystack.count else { return false }
        var i = 0
        while i + needle.count <= haystack.count {
            if haystack[i] == first {
                var k = 1
                while k < needle.count && haystack[i + k] == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            i += 1
        }
        return false
    }
}
