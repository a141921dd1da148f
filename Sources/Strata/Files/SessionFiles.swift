import Foundation

/// The one rule for files a session names: a path is read or written only when it resolves (symlinks followed)
/// to a regular file inside the session folder.
///
/// A fixture's `bodyFile` of `../../etc/passwd`, an absolute path, or a symlink in `fixtures/` that points
/// elsewhere would otherwise be served, and a FIFO would block the reader forever. The files an OpenAPI spec's
/// `$ref`s name are held to the same rule, inside the spec's folder.
public enum SessionFiles {
    /// Why a path is refused.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Nothing is there (or a symlink points at nothing).
        case missing
        /// It resolves to `resolved`, which is not inside the session folder.
        case outside(resolved: String)
        /// It is a directory, FIFO, socket or device (`kind`), not a regular file.
        case notRegular(kind: String)

        /// `resolves to /etc/passwd, outside the session folder`, ...
        public var description: String { description(folder: "the session folder") }

        /// The reason, naming the folder the path had to stay in (`the spec's folder`).
        public func description(folder: String) -> String {
            switch self {
            case .missing: "does not exist"
            case .outside(let resolved): "resolves to \(resolved), outside \(folder)"
            case .notRegular(let kind): "is a \(kind), not a regular file"
            }
        }
    }

    /// The session folder a fixtures folder belongs to (its parent).
    public static func root(ofFixtures directory: String) -> String {
        let parent = (directory as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// The real path of `path` when it is a regular file inside `root` (both resolved, symlinks followed), else
    /// why it is refused.
    public static func resolve(_ path: String, inside root: String) -> Result<String, Refusal> {
        resolveFile(path, inside: root).map(\.path)
    }

    /// ``resolve(_:inside:)``, with the `stat` of the file it checked (for a caller that needs its size or times).
    static func resolveFile(_ path: String, inside root: String) -> Result<(path: String, info: stat), Refusal> {
        guard let real = realPath(path) else { return .failure(.missing) }
        guard let realRoot = realPath(root) else { return .failure(.outside(resolved: real)) }
        let prefix = realRoot.hasSuffix("/") ? realRoot : realRoot + "/"
        guard real.hasPrefix(prefix) else { return .failure(.outside(resolved: real)) }
        var info = stat()
        guard stat(real, &info) == 0 else { return .failure(.missing) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .success((real, info))
        case S_IFDIR: return .failure(.notRegular(kind: "directory"))
        case S_IFIFO: return .failure(.notRegular(kind: "FIFO"))
        case S_IFSOCK: return .failure(.notRegular(kind: "socket"))
        case S_IFCHR, S_IFBLK: return .failure(.notRegular(kind: "device"))
        default: return .failure(.notRegular(kind: "special file"))
        }
    }

    /// `text` with the session folder `root` left off every path inside it: `fixtures/orders.json:3:5` for
    /// `/home/ann/work/Sessions/shop/fixtures/orders.json:3:5`.
    ///
    /// How files are named to people who see the session from inside: `strata serve`'s clients (who have no business
    /// knowing where the server keeps its files) and the explorer's screen. The paths are those built from `root` as
    /// it was named (a session's `directory`); one starts at the start of `text` or after a space or `(`, so a path
    /// in a message (`looked for …`) is named the same way and a request path that merely contains the folder's
    /// name is left as it is.
    public static func relative(_ text: String, to root: String) -> String {
        guard !root.isEmpty else { return text }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var out = ""
        var rest = text[...]
        while let found = rest.range(of: prefix) {
            out += rest[..<found.lowerBound]
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            if before != nil && before != " " && before != "(" { out += rest[found] }
            rest = rest[found.upperBound...]
        }
        return out + rest
    }

    /// `path` with every symlink and `..` resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
