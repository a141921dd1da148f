import Strata

/// Writes a response as a fixture pair through the session's `FixtureWriter` (redaction, atomic writes), off the
/// UI loop; asks first (by answering `exists`) when a pair for the same request is there and `overwrite` is off.
enum FixtureSaving {
    static func save(_ response: Response, for request: BuiltRequest, session: Session, overwrite: Bool)
        -> FixtureSaveOutcome
    {
        let writer = FixtureWriter(session: session)
        if !overwrite, let existing = writer.existingPair(for: request) { return .exists(file: existing.file) }
        do {
            return .written(try writer.write(response, for: request, overwrite: overwrite))
        } catch {
            return .failed(error.description)
        }
    }
}
