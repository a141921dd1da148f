import Foundation

/// How requests authenticate, as written in an `auth` object at session, environment or route level.
///
/// Each scheme becomes one param of the request (a header, a query param or a cookie) with origin
/// ``ResolvedParam/Origin/auth``, so the Request pane lists it; its value is always secret, whether or not
/// `redact` names it.
public enum Auth: Sendable, Equatable {
    /// `Authorization: Bearer TOKEN`.
    case bearer(token: Template)
    /// `Authorization: Basic base64(USER:PASSWORD)`.
    case basic(user: Template, password: Template)
    /// A key sent as the header, query param or cookie `name`.
    case apiKey(name: String, location: ParamLocation, value: Template)

    /// The types an `auth` object may name.
    public static let types = ["bearer", "basic", "apiKey"]
    /// Where an `apiKey` may go.
    public static let apiKeyLocations: [ParamLocation] = [.header, .query, .cookie]

    /// The name of the param the scheme sends (`Authorization`, or the api key's name).
    public var paramName: String {
        switch self {
        case .bearer, .basic: "Authorization"
        case .apiKey(let name, _, _): name
        }
    }

    /// Where the param goes.
    public var location: ParamLocation {
        switch self {
        case .bearer, .basic: .header
        case .apiKey(_, let location, _): location
        }
    }

    /// The templates the value is made of, for listing the environment variables it reads.
    public var templates: [Template] {
        switch self {
        case .bearer(let token): [token]
        case .basic(let user, let password): [user, password]
        case .apiKey(_, _, let value): [value]
        }
    }

    /// The value as written (before expansion): safe to show, since secrets live in the environment.
    public var template: String {
        switch self {
        case .bearer(let token): "Bearer " + token.text
        case .basic(let user, let password): "Basic " + user.text + ":" + password.text
        case .apiKey(_, _, let value): value.text
        }
    }

    /// The value sent, expanded from `environment`, with the variables that were missing.
    public func expand(_ environment: [String: String]) -> (value: String, missing: [String]) {
        var chains = ChainResolver()
        return expand(environment, chains: &chains)
    }

    /// The value sent, expanded from `environment` and chained values read through `chains`.
    func expand(_ environment: [String: String], chains: inout ChainResolver) -> (value: String, missing: [String]) {
        switch self {
        case .bearer(let token):
            let t = token.expand(environment, chains: &chains)
            return ("Bearer " + t.value, t.missing)
        case .basic(let user, let password):
            let u = user.expand(environment, chains: &chains)
            let p = password.expand(environment, chains: &chains)
            return ("Basic " + Data((u.value + ":" + p.value).utf8).base64EncodedString(), u.missing + p.missing)
        case .apiKey(_, _, let value):
            return value.expand(environment, chains: &chains)
        }
    }

    /// The secret parts of the value, expanded (the token, the password, the key; not the scheme's word), for the
    /// scrubber to find wherever a server echoes them.
    public func secretValues(_ environment: [String: String]) -> [String] {
        var chains = ChainResolver()
        return secretValues(environment, chains: &chains)
    }

    /// ``secretValues(_:)`` with chained values read through `chains`.
    func secretValues(_ environment: [String: String], chains: inout ChainResolver) -> [String] {
        switch self {
        case .bearer(let token): [token.expand(environment, chains: &chains).value]
        case .basic(_, let password): [password.expand(environment, chains: &chains).value]
        case .apiKey(_, _, let value): [value.expand(environment, chains: &chains).value]
        }
    }

    /// True for an auth scheme's word as written before a credential (`Bearer`, `Basic`, `Token`): 1 to 20 ASCII
    /// letters. What shows in the clear before a secret, and what an imported header keeps before a variable.
    static func isSchemeWord(_ word: some Collection<UInt8>) -> Bool {
        (1...20).contains(word.count)
            && word.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
    }
}
