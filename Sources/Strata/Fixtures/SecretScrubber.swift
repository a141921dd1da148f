/// Replaces secret values that a server echoes back in a response body before the body is recorded.
///
/// Redacting the request's params and headers is not enough when the API repeats them (httpbin echoes every
/// query param and header; many APIs put the request URL in `links.self`). Each secret is replaced as written and
/// percent-encoded. In a JSON body only text inside string literals is replaced, so the body stays valid JSON.
public struct SecretScrubber: Sendable {
    /// The byte sequences to replace, longest first.
    let secrets: [[UInt8]]
    static let replacement = Array(ResolvedParam.redacted.utf8)

    /// Creates a scrubber for `values`; values shorter than 4 bytes are ignored (too likely to be ordinary text).
    public init(values: [String]) {
        var all = Set<[UInt8]>()
        for v in values where v.utf8.count >= 4 && v != ResolvedParam.redacted {
            all.insert(Array(v.utf8))
            all.insert(Array(PercentEncoding.encode(v, allowing: PercentEncoding.unreserved).utf8))
        }
        secrets = all.sorted { $0.count > $1.count }
    }

    /// True when there is nothing to replace.
    public var isEmpty: Bool { secrets.isEmpty }

    /// `body` with every secret replaced by `<redacted>`; `json` limits replacement to string literals.
    public func scrub(_ body: [UInt8], json: Bool) -> [UInt8] {
        guard !secrets.isEmpty else { return body }
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var i = 0
        var inString = false
        while i < body.count {
            let c = body[i]
            if json, !inString {
                if c == UInt8(ascii: "\"") { inString = true }
                out.append(c)
                i += 1
                continue
            }
            if json, c == UInt8(ascii: "\\"), i + 1 < body.count {
                out.append(c)
                out.append(body[i + 1])
                i += 2
                continue
            }
            if json, c == UInt8(ascii: "\"") {
                inString = false
                out.append(c)
                i += 1
                continue
            }
            if let secret = secrets.first(where: { matches($0, body, at: i) }) {
                out.append(contentsOf: SecretScrubber.replacement)
                i += secret.count
                continue
            }
            out.append(c)
            i += 1
        }
        return out
    }

    private func matches(_ secret: [UInt8], _ body: [UInt8], at i: Int) -> Bool {
        guard body[i] == secret[0], i + secret.count <= body.count else { return false }
        for k in 1..<secret.count where body[i + k] != secret[k] { return false }
        return true
    }
}
