import Foundation
import Strata

/// Writes a route's edits into session.json (``RouteEditsSave``, then ``AtomicFile``) and reads the session again,
/// off the UI loop.
enum EditsSaving {
    /// Saves `edits` of route `routeName` into the file `session` was read from, as it is on disk now; `request` is
    /// the route's request with the edits, whose scrubber keeps secrets' text out of what is written.
    static func save(
        routeName: String, edits: [ParamEdit], request: BuiltRequest?, session: Session, trust: TrustStore?
    ) -> EditsSaveOutcome {
        let file = session.file
        guard let data = FileManager.default.contents(atPath: file) else {
            return .failed("\(file) cannot be read; nothing was written")
        }
        let bytes = [UInt8](data)
        let current: Session
        do {
            current = try Session.parse(bytes, file: file, directory: session.directory)
        } catch {
            return .failed(
                "\(file) does not load as it is on disk (\(error.diagnostics.first?.description ?? "")); nothing was written"
            )
        }
        let scrubber = request?.scrubber
        let result: RouteEditsSave.Result
        do {
            result = try RouteEditsSave.apply(
                edits, route: routeName, session: current, to: bytes, file: file,
                scrub: { scrubber?.scrub($0) ?? $0 })
        } catch {
            return .failed(error.message)
        }
        if result.saved.isEmpty { return .saved(result, reloaded: nil) }
        do {
            _ = try AtomicFile.write(result.bytes, to: file, root: session.directory)
        } catch {
            return .failed(error.description)
        }
        let reloaded: Result<Session, SessionError>
        do throws(SessionError) {
            let loaded = try Session.load(from: file)
            reloaded = .success(trust?.applied(to: loaded) ?? loaded)
        } catch {
            reloaded = .failure(error)
        }
        return .saved(result, reloaded: reloaded)
    }
}
