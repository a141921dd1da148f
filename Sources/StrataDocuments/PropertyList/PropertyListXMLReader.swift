import Foundation

/// Reads an XML property list from its XML tree, so keys keep document order and values keep element spans.
struct PropertyListXMLReader {
    /// The parsed XML document.
    let xml: Tree

    /// An open `<dict>` or `<array>`: its child elements and the next one to read.
    private struct Frame {
        var items: [Tree.Index]
        var next: Int
        var isDict: Bool
        var end: Int
    }

    func read() throws(ParseError) -> Tree {
        var builder = TreeBuilder(source: xml.source, format: .plist)
        guard let rootElement = xml.firstChild(Tree.root) else {
            throw ParseError("empty property list", at: 0, in: xml.source)
        }
        var top = rootElement
        if xml.key(rootElement) == "plist" {
            let values = try elements(of: rootElement)
            guard values.count == 1 else {
                throw failure(
                    values.count > 1 ? values[1] : rootElement,
                    "<plist> must hold exactly one value, found \(values.count)")
            }
            top = values[0]
        }
        var stack: [Frame] = []
        if let frame = try add(top, key: nil, to: &builder) { stack.append(frame) }
        while let frame = stack.last {
            guard frame.next < frame.items.count else {
                builder.endContainer(end: frame.end)
                stack.removeLast()
                continue
            }
            let item = frame.items[frame.next]
            var key: String? = nil
            var value = item
            if frame.isDict {
                guard xml.key(item) == "key" else {
                    throw failure(item, "expected <key> in <dict>, found <\(xml.key(item) ?? "")>")
                }
                key = try text(of: item)
                guard frame.next + 1 < frame.items.count else {
                    throw failure(item, "<key>\(key!)</key> has no value in <dict>")
                }
                value = frame.items[frame.next + 1]
                if xml.key(value) == "key" {
                    throw failure(value, "expected a value after <key>\(key!)</key>, found another <key>")
                }
            }
            stack[stack.count - 1].next += frame.isDict ? 2 : 1
            if let child = try add(value, key: key, to: &builder) { stack.append(child) }
        }
        return builder.build()
    }

    /// Writes element `e` as a value; returns a frame when it opened a container.
    private func add(_ e: Tree.Index, key: String?, to builder: inout TreeBuilder) throws(ParseError) -> Frame? {
        let span = xml.span(e)
        let name = xml.key(e) ?? ""
        switch name {
        case "dict", "array":
            let items = try elements(of: e)
            builder.beginContainer(name == "dict" ? .object : .array, key: key, start: span.lowerBound)
            return Frame(items: items, next: 0, isDict: name == "dict", end: span.upperBound)
        case "string":
            builder.scalar(.string, key: key, value: try text(of: e), start: span.lowerBound, end: span.upperBound)
        case "integer":
            let raw = try text(of: e).trimmed
            guard let value = PropertyListValues.integerText(raw) else {
                throw failure(e, "invalid <integer> '\(raw)': expected a whole number")
            }
            builder.scalar(.number, key: key, value: value, start: span.lowerBound, end: span.upperBound)
        case "real":
            let raw = try text(of: e).trimmed
            guard Double(raw) != nil || ["nan", "inf", "-inf", "+inf"].contains(raw.lowercased()) else {
                throw failure(e, "invalid <real> '\(raw)': expected a number")
            }
            builder.scalar(.number, key: key, value: raw, start: span.lowerBound, end: span.upperBound)
        case "true", "false":
            builder.scalar(.bool, key: key, bool: name == "true", start: span.lowerBound, end: span.upperBound)
        case "date":
            let raw = try text(of: e).trimmed
            guard PropertyListValues.isDate(raw) else {
                throw failure(e, "invalid <date> '\(raw)': expected YYYY-MM-DDTHH:MM:SSZ")
            }
            builder.scalar(.string, key: key, value: raw, start: span.lowerBound, end: span.upperBound)
        case "data":
            let raw = try text(of: e).filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: raw) else {
                throw failure(e, "invalid <data>: expected base64")
            }
            builder.scalar(
                .string, key: key, value: PropertyListValues.dataText(data), start: span.lowerBound,
                end: span.upperBound)
        case "key":
            throw failure(e, "<key> outside a <dict>")
        default:
            throw failure(e, "unknown property list element <\(name)>")
        }
        return nil
    }

    /// The child elements of `e`, refusing text between them.
    private func elements(of e: Tree.Index) throws(ParseError) -> [Tree.Index] {
        switch xml.kind(e) {
        case .string:
            if let s = xml.string(e), !s.trimmed.isEmpty {
                throw failure(e, "unexpected text '\(s.trimmed)' in <\(xml.key(e) ?? "")>")
            }
            return []
        case .object:
            var out: [Tree.Index] = []
            for c in xml.children(e) {
                let k = xml.key(c) ?? ""
                if k.hasPrefix("@") { continue }
                if k == "#text" {
                    throw failure(c, "unexpected text '\((xml.string(c) ?? "").trimmed)' in <\(xml.key(e) ?? "")>")
                }
                out.append(c)
            }
            return out
        default:
            return []
        }
    }

    /// The text content of a scalar element such as `<string>` (empty for `<string/>`).
    private func text(of e: Tree.Index) throws(ParseError) -> String {
        switch xml.kind(e) {
        case .string: return xml.string(e) ?? ""
        case .object:
            var s = ""
            for c in xml.children(e) {
                let k = xml.key(c) ?? ""
                if k == "#text" {
                    s += xml.string(c) ?? ""
                } else if !k.hasPrefix("@") {
                    throw failure(c, "<\(xml.key(e) ?? "")> cannot contain the element <\(k)>")
                }
            }
            return s
        default: return ""
        }
    }

    private func failure(_ node: Tree.Index, _ message: String) -> ParseError {
        ParseError(message, at: xml.startOffset(node), in: xml.source)
    }
}
