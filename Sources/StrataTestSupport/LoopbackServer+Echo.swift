import Strata

extension LoopbackServer.Reply {
    /// A JSON echo of the request, like httpbin's `/anything`: method, path, query args, headers and body.
    public static func echo(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        func object(_ pairs: [(String, String)]) -> String {
            "{" + pairs.map { JSONString.quote($0.0) + ":" + JSONString.quote($0.1) }.joined(separator: ",") + "}"
        }
        let text =
            "{\"method\":\(JSONString.quote(request.method)),\"path\":\(JSONString.quote(request.path)),"
            + "\"args\":\(object(request.query.map { ($0.name, $0.value) })),"
            + "\"headers\":\(object(request.headers.map { ($0.name, $0.value) })),"
            + "\"body\":\(JSONString.quote(request.bodyText))}"
        return .json(text)
    }
}
