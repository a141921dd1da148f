/// A change the user makes to a route's params before sending: set a value (adding the param when the route has
/// none of that name) or remove it.
public enum ParamEdit: Sendable, Equatable {
    /// Sets `name` to `value`; a new param goes to `location`, or where the method puts params when nil.
    case set(name: String, value: String, location: ParamLocation? = nil)
    /// Leaves `name` out of the request.
    case remove(name: String)
    /// Sends `name` in `location` instead of where it was going.
    case place(name: String, location: ParamLocation)
    /// Sends `template` as the JSON body instead of the route's (edited in the explorer with `B`).
    case body(JSONBodyTemplate)

    /// The param the edit is about.
    public var name: String {
        switch self {
        case .set(let name, _, _), .remove(let name), .place(let name, _): name
        case .body: ""
        }
    }

    /// Reads `NAME=VALUE` as given to `-p`; a missing `=` is an error that says so.
    public init(parsing text: String) throws(RequestError) {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
            throw RequestError("'\(text)' is not NAME=VALUE")
        }
        self = .set(name: String(text[..<eq]), value: String(text[text.index(after: eq)...]))
    }
}

/// A request that cannot be built as asked: which param and why.
public struct RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problem, phrased for a person.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
