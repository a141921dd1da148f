import Foundation

/// Finds the session to open: the one named on the command line, or the bundled demo.
package enum SessionLocator {
    /// The bundled demo session, relative to the repository root.
    package static let demo = "Sessions/demo"

    /// The session path to load: `argument` when given, else the demo found relative to `currentDirectory`, then
    /// relative to each folder above the executable (so `swift run strata` and `.build/debug/strata` work from the
    /// repository). Nil when no demo is found; the message of ``notFound(currentDirectory:executable:)`` says where
    /// it looked.
    package static func locate(_ argument: String?, currentDirectory: String, executable: String?) -> String? {
        if let argument { return argument }
        return candidates(currentDirectory: currentDirectory, executable: executable).first { directory in
            FileManager.default.fileExists(atPath: directory + "/session.json")
        }
    }

    /// Where the demo is looked for, in order.
    package static func candidates(currentDirectory: String, executable: String?) -> [String] {
        var out = [join(currentDirectory, demo)]
        if let executable {
            var url = URL(fileURLWithPath: executable, relativeTo: URL(fileURLWithPath: currentDirectory))
                .standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent()
            while url.path != "/" && !url.path.isEmpty {
                out.append(join(url.path, demo))
                url = url.deletingLastPathComponent()
            }
        }
        var seen: Set<String> = []
        return out.filter { seen.insert($0).inserted }
    }

    /// Why no session could be opened, naming the places searched.
    package static func notFound(currentDirectory: String, executable: String?) -> String {
        let places = candidates(currentDirectory: currentDirectory, executable: executable)
        return "no session given and the demo session was not found (looked in "
            + places.prefix(4).joined(separator: ", ") + (places.count > 4 ? ", …" : "")
            + "); run `strata PATH/TO/SESSION`"
    }

    static func join(_ a: String, _ b: String) -> String { a.hasSuffix("/") ? a + b : a + "/" + b }
}
