import Foundation
import StrataDocuments

/// A document read for import: the parsed tree turned into values that remember where they were written.
struct ImportValue: Sendable {
    indirect enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([ImportValue])
        case object([(String, ImportValue)])
    }

    var kind: Kind
    /// Which document of the import holds the value, and the byte offset where it starts.
    var document: Int
    var offset: Int

    subscript(key: String) -> ImportValue? {
        if case .object(let members) = kind { return members.first { $0.0 == key }?.1 }
        return nil
    }

    var string: String? { if case .string(let s) = kind { s } else { nil } }
    var members: [(String, ImportValue)] { if case .object(let m) = kind { m } else { [] } }
    var items: [ImportValue] { if case .array(let a) = kind { a } else { [] } }
    var isObject: Bool { if case .object = kind { true } else { false } }
    var isArray: Bool { if case .array = kind { true } else { false } }
    var bool: Bool? { if case .bool(let b) = kind { b } else { nil } }

    /// A scalar as text (`1`, `true`, `abc`), nil for containers and null.
    var scalarText: String? {
        switch kind {
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n
        case .string(let s): s
        default: nil
        }
    }

    /// The value as JSON to write.
    var json: OutputJSON {
        switch kind {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        case .array(let a): .array(a.map(\.json))
        case .object(let m): .object(m.map { ($0.0, $0.1.json) })
        }
    }
}

/// One file read for import: its name, bytes and values.
struct ImportDocument: Sendable {
    var file: String
    var bytes: [UInt8] { lines.bytes }
    var root: ImportValue
    /// The document's line index: every place named costs a binary search, not a scan from the start (a spec of
    /// 20 000 operations named a place for each, and took minutes).
    let lines: LineLocator

    /// A document read from `file`.
    init(file: String, bytes: [UInt8], root: ImportValue) {
        self.file = file
        self.root = root
        self.lines = LineLocator(bytes)
    }

    /// `FILE:LINE:COL` of a byte offset.
    func location(_ offset: Int) -> String {
        let (line, column) = lines.lineColumn(of: offset)
        return "\(file):\(line):\(column)"
    }

    /// Reads `file` as document number `index`, choosing the parser by its extension, then by its content
    /// (JSON, or YAML when a YAML parser is registered).
    static func read(_ file: String, index: Int = 0, registry: ParserRegistry = .standard) throws(ImportError)
        -> ImportDocument
    {
        let bytes: [UInt8]
        if file == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ImportError("\(file): cannot read the file (no such file, or not readable)")
            }
            bytes = Array(data)
        }
        return try parse(bytes, file: file, index: index, registry: registry)
    }

    /// Parses `bytes` named `file` into values.
    static func parse(_ bytes: [UInt8], file: String, index: Int = 0, registry: ParserRegistry = .standard)
        throws(ImportError) -> ImportDocument
    {
        var type = ParserRegistry.type(forPath: file)
        if type == nil || type == "text" {
            let first = bytes.first { !JSONBytes.isSpace($0) }
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                type = "json"
            } else if registry.parser(named: "yaml") != nil {
                type = "yaml"
            } else {
                type = "json"
            }
        }
        guard let type, let parser = registry.parser(named: type) else {
            throw ImportError("\(file):1:1: no parser reads this file (\(type ?? "unknown type")); convert it to JSON")
        }
        let tree: Tree
        do {
            tree = try parser.parse(bytes)
        } catch {
            throw ImportError(error.located(in: file))
        }
        guard tree.count > 0 else { throw ImportError("\(file):1:1: the document is empty") }
        var depthError: Int? = nil
        let root = value(tree, Tree.root, document: index, depth: 0, tooDeep: &depthError)
        if let at = depthError {
            let (line, column) = TextPosition.lineColumn(of: at, in: bytes)
            throw ImportError("\(file):\(line):\(column): nested more than \(maxDepth) levels deep")
        }
        return ImportDocument(file: file, bytes: bytes, root: root)
    }

    static let maxDepth = 256

    private static func value(_ tree: Tree, _ i: Tree.Index, document: Int, depth: Int, tooDeep: inout Int?)
        -> ImportValue
    {
        let offset = tree.startOffset(i)
        if depth > maxDepth {
            if tooDeep == nil { tooDeep = offset }
            return ImportValue(kind: .null, document: document, offset: offset)
        }
        let kind: ImportValue.Kind
        switch tree.kind(i) {
        case .null: kind = .null
        case .bool: kind = .bool(tree.bool(i) ?? false)
        case .number: kind = .number(tree.numberText(i) ?? tree.scalarText(i))
        case .string: kind = .string(tree.string(i) ?? "")
        case .array:
            kind = .array(
                tree.children(i).map { value(tree, $0, document: document, depth: depth + 1, tooDeep: &tooDeep) })
        case .object:
            kind = .object(
                tree.children(i).map {
                    (tree.key($0) ?? "", value(tree, $0, document: document, depth: depth + 1, tooDeep: &tooDeep))
                })
        }
        return ImportValue(kind: kind, document: document, offset: offset)
    }
}

/// Input an importer could not read, or output it would not write: the message says what and where
/// (`FILE:LINE:COL: message`).
public struct ImportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, with its place.
    public var description: String

    /// Creates an error with its message.
    public init(_ description: String) { self.description = description }
}
