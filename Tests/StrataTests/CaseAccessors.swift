import Strata

// Payloads of enum cases as optionals, so a test can `try #require` the case it goes on to check.

extension Result {
    /// The error of a failure, nil for a success.
    var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}

extension Response.Origin {
    /// The final URL and the redirects of a live response, nil for a fixture.
    var live: (url: String, redirects: [Response.Redirect])? {
        guard case .live(let url, let redirects) = self else { return nil }
        return (url, redirects)
    }
}

extension TransportError {
    /// The near-miss report of a mock miss, nil for any other error.
    var noMatchReport: NearMissReport? {
        guard case .noMatch(let report) = self else { return nil }
        return report
    }

    /// Whether the TLS handshake failed.
    var isTLS: Bool {
        guard case .tls = self else { return false }
        return true
    }
}
