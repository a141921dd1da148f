import StrataDocuments

/// One request a session can make: a name, a method, a path template and its params.
public struct Route: Sendable {
    /// The route's name, unique in its session (`listProducts`).
    public let name: String
    /// The HTTP method, upper case (`GET`).
    public let method: String
    /// The path template relative to the base URL, with `{name}` placeholders (`/products/{id}`).
    public let path: String
    /// The placeholder names in `path`, in order.
    public let placeholders: [String]
    /// `path` read once for matching concrete paths (serve answers each request by it).
    let pathTemplate: PathTemplate
    /// The route's own params, in file order; they override session params of the same name.
    public let params: [ParamSpec]
    /// The route's own headers, in file order; they override session headers of the same name.
    public let headers: [ParamSpec]
    /// How body params are encoded for POST, PUT and PATCH.
    public let body: BodyEncoding
    /// The body template from a `body` object (`json`, `raw` or `multipart`), or nil when body params are sent as
    /// a flat form or JSON object.
    public let bodyTemplate: BodyTemplate?
    /// How this route authenticates, over the session's and the environment's auth.
    public let auth: Auth?
    /// The parser to use for responses (`json`, `xml`), overriding the Content-Type header.
    public let contentType: String?
    /// A note for people.
    public let description: String?
    /// The node of the route's `map` value, read by the session into `Session.mapping(for:)`; only `Strata` looks
    /// at it.
    let mapNode: Tree.Index?
    /// The node of the route's `errorMap` value (what responses with a status of 400 or more map to), read like
    /// `map`.
    let errorMapNode: Tree.Index?
    /// What the route's responses must be (its `expect` object): `strata test` checks them, and the explorer after
    /// each run.
    public let expectations: Expectations?
    /// The route's object node in the session document.
    public let node: Tree.Index?

    /// Creates a route; sessions are normally loaded from a file instead.
    public init(
        name: String, method: String = "GET", path: String, params: [ParamSpec] = [], headers: [ParamSpec] = [],
        body: BodyEncoding = .form, bodyTemplate: BodyTemplate? = nil, auth: Auth? = nil,
        contentType: String? = nil, description: String? = nil, mapNode: Tree.Index? = nil,
        errorMapNode: Tree.Index? = nil, expectations: Expectations? = nil,
        node: Tree.Index? = nil
    ) {
        self.name = name
        self.method = method.uppercased()
        self.path = path
        self.pathTemplate = PathTemplate(path)
        self.placeholders = pathTemplate.names
        self.params = params
        self.headers = headers
        self.body = bodyTemplate?.encoding ?? body
        self.bodyTemplate = bodyTemplate
        self.auth = auth
        self.contentType = contentType
        self.description = description
        self.mapNode = mapNode
        self.errorMapNode = errorMapNode
        self.expectations = expectations
        self.node = node
    }

    /// The methods a route may use.
    public static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// The `{name}` placeholders of a path template, or a message saying what is malformed.
    public static func placeholders(in path: String) throws(TemplateError) -> [String] {
        try PathTemplate(path).checkedNames()
    }
}

/// How a route sends its body params.
public enum BodyEncoding: String, Sendable, CaseIterable {
    /// `application/x-www-form-urlencoded` (the default).
    case form
    /// A JSON object, `application/json` (or the route's JSON body template).
    case json
    /// The route's raw body template, with its content type.
    case raw
    /// The route's multipart/form-data template.
    case multipart
}
