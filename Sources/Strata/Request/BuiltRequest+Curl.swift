/// Exporting a request as a curl command.
extension BuiltRequest {
    /// The equivalent curl command, one option per line, with secret values shown as `<redacted>`.
    ///
    /// Set `redacting` to false to export the real values (never the default: commands end up in shell history
    /// and bug reports).
    public func curl(redacting: Bool = true) -> String {
        let r = redacting ? redacted() : self
        let method =
            switch r.method {
            case "GET": ""
            case "HEAD": "--head "
            default: "-X \(r.method) "
            }
        var parts = ["curl " + method + BuiltRequest.shellQuote(r.url)]
        for field in r.headers { parts.append("-H " + BuiltRequest.shellQuote("\(field.name): \(field.value)")) }
        if let body = r.body {
            parts.append("--data-raw " + BuiltRequest.shellQuote(String(decoding: body, as: UTF8.self)))
        }
        return parts.joined(separator: " \\\n  ")
    }

    /// Quotes `s` for a POSIX shell: single quotes, with `'` written as `'\''`.
    static func shellQuote(_ s: String) -> String {
        "'" + s.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
