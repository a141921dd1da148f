import Strata

/// What the response panes show: nothing yet, a processed response, or why there is none.
package enum ResponseArea: Sendable {
    /// No request has run.
    case empty
    /// The last response, parsed and mapped.
    case document(ResponseDocument)
    /// The last request got no response: the near-miss report of a mock miss, or a transport error.
    case failure(request: BuiltRequest, error: TransportError)

    /// The document, when there is one.
    package var document: ResponseDocument? {
        if case .document(let d) = self { return d }
        return nil
    }
}
