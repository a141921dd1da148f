import CCurl
import Foundation

/// Cookies kept between live sends: `Set-Cookie` from a response is stored and sent to the requests it matches,
/// by libcurl's own cookie engine.
///
/// The jar holds cookies as lines of the Netscape cookie file format that curl's `-b` and `-c` read and write,
/// so a jar saved by `strata run --cookies FILE` works with curl and the other way round. One jar is shared by the
/// sends of an explorer run; it is safe to use from several sends at once.
public final class CookieJar: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String]

    /// An empty jar, or one holding the cookies of `netscape` (the text of a cookie file).
    public init(netscape: String = "") {
        lines = CookieJar.cookieLines(netscape)
    }

    /// Reads the cookie file at `path`; a file that does not exist yet is an empty jar (as curl's `-c` treats it).
    public convenience init(contentsOf path: String) throws(CookieJar.Error) {
        guard FileManager.default.fileExists(atPath: path) else {
            self.init()
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Error(description: "cannot read the cookie file \(path)")
        }
        guard let text = String(validating: Array(data), as: UTF8.self) else {
            throw Error(description: "the cookie file \(path) is not UTF-8 text")
        }
        self.init(netscape: text)
    }

    /// Why a cookie file cannot be read or written.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        /// What went wrong, naming the file.
        public var description: String
    }

    /// The cookies, one Netscape line each (`domain`, subdomains flag, path, secure flag, expiry, name, value).
    public var cookies: [String] { lock.withLock { lines } }

    /// The jar as a Netscape cookie file, as curl writes one.
    public var netscapeText: String {
        let body = cookies.map { $0 + "\n" }.joined()
        return "# Netscape HTTP Cookie File\n# Written by strata; curl -b and -c read it.\n\n" + body
    }

    /// Writes the jar to `path` atomically, readable by its owner only (0600, as curl writes one).
    public func save(to path: String) throws(CookieJar.Error) {
        do {
            try AtomicFile.write(netscapeText, to: path, private: true)
        } catch {
            throw Error(description: error.description)
        }
    }

    /// The cookie lines of a Netscape file: comments and blank lines left out, `#HttpOnly_` lines kept.
    static func cookieLines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map(String.init).filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return false }
            return !trimmed.hasPrefix("#") || trimmed.hasPrefix("#HttpOnly_")
        }
    }

    /// The key a cookie is replaced by: domain, path and name.
    static func key(_ line: String) -> String {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard f.count >= 7 else { return line }
        return "\(f[0])\t\(f[2])\t\(f[5])"
    }

    /// Gives the jar's cookies to libcurl's engine on `handle`; returns what was given, for ``store(from:loaded:)``.
    func load(into handle: UnsafeMutableRawPointer) -> [String] {
        let snapshot = cookies
        _ = strata_curl_setopt_string(handle, CURLOPT_COOKIEFILE, "")
        for line in snapshot { _ = strata_curl_setopt_string(handle, CURLOPT_COOKIELIST, line) }
        return snapshot
    }

    /// Takes back the cookies of `handle` after a send: they replace the ones `loaded` into it (so a cookie the
    /// server expired is gone), and cookies other sends stored meanwhile are kept.
    func store(from handle: UnsafeMutableRawPointer, loaded: [String]) {
        var list: UnsafeMutablePointer<curl_slist>? = nil
        _ = strata_curl_getinfo_slist(handle, CURLINFO_COOKIELIST, &list)
        defer { strata_curl_slist_free_all(list) }
        var now: [String] = []
        var item = list
        while let node = item {
            if let data = node.pointee.data { now.append(String(cString: data)) }
            item = node.pointee.next
        }
        let replaced = Set((loaded + now).map(CookieJar.key))
        lock.withLock {
            lines = lines.filter { !replaced.contains(CookieJar.key($0)) } + now
        }
    }
}
