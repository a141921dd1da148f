import Foundation
import StrataDocuments

/// The rules importers share: path templates, names of routes and variables, and what counts as a secret.
enum ImportNaming {
    /// A concrete path with its id-like segments (numbers, UUIDs, long hex or hash-like tokens) turned into
    /// `{id}`, `{id2}`, ...: `/users/42/posts/9` gives `/users/{id}/posts/{id2}` with id=42, id2=9.
    static func template(_ path: String) -> (path: String, params: [(String, String)]) {
        var params: [(String, String)] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            let s = String(segment)
            guard isIdentifierLike(s) else { return s }
            let name = params.isEmpty ? "id" : "id\(params.count + 1)"
            params.append((name, PercentEncoding.decode(s)))
            return "{\(name)}"
        }
        return (segments.joined(separator: "/"), params)
    }

    /// True for a segment that names one thing rather than a collection: digits, a UUID, or a long token of hex
    /// digits or mixed letters and digits.
    static func isIdentifierLike(_ s: String) -> Bool {
        guard !s.isEmpty else { return false }
        if CredentialNames.looksLikeToken(PercentEncoding.decode(s)) { return true }
        let scalars = Array(s.unicodeScalars)
        if scalars.allSatisfy({ ("0"..."9").contains($0) }) { return true }
        let hexDigits = scalars.filter {
            ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0)
        }
        if scalars.count == 36, scalars.filter({ $0 == "-" }).count == 4,
            hexDigits.count == 32
        {
            return true
        }
        if scalars.count >= 16, hexDigits.count == scalars.count { return true }
        let digits = scalars.filter { ("0"..."9").contains($0) }.count
        let alnum = scalars.allSatisfy {
            ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_"
                || $0 == "-"
        }
        return alnum && scalars.count >= 20 && digits >= 3
    }

    /// The words of a name or path, lowercased: `GET /pets/{id}` gives get, pets, id.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for c in text {
            if c.isLetter || c.isNumber {
                if c.isUppercase, previousLower, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current.append(c)
                previousLower = c.isLowercase || c.isNumber
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousLower = false
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }

    /// `listPets` from `list pets`; `byId` for `{id}` segments.
    static func camel(_ words: [String]) -> String {
        var out = ""
        for (i, w) in words.enumerated() {
            out += i == 0 ? w : w.prefix(1).uppercased() + w.dropFirst()
        }
        return out
    }

    /// `PetStore` from `pet store`.
    static func pascal(_ text: String) -> String {
        let out = words(text).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let first = out.first, first.isNumber { return "T" + out }
        return out.isEmpty ? "Model" : out
    }

    /// A route name for a method and a path template: `getPetsById` for `GET /pets/{id}`.
    static func routeName(method: String, path: String) -> String {
        var parts = [method.lowercased()]
        for segment in path.split(separator: "/") {
            if segment.hasPrefix("{") {
                parts += ["by"] + words(String(segment))
            } else {
                parts += words(String(segment))
            }
        }
        return camel(parts)
    }

    /// An environment variable name: `PETSTORE_API_KEY` from `petstore` and `api_key`.
    static func envName(_ parts: String...) -> String {
        let w = parts.flatMap { words($0) }.map { $0.uppercased() }
        let joined = w.joined(separator: "_")
        if joined.isEmpty { return "STRATA_SECRET" }
        if let f = joined.first, f.isNumber { return "_" + joined }
        return joined
    }

    /// `value` with the values of secret-named members replaced by `<redacted>`, at any depth.
    static func redactingSecretFields(_ value: OutputJSON) -> OutputJSON {
        switch value {
        case .array(let items): return .array(items.map(redactingSecretFields))
        case .object(let members):
            return .object(
                members.map { key, v in
                    if CredentialNames.isField(key), !isContainer(v) { return (key, .string(ResolvedParam.redacted)) }
                    if CredentialNames.isField(key), case .object = v { return (key, redactingSecretFields(v)) }
                    if CredentialNames.isField(key) { return (key, .string(ResolvedParam.redacted)) }
                    return (key, redactingSecretFields(v))
                })
        default: return value
        }
    }

    private static func isContainer(_ v: OutputJSON) -> Bool {
        switch v {
        case .array, .object: true
        default: false
        }
    }
}
