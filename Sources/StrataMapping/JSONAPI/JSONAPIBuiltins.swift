/// The classes Strata brings for JSON:API documents: error objects and their `source`.
///
/// A session may define classes with the same names to map errors differently; its own then win.
public enum JSONAPIBuiltins {
    /// The class of the mapped document root: `data`, `errors`, `meta`, `links`, `jsonapi`.
    public static let documentClassName = "JSONAPIDocument"

    /// `JSONAPIError`: id, status, code, title, detail, source (pointer, parameter, header), links, meta.
    public static let errorClass = ClassMapping(
        name: "JSONAPIError",
        properties: [
            PropertyMapping("id", .string, optional: true),
            PropertyMapping("status", .string, optional: true),
            PropertyMapping("code", .string, optional: true),
            PropertyMapping("title", .string, optional: true),
            PropertyMapping("detail", .string, optional: true),
            PropertyMapping("source", .object("JSONAPIErrorSource"), optional: true),
            PropertyMapping("links", .any, optional: true),
            PropertyMapping("meta", .any, optional: true),
        ])

    /// `JSONAPIErrorSource`: pointer, parameter, header.
    public static let errorSourceClass = ClassMapping(
        name: "JSONAPIErrorSource",
        properties: [
            PropertyMapping("pointer", .string, optional: true),
            PropertyMapping("parameter", .string, optional: true),
            PropertyMapping("header", .string, optional: true),
        ])

    /// The built-in classes.
    public static let classes = [errorClass, errorSourceClass]
}
