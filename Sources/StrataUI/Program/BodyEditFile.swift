import Foundation
import Strata

/// The temporary file a JSON body is edited in with `$EDITOR` (`B`): written, edited, read back, removed.
enum BodyEditFile {
    /// Runs `runEditor` on a private temporary copy of `text`; the text the editor left, or why there is none.
    static func edit(_ text: String, with runEditor: (String) -> String?) -> (text: String?, problem: String?) {
        let directory = NSTemporaryDirectory()
        let path = (directory as NSString).appendingPathComponent("strata-body-\(UUID()).json")
        do {
            _ = try AtomicFile.write(text, to: path)
        } catch {
            return (nil, "cannot write \(path): \(error)")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        if let problem = runEditor(path) { return (nil, problem) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, "the edited body \(path) cannot be read")
        }
        return (String(decoding: data, as: UTF8.self), nil)
    }
}
