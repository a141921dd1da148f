import Foundation
import StrataDocuments

/// The one scrubber for everything that leaves the process: command output, files, screens, history.
///
/// It knows a request's secret values: params and headers the session redacts, the credential headers
/// (`Authorization`, `Cookie`, `Proxy-Authorization`; also the credentials after an auth scheme such as `Bearer`
/// and each cookie's value),
/// and the password of the URL's userinfo (`https://user:${env:PW}@host`). Each is replaced by `<redacted>` as
/// written, percent-encoded, form-encoded and JSON-escaped, wherever it appears: a server echoing it in a body or
/// a header, a path param in a near-miss report, a URL in a title. In a JSON body only text inside string
/// literals is replaced, so the body stays valid JSON.
public struct SecretScrubber: Sendable, Equatable {
    /// The byte sequences to replace, longest first.
    let secrets: [[UInt8]]
    /// Which bytes start some secret, so most bytes are passed over with one lookup.
    let starts: ByteSet
    /// The short secrets as a trie.
    private let prefixes: SecretPrefixes
    /// The secrets over `LongSecrets.threshold` bytes, compared by hash.
    private let long: LongSecrets
    static let replacement = Array(ResolvedParam.redacted.utf8)

    /// Creates a scrubber for `values`; values shorter than 4 bytes are ignored (too likely to be ordinary text).
    public init(values: [String]) {
        guard values.contains(where: { $0.utf8.count >= 4 && $0 != ResolvedParam.redacted }) else {
            self = SecretScrubber.none
            return
        }
        var all = Set<[UInt8]>()
        for v in values where v.utf8.count >= 4 && v != ResolvedParam.redacted {
            let raw = Array(v.utf8)
            all.insert(raw)
            // Letters, digits and `-._~` (most tokens) read the same percent-encoded and JSON-escaped.
            if raw.allSatisfy(PercentEncoding.unreserved.contains) { continue }
            all.insert(Array(PercentEncoding.encode(v, allowing: PercentEncoding.unreserved).utf8))
            all.insert(Array(PercentEncoding.formEncode(v).utf8))
            all.insert(Array(JSONString.quote(v).utf8.dropFirst().dropLast()))
        }
        self.init(sorted: Array(all))
    }

    /// The scrubber for `request`'s secrets (the one it was built with, ``BuiltRequest/scrubber``).
    public init(request: BuiltRequest) { self = request.scrubber }

    /// Creates the scrubber for a request's secrets: its secret params' values (and their parts: the credentials
    /// after an auth scheme, each cookie's value), values chained from other responses, and the password of the
    /// base URL's userinfo.
    init(params: [ResolvedParam], chainedSecrets: [String], baseURL: String) {
        var values: [String] = []
        for p in params where p.isSecret && !p.value.isEmpty {
            values.append(p.value)
            values += p.secretParts
            // `Bearer abc`: the credentials alone are as secret as the whole value.
            if p.location == .header, let space = p.value.firstIndex(of: " ") {
                values.append(String(p.value[p.value.index(after: space)...]).trimmingCharacters(in: .whitespaces))
            }
            // `Cookie: sid=abc; theme=dark`: each cookie's value too.
            if p.location == .header, p.name.lowercased() == "cookie" {
                for pair in p.value.split(separator: ";") {
                    if let eq = pair.firstIndex(of: "=") { values.append(String(pair[pair.index(after: eq)...])) }
                }
            }
        }
        values += chainedSecrets
        if let password = SecretScrubber.userinfoPassword(baseURL), !password.isEmpty {
            values += [password, PercentEncoding.decode(password)]
        }
        self.init(values: values)
    }

    /// The password of `url`'s userinfo (`https://me:PASSWORD@host`) as written, if there is one.
    static func userinfoPassword(_ url: String) -> String? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        let userinfo = authority[..<at]
        guard let colon = userinfo.firstIndex(of: ":") else { return nil }
        return String(userinfo[userinfo.index(after: colon)...])
    }

    /// The scrubber that knows no secrets (most requests'), built once.
    static let none = SecretScrubber(sorted: [])

    /// A scrubber that knows the secrets of both.
    public func merging(_ other: SecretScrubber) -> SecretScrubber {
        if other.secrets.isEmpty || other == self { return self }
        if secrets.isEmpty { return other }
        return SecretScrubber(sorted: Array(Set(secrets + other.secrets)))
    }

    private init(sorted secrets: [[UInt8]]) {
        // Longest first; equal lengths in byte order, so the same secrets always give the same scrubber.
        self.secrets = secrets.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
        self.starts = ByteSet(secrets.map { $0[0] })
        let long = LongSecrets(secrets)
        self.long = long
        self.prefixes = SecretPrefixes(secrets)
    }

    /// The length of the longest secret at `bytes[i...]` (whose first byte is known to start one), if any.
    private func secretLength(at i: Int, in bytes: UnsafeBufferPointer<UInt8>, block: inout LongSecrets.Block) -> Int? {
        if !long.isEmpty, let secret = long.secret(at: i, in: bytes, block: &block) { return secret.count }
        return prefixes.longest(at: i, in: bytes)
    }

    /// The byte ranges of `bytes` that are secrets, in order and not overlapping (for text laid out in cells,
    /// where replacing must keep the layout).
    public func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        guard !secrets.isEmpty else { return [] }
        var out: [Range<Int>] = []
        var block = LongSecrets.Block()
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i < b.count {
                if starts.contains(b[i]), let length = secretLength(at: i, in: b, block: &block) {
                    out.append(i..<(i + length))
                    i += length
                } else {
                    i += 1
                }
            }
        }
        return out
    }

    /// True when both replace the same secrets.
    public static func == (a: SecretScrubber, b: SecretScrubber) -> Bool { a.secrets == b.secrets }

    /// True when there is nothing to replace.
    public var isEmpty: Bool { secrets.isEmpty }

    /// `text` with every secret replaced by `<redacted>`.
    public func scrub(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        return String(decoding: scrub(Array(text.utf8), json: false), as: UTF8.self)
    }

    /// `headers` with every secret in their values replaced.
    public func scrub(_ headers: HTTPHeaders) -> HTTPHeaders {
        guard !secrets.isEmpty else { return headers }
        return HTTPHeaders(headers.fields.map { HTTPHeaders.Field(name: $0.name, value: scrub($0.value)) })
    }

    /// `body` with every secret replaced by `<redacted>`; `json` limits replacement to string literals.
    public func scrub(_ body: [UInt8], json: Bool) -> [UInt8] {
        guard !secrets.isEmpty else { return body }
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var inString = false
        _ = scrub(body, json: json, inString: &inString, final: true, into: &out)
        return out
    }

    /// Scrubs `body` into `out` and returns where it stopped: at the end when `final`, else before the last bytes
    /// that could still start a secret continued by the next chunk. `inString` carries the JSON state across
    /// chunks.
    func scrub(_ body: [UInt8], json: Bool, inString: inout Bool, final: Bool, into out: inout [UInt8]) -> Int {
        let end = final ? body.count : body.count - (secrets.first?.count ?? 1) + 1
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        return body.withUnsafeBufferPointer { bytes in
            starts.withUnsafeTable { starts in
                var i = 0
                // Bytes from `copied` up to `i` are unchanged and copied in one go when a secret or the end comes.
                var copied = 0
                var block = LongSecrets.Block()
                while i < end {
                    let c = bytes[i]
                    if json {
                        if !inString {
                            if c == quote { inString = true }
                            i += 1
                            continue
                        }
                        if c == backslash, i + 1 < bytes.count {
                            i += 2
                            continue
                        }
                        if c == quote {
                            inString = false
                            i += 1
                            continue
                        }
                    }
                    if starts[Int(c)], let length = secretLength(at: i, in: bytes, block: &block) {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                        out.append(contentsOf: SecretScrubber.replacement)
                        i += length
                        copied = i
                        continue
                    }
                    i += 1
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                return i
            }
        }
    }

    /// Scrubs a body that arrives in chunks (a file too large to hold), with the same result as scrubbing it
    /// whole: a secret split across two chunks is still found.
    public struct Stream: Sendable {
        /// The scrubber whose secrets are replaced.
        public let scrubber: SecretScrubber
        /// True to replace only inside JSON string literals.
        public let json: Bool
        private var carry: [UInt8] = []
        private var inString = false

        /// A stream scrubbing with `scrubber`.
        public init(_ scrubber: SecretScrubber, json: Bool) {
            self.scrubber = scrubber
            self.json = json
        }

        /// The scrubbed bytes of `chunk` that can be decided now (a possible secret's start is held back).
        public mutating func feed(_ chunk: [UInt8]) -> [UInt8] {
            guard !scrubber.isEmpty else { return chunk }
            return run(carry.isEmpty ? chunk : carry + chunk, final: false)
        }

        /// The scrubbed bytes held back, at the end of the body.
        public mutating func finish() -> [UInt8] {
            guard !scrubber.isEmpty, !carry.isEmpty else { return [] }
            return run(carry, final: true)
        }

        private mutating func run(_ bytes: [UInt8], final: Bool) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            let stop = scrubber.scrub(bytes, json: json, inString: &inString, final: final, into: &out)
            carry = Array(bytes[min(stop, bytes.count)...])
            return out
        }
    }
}
