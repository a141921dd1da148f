import Foundation
import StrataDocuments

/// What a followed redirect may carry: credentials go only to the origin they were configured for.
///
/// When a redirect leaves the request's origin (scheme, host or port differ, as curl and python-requests judge
/// it), the next request loses `Authorization`, `Cookie`, `Proxy-Authorization`, every header the session
/// redacts, and every query param the session redacts; a redirect that would carry a body holding secret params
/// there (307, 308) is not followed at all. A redirect within the origin keeps everything. The rule is a pure
/// function of URLs and headers, so any transport can apply it.
public struct RedirectPolicy: Sendable, Equatable {
    /// The URL the credentials were configured for (the request as built).
    public var origin: String
    /// Param and header names the session redacts (matched ignoring case).
    public var secretNames: [String]
    /// True when the request's body holds a secret param, so it may not be sent to another origin.
    public var bodyHasSecrets: Bool

    /// Creates a policy for credentials configured for `origin`.
    public init(origin: String, secretNames: [String], bodyHasSecrets: Bool = false) {
        self.origin = origin
        self.secretNames = secretNames
        self.bodyHasSecrets = bodyHasSecrets
    }

    /// The policy for `request`: its URL, the names of its secret params and headers, and whether its body holds
    /// a secret.
    public init(for request: BuiltRequest) {
        self.init(
            origin: request.url, secretNames: request.params.filter(\.isSecret).map(\.name),
            bodyHasSecrets: request.sentParams.contains { $0.isSecret && $0.location == .body })
    }

    /// The request to send after a redirect to `target`: `target` and `headers` unchanged within the origin,
    /// otherwise without credentials (headers dropped, secret query params removed from the URL); nil when the
    /// redirect must not be followed (it would resend a body holding secrets to another origin), so the redirect
    /// response itself is the answer.
    public func follow(to target: String, headers: HTTPHeaders, resendsBody: Bool = false) -> (
        url: String, headers: HTTPHeaders
    )? {
        guard !RedirectPolicy.sameOrigin(origin, target) else { return (target, headers) }
        if resendsBody && bodyHasSecrets { return nil }
        let strip = Set((CredentialNames.credentialHeaders + secretNames).map { $0.lowercased() })
        let kept = HTTPHeaders(headers.fields.filter { !strip.contains($0.name.lowercased()) })
        return (removingSecretQuery(target), kept)
    }

    /// True when `a` and `b` have the same scheme, host and port (default ports filled in; case ignored).
    public static func sameOrigin(_ a: String, _ b: String) -> Bool {
        guard let x = Origin(a), let y = Origin(b) else { return false }
        return x == y
    }

    /// `url` without the query params the session redacts.
    func removingSecretQuery(_ url: String) -> String {
        let lower = Set(secretNames.map { $0.lowercased() })
        guard !lower.isEmpty, let q = url.firstIndex(of: "?") else { return url }
        let fragmentStart = url[q...].firstIndex(of: "#") ?? url.endIndex
        let query = url[url.index(after: q)..<fragmentStart]
        let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter { item in
            let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return !lower.contains(PercentEncoding.decode(String(name)).lowercased())
        }
        return String(url[..<q]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
            + url[fragmentStart...]
    }

    /// Scheme, host and port of a URL.
    struct Origin: Equatable {
        var scheme: String
        var host: String
        var port: Int

        init?(_ text: String) {
            guard let c = URLComponents(string: text), let scheme = c.scheme?.lowercased(), let host = c.host,
                !host.isEmpty
            else { return nil }
            self.scheme = scheme
            self.host = host.lowercased()
            switch (c.port, scheme) {
            case (let p?, _): port = p
            case (nil, "https"): port = 443
            case (nil, "http"): port = 80
            default: port = -1
            }
        }
    }
}
