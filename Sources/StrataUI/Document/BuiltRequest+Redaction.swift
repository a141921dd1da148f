import Foundation
import Strata

extension BuiltRequest {
    /// `text` with this request's secrets hidden: its URL replaced by the redacted URL, and every secret value
    /// (as sent or percent-encoded) replaced by `<redacted>`. For messages that quote the request, such as a
    /// transport error naming the URL it could not reach.
    func redacting(_ text: String) -> String {
        var out = text.replacingOccurrences(of: url, with: redacted().url)
        for param in params where param.isSecret && param.value.count >= 3 {
            out = out.replacingOccurrences(of: param.value, with: ResolvedParam.redacted)
            var unreserved = CharacterSet.alphanumerics
            unreserved.insert(charactersIn: "-._~")
            if let encoded = param.value.addingPercentEncoding(withAllowedCharacters: unreserved),
                encoded != param.value
            {
                out = out.replacingOccurrences(of: encoded, with: ResolvedParam.redacted)
            }
        }
        return out
    }
}
