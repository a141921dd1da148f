// Fuzz targets for the parsers: JSON, XML, XML and binary property lists, YAML, forms, and the registry's choice.
import Foundation

func fuzzJSON(_ bytes: [UInt8]) {
    do {
        let tree = try JSONParser().parse(bytes)
        checkTree(tree)
        // JSON read back from its canonical text is the same JSON.
        let again = try JSONParser().parse(Array(tree.canonicalJSON().utf8))
        invariant(again.canonicalJSON() == tree.canonicalJSON(), "canonical JSON is not stable")
    } catch {
        checkError(error, bytes)
    }
}

func fuzzXML(_ bytes: [UInt8]) { parseAndCheck(XMLFormat(), bytes) }

/// XML property lists: inputs that would be read as binary are left to `plist-binary`.
func fuzzPropertyListXML(_ bytes: [UInt8]) {
    guard !bytes.starts(with: Array("bplist".utf8)) else { return }
    parseAndCheck(PropertyListFormat(), bytes)
}

/// Binary property lists: every input gets the `bplist00` magic if it lacks it.
func fuzzPropertyListBinary(_ bytes: [UInt8]) {
    let magic = Array("bplist00".utf8)
    parseAndCheck(PropertyListFormat(), bytes.starts(with: magic) ? bytes : magic + bytes)
}

func fuzzForm(_ bytes: [UInt8]) { parseAndCheck(FormFormat(), bytes) }

/// YAML through libyaml: a tree or a positioned error, spans inside the input in document order, and the alias
/// limit keeping every tree small.
func fuzzYAML(_ bytes: [UInt8]) {
    do {
        let tree = try YAMLFormat().parse(bytes)
        checkTree(tree)
        let most = 10_000 + 30 * bytes.count
        invariant(tree.count <= most, "\(tree.count) nodes from \(bytes.count) bytes")
        var previous = 0
        for i in tree.indices {
            let span = tree.span(i)
            invariant(span.lowerBound >= previous && span.upperBound <= bytes.count, "span \(span) of node \(i)")
            previous = span.lowerBound
        }
    } catch {
        checkError(error, bytes)
    }
}

/// The Content-Types the registry target chooses from with its first byte.
let registryContentTypes: [String?] = [
    nil, "application/json", "application/vnd.api+json; charset=utf-8", "text/xml", "application/atom+xml",
    "application/x-plist", "application/yaml", "application/x-www-form-urlencoded", "text/plain",
    "text/plain; charset=iso-8859-1", "application/octet-stream", "image/png", "text/html; charset=windows-1252", "",
    ";",
]

/// Choosing a parser by Content-Type, sniffing and falling back: never fails, always a tree or an error.
func fuzzRegistry(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let contentType = registryContentTypes[Int(first) % registryContentTypes.count]
    let body = Array(bytes.dropFirst())
    let outcome = ParserRegistry.standard.parse(body, contentType: contentType)
    invariant(outcome.tree != nil || outcome.error != nil, "neither tree nor error")
    if let tree = outcome.tree { checkTree(tree) }
    if let error = outcome.error { checkError(error, body) }
    if contentType == nil {
        invariant(outcome.tree != nil || outcome.parser != "text", "the text fallback failed")
    }
}
