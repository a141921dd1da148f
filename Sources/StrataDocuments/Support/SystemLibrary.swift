/// A C library Strata loads when a feature first needs it, instead of linking it: what it is for, and how to
/// install it when it is missing.
///
/// The build needs neither library (see ARCHITECTURE.md, "C libraries loaded at run time"), so a fresh machine
/// builds and runs everything else; the feature that needs one says in one line what is missing and how to get it:
///
/// ```swift
/// SystemLibrary.libmicrohttpd.missing("libmicrohttpd.so.12: cannot open shared object file")
/// // libmicrohttpd is needed for serving; install it with `sudo apt-get install libmicrohttpd12` (Debian,
/// // Ubuntu), `sudo dnf install libmicrohttpd` (Fedora) or `brew install libmicrohttpd` (macOS) (it could not be
/// // loaded: libmicrohttpd.so.12: cannot open shared object file)
/// ```
public struct SystemLibrary: Sendable {
    /// The library's name (`libcurl`).
    public var name: String
    /// What needs it (`live requests`).
    public var neededFor: String
    /// The Debian and Ubuntu package of its runtime library (`libmicrohttpd12`).
    public var debian: String
    /// The Fedora package.
    public var fedora: String
    /// The Homebrew formula (macOS).
    public var homebrew: String

    /// libcurl: the live source's HTTP client (present wherever the Swift toolchain runs on Linux).
    public static let libcurl = SystemLibrary(
        name: "libcurl", neededFor: "live requests", debian: "libcurl4", fedora: "libcurl", homebrew: "curl")
    /// libmicrohttpd: `strata serve`'s HTTP server (and the explorer's `S`).
    public static let libmicrohttpd = SystemLibrary(
        name: "libmicrohttpd", neededFor: "serving", debian: "libmicrohttpd12", fedora: "libmicrohttpd",
        homebrew: "libmicrohttpd")

    /// One line: what needs the library, the install command for each system, then why it could not be loaded
    /// (`reason`, the loader's message), in that order so a status line cut short still says what to do.
    public func missing(_ reason: String) -> String {
        let why = reason.isEmpty ? "" : " (it could not be loaded: \(reason))"
        return
            "\(name) is needed for \(neededFor); install it with `sudo apt-get install \(debian)` (Debian, Ubuntu), `sudo dnf install \(fedora)` (Fedora) or `brew install \(homebrew)` (macOS)\(why)"
    }
}
