/// A benchmark failure with a message for the person running it.
struct BenchError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String

    /// Creates an error with `message`.
    init(_ message: String) { description = message }
}
