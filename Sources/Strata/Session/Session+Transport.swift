import StrataDocuments

/// Reading the session keys that shape the live transport: `tls`, `proxy`, `connectTimeout`, `maxBodyBytes`.
extension Session {
    /// The transport keys allowed at the top of session.json.
    static let transportKeys = ["tls", "proxy", "connectTimeout", "maxBodyBytes"]
    /// The keys allowed in `tls`.
    static let tlsKeys = ["insecure", "caFile"]
    /// The longest `connectTimeout` a session may set, in seconds (an hour).
    public static let maximumConnectTimeout: Double = 3600
    /// The largest `maxBodyBytes` a session may set: 64 GiB.
    public static let maximumBodyBytes = 1 << 36
}

extension SessionLoader {
    /// The transport settings of the members `top` (of the session, or later of an environment that overrides
    /// it), starting from `base`; every mistake is reported at its value.
    mutating func transportSettings(
        _ top: [String: Tree.Index], directory: String, base: TransportSettings = TransportSettings()
    ) -> TransportSettings {
        var settings = base
        if let n = top["connectTimeout"], let t = reader.number(n, "'connectTimeout'") {
            if t <= 0 {
                reader.error("'connectTimeout' must be more than 0 seconds", at: n)
            } else if t > Session.maximumConnectTimeout {
                reader.error(
                    "'connectTimeout' must be at most \(Int(Session.maximumConnectTimeout)) seconds (an hour), found \(tree.scalarText(n))",
                    at: n)
            } else {
                settings.connectTimeout = t
            }
        }
        if let n = top["maxBodyBytes"], let b = reader.integer(n, "'maxBodyBytes'") {
            if b < 1 {
                reader.error("'maxBodyBytes' must be at least 1, found \(tree.scalarText(n))", at: n)
            } else if b > Session.maximumBodyBytes {
                reader.error(
                    "'maxBodyBytes' must be at most \(Session.maximumBodyBytes) (64 GiB), found \(tree.scalarText(n))",
                    at: n)
            } else {
                settings.maxBodyBytes = b
            }
        }
        if let n = top["proxy"], let p = reader.string(n, "'proxy'") {
            if let origin = RedirectPolicy.Origin(p),
                ["http", "https", "socks4", "socks5", "socks5h"].contains(origin.scheme)
            {
                settings.proxy = p
            } else {
                reader.error(
                    "'proxy' must be a URL like \"http://127.0.0.1:8888\" (http, https, socks4, socks5 or socks5h), found \"\(p)\"",
                    at: n)
            }
        }
        if let n = top["tls"], let tls = reader.members(of: n, known: Session.tlsKeys, what: "'tls'") {
            if let i = tls["insecure"], let b = reader.bool(i, "'tls.insecure'") { settings.insecure = b }
            if let c = tls["caFile"], let name = reader.string(c, "'tls.caFile'") {
                switch SessionFiles.resolve(Session.join(directory, name), inside: directory) {
                case .success(let path): settings.caFile = path
                case .failure(let refusal):
                    reader.error(
                        "'tls.caFile' \"\(name)\" \(refusal); it must be a PEM file inside the session folder", at: c)
                }
            }
        }
        return settings
    }
}
