import Foundation

/// The sessions the user trusts, kept outside every session: `$XDG_CONFIG_HOME/strata/trusted`, by default
/// `~/.config/strata/trusted` (as direnv's `allow` keeps its list outside the folders it allows).
///
/// The file is lines a person can read, one per trusted session: the ``SessionTrust/fingerprint`` (SHA-256 of the
/// folder and what its session.json names), two spaces, then the folder. Lines starting with `#` are comments. A
/// session is trusted when its current fingerprint is in the file, so an edit to a command, a variable read or a
/// base URL (or moving the folder) needs trust again. One line per folder: trusting it again replaces its line.
/// The file is written through ``AtomicFile``.
///
/// ```
/// # Sessions trusted to run the programs their session.json names and to send environment variables to its
/// # base URLs (strata trust). One a line: the SHA-256 of the folder and what it names, then the folder.
/// 4f1c…9a2e  /home/ada/api/catalog
/// ```
public struct TrustStore: Sendable {
    /// One trusted session: its fingerprint when it was trusted, and its folder.
    public struct Entry: Sendable, Equatable {
        /// SHA-256 of the folder and what its session.json named, as 64 hex digits.
        public var fingerprint: String
        /// The session folder, absolute with symbolic links resolved.
        public var folder: String

        /// Creates an entry.
        public init(fingerprint: String, folder: String) {
            self.fingerprint = fingerprint
            self.folder = folder
        }
    }

    /// Why the file could not be read or written.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, naming the file.
        public var description: String
    }

    /// The file's path.
    public let file: String

    /// A store kept in `file`.
    public init(file: String) { self.file = file }

    /// The store at `$XDG_CONFIG_HOME/strata/trusted`, else `$HOME/.config/strata/trusted`; nil when neither is
    /// set to an absolute path (the XDG rule: a relative `XDG_CONFIG_HOME` is ignored).
    public static func standard(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TrustStore? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return TrustStore(file: Session.join(config, "strata/trusted"))
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return TrustStore(file: Session.join(home, ".config/strata/trusted"))
        }
        return nil
    }

    /// The comment at the top of the file.
    static let header = """
        # Sessions trusted to run the programs their session.json names and to send environment variables to its
        # base URLs (strata trust). One a line: the SHA-256 of the folder and what it names, then the folder.

        """

    /// The entries, in file order; none when there is no file. Lines that are not entries are left out.
    public func entries() throws(Failure) -> [Entry] {
        guard let data = FileManager.default.contents(atPath: file) else {
            if FileManager.default.fileExists(atPath: file) { throw Failure(description: "cannot read \(file)") }
            return []
        }
        var entries: [Entry] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fingerprint = line.prefix(64)
            let rest = line.dropFirst(64)
            guard fingerprint.count == 64, fingerprint.allSatisfy(\.isHexDigit), rest.hasPrefix("  "),
                rest.count > 2
            else { continue }
            entries.append(Entry(fingerprint: fingerprint.lowercased(), folder: String(rest.dropFirst(2))))
        }
        return entries
    }

    /// True when `trust` (a session's) is in the file as it is now; false when it is not, or the file cannot be
    /// read.
    public func trusts(_ trust: SessionTrust) -> Bool {
        ((try? entries()) ?? []).contains { $0.fingerprint == trust.fingerprint && $0.folder == trust.folder }
    }

    /// `session` with ``Session/isTrusted`` as this store says (a session that names nothing is trusted).
    public func applied(to session: Session) -> Session {
        var copy = session
        copy.isTrusted = session.trust.isEmpty || trusts(session.trust)
        return copy
    }

    /// Records `trust`, replacing the line of the same folder; false when it was recorded already.
    @discardableResult
    public func add(_ trust: SessionTrust) throws(Failure) -> Bool {
        guard !trust.folder.contains("\n"), !trust.folder.contains("\r") else {
            throw Failure(description: "cannot trust \(trust.folder): a folder whose path has a line break")
        }
        var entries = try entries()
        let entry = Entry(fingerprint: trust.fingerprint, folder: trust.folder)
        if entries.contains(entry) { return false }
        entries.removeAll { $0.folder == trust.folder }
        entries.append(entry)
        try write(entries)
        return true
    }

    /// Forgets the session in `folder` (absolute and resolved, as ``SessionTrust/folder``); false when it was not
    /// recorded.
    @discardableResult
    public func remove(folder: String) throws(Failure) -> Bool {
        var entries = try entries()
        let before = entries.count
        entries.removeAll { $0.folder == folder }
        guard entries.count != before else { return false }
        try write(entries)
        return true
    }

    /// Writes the header and `entries`, creating the folder it is in.
    private func write(_ entries: [Entry]) throws(Failure) {
        let directory = (file as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create \(directory): \(error.localizedDescription)")
        }
        let text = TrustStore.header + entries.map { "\($0.fingerprint)  \($0.folder)\n" }.joined()
        do {
            try AtomicFile.write(text, to: file)
        } catch {
            throw Failure(description: error.description)
        }
    }
}
