import Foundation

/// Turns resolved params into a URL, headers and a body.
struct RequestAssembly {
    var url: String
    var path: String
    var headers: HTTPHeaders
    var body: [UInt8]?
    var contentType: String?

    /// Assembles the parts; values of params named in `verbatim` are inserted without percent-encoding (used
    /// for the `<redacted>` placeholder, which is for display only).
    init(
        method: String, baseURL: String, pathTemplate: String, params: [ResolvedParam], encoding: BodyEncoding,
        verbatim: Set<String> = []
    ) {
        let sent = params.filter { $0.status == .sent }
        func value(_ p: ResolvedParam, _ encode: (String) -> String) -> String {
            verbatim.contains(p.name) ? p.value : encode(p.value)
        }
        // Path: substitute each {name}.
        var path = ""
        var rest = Substring(pathTemplate)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            path += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let p = sent.first(where: { $0.name == name && $0.location == .path }) {
                path += value(p) { PercentEncoding.encode($0, allowing: PercentEncoding.pathSegment) }
            } else {
                path += "{\(name)}"
            }
            rest = rest[rest.index(after: close)...]
        }
        path += rest
        self.path = path
        // URL: base (its own query kept), path, then query params.
        var base = baseURL
        var baseQuery = ""
        if let q = base.firstIndex(of: "?") {
            baseQuery = String(base[base.index(after: q)...])
            base = String(base[..<q])
        }
        while base.hasSuffix("/") { base.removeLast() }
        var query = baseQuery.isEmpty ? [] : [baseQuery]
        for p in sent where p.location == .query {
            let v = value(p) { PercentEncoding.encode($0, allowing: PercentEncoding.unreserved) }
            query.append(PercentEncoding.encode(p.name, allowing: PercentEncoding.unreserved) + "=" + v)
        }
        url = base + path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        // Headers, then the body.
        var headers = HTTPHeaders()
        for p in sent where p.location == .header { headers[p.name] = p.value }
        let bodyParams = sent.filter { $0.location == .body }
        if bodyParams.isEmpty {
            body = nil
            contentType = nil
        } else {
            switch encoding {
            case .form:
                let text = bodyParams.map {
                    PercentEncoding.formEncode($0.name) + "=" + value($0) { PercentEncoding.formEncode($0) }
                }.joined(separator: "&")
                body = Array(text.utf8)
                contentType = "application/x-www-form-urlencoded"
            case .json:
                var text = "{"
                for (k, p) in bodyParams.enumerated() {
                    if k > 0 { text += "," }
                    text += JSONString.quote(p.name) + ":" + RequestAssembly.jsonValue(p)
                }
                text += "}"
                body = Array(text.utf8)
                contentType = "application/json"
            }
            if headers["Content-Type"] == nil, let contentType { headers["Content-Type"] = contentType }
        }
        if let ct = headers["Content-Type"], body != nil { contentType = ct }
        self.headers = headers
    }

    /// A param's value as JSON: numbers and bools declared as such stay unquoted when the value still is one.
    static func jsonValue(_ p: ResolvedParam) -> String {
        switch p.kind {
        case .number where Tree.isJSONNumber(p.value): p.value
        case .bool where p.value == "true" || p.value == "false": p.value
        default: JSONString.quote(p.value)
        }
    }
}

/// Percent-encoding for URL paths, queries and form bodies (RFC 3986, WHATWG form encoding).
public enum PercentEncoding {
    /// Letters, digits and `-._~`.
    static let unreserved: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))
    /// What may stay as is inside one path segment (`/` is encoded so a value stays one segment).
    static let pathSegment: Set<UInt8> = unreserved.union("!$&'()*+,;=:@".utf8)

    /// Encodes every UTF-8 byte of `s` not in `allowed` as `%XX`.
    static func encode(_ s: String, allowing allowed: Set<UInt8>) -> String {
        var out = ""
        for b in s.utf8 {
            if allowed.contains(b) {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                out += "%" + JSONString.hexDigits(UInt32(b), 2)
            }
        }
        return out
    }

    /// `application/x-www-form-urlencoded`: unreserved bytes as is, space as `+`, the rest as `%XX`.
    static func formEncode(_ s: String) -> String {
        encode(s, allowing: unreserved.union([0x20])).replacingOccurrences(of: " ", with: "+")
    }

    /// Decodes `%XX` escapes (and `+` as space when `plusAsSpace`); malformed escapes stay as written.
    public static func decode(_ s: String, plusAsSpace: Bool = false) -> String {
        var bytes: [UInt8] = []
        let u = Array(s.utf8)
        var i = 0
        while i < u.count {
            if u[i] == UInt8(ascii: "%"), i + 2 < u.count, let h = hex(u[i + 1]), let l = hex(u[i + 2]) {
                bytes.append(h << 4 | l)
                i += 3
            } else if plusAsSpace, u[i] == UInt8(ascii: "+") {
                bytes.append(0x20)
                i += 1
            } else {
                bytes.append(u[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of hex digit `c` (either case), or nil.
    static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }
}
