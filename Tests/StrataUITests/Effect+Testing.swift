import Strata
import StrataUI

extension Effect {
    /// The id, request and source of a `.send` effect, nil for any other: `try #require(effects.first?.sent)`.
    var sent: (id: Int, request: BuiltRequest, source: SourceMode)? {
        guard case .send(let id, let request, let source, _) = self else { return nil }
        return (id, request, source)
    }
}
