import Foundation

/// The one rule for which header fields belong to a single connection, so a proxy, a recording or an import never
/// passes them on.
extension HTTPHeaders {
    /// The names that describe one connection, lowercased: the hop-by-hop fields of RFC 9110 §7.6.1 (with
    /// `Proxy-Connection`, which clients still send) and `Content-Length`, which whoever sends the next hop sets for
    /// the body it sends.
    public static let connectionNames: Set<String> = [
        "connection", "proxy-connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade",
        "content-length",
    ]

    /// The names this message's `Connection` fields list as hop-by-hop too (`Connection: close, X-Trace`), lowercased.
    public var namesListedByConnection: Set<String> {
        var names: Set<String> = []
        for value in values("Connection") {
            for token in value.split(separator: ",") {
                let name = token.trimmingCharacters(in: .whitespaces).lowercased()
                if !name.isEmpty { names.insert(name) }
            }
        }
        return names
    }

    /// These headers without the ones that belong to one connection (``connectionNames`` and what `Connection`
    /// lists) and without the lowercased names in `extra`, in order.
    public func endToEnd(droppingAlso extra: Set<String> = []) -> HTTPHeaders {
        let listed = namesListedByConnection
        return HTTPHeaders(
            fields.filter {
                let name = $0.name.lowercased()
                return !HTTPHeaders.connectionNames.contains(name) && !listed.contains(name) && !extra.contains(name)
            })
    }
}
