import Foundation

/// `SESSION/.strata/`: what Strata keeps for a session that is not part of it (the history, the last checks of each
/// route), kept out of git by the `.gitignore` it writes there.
enum StrataFolder {
    /// `DIRECTORY/.strata`, for the session folder `directory`.
    static func path(ofSession directory: String) -> String { Session.join(directory, ".strata") }

    /// Creates `folder` (below the session folder `root`) when missing, checking before and after that it resolves
    /// inside `root` (a symlinked `.strata` must not get a folder made outside), and writes a `.gitignore` into the
    /// topmost folder made below `root` (`.strata`) when it has none. Returns why it could not, naming the folder.
    static func prepare(_ folder: String, root: String) throws(FolderError) {
        var existing = folder
        while !FileManager.default.fileExists(atPath: existing), existing != "/", !existing.isEmpty {
            existing = (existing as NSString).deletingLastPathComponent
        }
        try checkInside(existing, folder: folder, root: root, orRoot: true)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FolderError(message: "cannot create \(folder): \(error.localizedDescription)")
        }
        try checkInside(folder, folder: folder, root: root, orRoot: false)
        let below = folder.hasPrefix(root + "/") ? String(folder.dropFirst(root.count + 1)) : ""
        guard let first = below.split(separator: "/").first else { return }
        let ignore = Session.join(Session.join(root, String(first)), ".gitignore")
        guard !FileManager.default.fileExists(atPath: ignore) else { return }
        do {
            try AtomicFile.write(
                "# Written by strata: what it keeps for the session (history, checks) stays out of git.\n*\n",
                to: ignore, root: root)
        } catch {
            throw FolderError(message: error.description)
        }
    }

    /// Refuses `path` unless it resolves inside the session folder `root` (or is `root` itself, with `orRoot`).
    private static func checkInside(_ path: String, folder: String, root: String, orRoot: Bool) throws(FolderError) {
        guard let real = SessionFiles.realPath(path), let realRoot = SessionFiles.realPath(root) else {
            throw FolderError(message: "\(folder) cannot be resolved; nothing was written")
        }
        let prefix = realRoot.hasSuffix("/") ? realRoot : realRoot + "/"
        guard real.hasPrefix(prefix) || (orRoot && real == realRoot) else {
            throw FolderError(
                message: "\(folder) resolves to \(real), outside the session folder \(root); nothing was written")
        }
    }

    /// Why a folder could not be made.
    struct FolderError: Error {
        var message: String
    }
}
