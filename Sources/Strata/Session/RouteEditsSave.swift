import StrataDocuments

/// Writing a route's edits (the explorer's param and body changes) into session.json as the route's own values,
/// as text edits: every other byte (layout, key order, other routes) stays as the person wrote it.
///
/// A value that is a secret is never written: a param the session treats as secret, or a value holding a secret's
/// text (`scrub` changes it), is left out and said so; moving a secret param keeps its `${env:…}` template.
public enum RouteEditsSave {
    /// session.json with the edits written, and what was and was not.
    public struct Result: Sendable, Equatable {
        /// The new session.json.
        public var bytes: [UInt8]
        /// What was written, one phrase per param or the body (`page = 2`, `api_key in query`, `the JSON body`).
        public var saved: [String]
        /// What was left out, each with why.
        public var left: [Left]
    }

    /// An edit left out of session.json.
    public struct Left: Sendable, Equatable, CustomStringConvertible {
        /// The param's name; "" for the JSON body.
        public var name: String
        /// Why, phrased for a person.
        public var reason: String

        /// `api_key: its value is a secret (…)`, or the reason alone for the body.
        public var description: String { name.isEmpty ? reason : "\(name): \(reason)" }
    }

    /// What is asked of one param, after all its edits.
    private struct Wish {
        var value: String?
        var location: ParamLocation?
        var remove = false
    }

    /// Where a param is declared in session.json.
    private enum Declaration {
        case routeParam(Tree.Index), routeHeader(Tree.Index), sessionParam(Tree.Index), sessionHeader(Tree.Index)
    }

    /// Writes `edits` of route `routeName` into `bytes` (session.json, named `file` in messages); `scrub` is the
    /// request's secret scrubber. Throws when the route cannot be found or the result would not load.
    public static func apply(
        _ edits: [ParamEdit], route routeName: String, session: Session, to bytes: [UInt8], file: String,
        scrub: (String) -> String
    ) throws(RequestError) -> Result {
        let tree: Tree
        do {
            tree = try JSONFormat().parse(bytes)
        } catch {
            throw RequestError(error.located(in: file) + " (fix session.json first; nothing was written)")
        }
        var text = JSONTextEdits(bytes: bytes, tree: tree)
        guard let routes = text.member(Tree.root, "routes"), tree.kind(routes) == .array,
            let route = tree.children(routes).first(where: { r in
                text.member(r, "name").flatMap { tree.string($0) } == routeName
            }), let declared = session.route(named: routeName)
        else {
            throw RequestError("\(file) has no route named '\(routeName)' (was it renamed?); nothing was written")
        }

        var order: [String] = []
        var wishes: [String: Wish] = [:]
        var body: JSONBodyTemplate?
        for edit in edits {
            if case .body(let template) = edit {
                body = template
                continue
            }
            if wishes[edit.name] == nil { order.append(edit.name) }
            var wish = wishes[edit.name] ?? Wish()
            switch edit {
            case .set(_, let value, let location):
                wish.value = value
                wish.remove = false
                if let location { wish.location = location }
            case .place(_, let location): wish.location = location
            case .remove: wish = Wish(remove: true)
            case .body: break
            }
            wishes[edit.name] = wish
        }

        func find(_ name: String, in container: Tree.Index?, ignoringCase: Bool) -> Tree.Index? {
            guard let container, tree.kind(container) == .object else { return nil }
            return tree.children(container).first {
                guard let key = tree.key($0) else { return false }
                return ignoringCase ? key.lowercased() == name.lowercased() : key == name
            }
        }
        let routeParams = text.member(route, "params")
        let routeHeaders = text.member(route, "headers")
        func declaration(_ name: String) -> Declaration? {
            if let n = find(name, in: routeParams, ignoringCase: false) { return .routeParam(n) }
            if let n = find(name, in: routeHeaders, ignoringCase: true) { return .routeHeader(n) }
            if let n = find(name, in: text.member(Tree.root, "params"), ignoringCase: false) {
                return .sessionParam(n)
            }
            if let n = find(name, in: text.member(Tree.root, "headers"), ignoringCase: true) {
                return .sessionHeader(n)
            }
            return nil
        }
        /// The value template as written in session.json (a string, or an object's `value`), and its `in`.
        func written(_ node: Tree.Index) -> (value: Tree.Index?, location: ParamLocation?) {
            if tree.kind(node) == .string { return (node, nil) }
            let location = text.member(node, "in").flatMap { tree.string($0) }.flatMap(ParamLocation.init(rawValue:))
            return (text.member(node, "value"), location)
        }
        func declaredLocation(_ name: String) -> ParamLocation {
            if declared.headers.contains(where: { $0.name.lowercased() == name.lowercased() }) { return .header }
            let spec = declared.params.first { $0.name == name }
            return spec?.location ?? ParamLocation.defaultLocation(for: declared.method)
        }

        var saved: [String] = []
        var left: [Left] = []
        var newParams: [(key: String, valueText: String)] = []
        var newHeaders: [(key: String, valueText: String)] = []
        for name in order {
            guard let wish = wishes[name] else { continue }
            let found = declaration(name)
            let location: ParamLocation
            switch found {
            case .routeHeader?, .sessionHeader?: location = wish.location ?? .header
            default: location = wish.location ?? declaredLocation(name)
            }
            if let value = wish.value {
                if session.keepsSecret(name, in: location) {
                    left.append(Left(name: name, reason: "its value is a secret (keep it in an environment variable)"))
                    continue
                }
                if scrub(value) != value {
                    left.append(Left(name: name, reason: "its value holds a secret's text"))
                    continue
                }
            }
            switch (found, wish.remove) {
            case (.routeParam(let n)?, true), (.routeHeader(let n)?, true):
                text.removeMember(n)
                saved.append("\(name) removed")
            case (_, true):
                left.append(
                    Left(name: name, reason: "it is a session default (remove it from the session's params or headers)")
                )
            case (.routeParam(let n)?, false):
                let (valueNode, writtenIn) = written(n)
                let valueText = wish.value.map(JSONString.quote) ?? valueNode.map(text.text(of:)) ?? "\"\""
                if let newIn = wish.location, newIn != (writtenIn ?? declaredLocation(name)) || tree.kind(n) != .string
                {
                    if tree.kind(n) == .string {
                        text.replaceValue(
                            of: n, with: "{ \"value\": \(valueText), \"in\": \(JSONString.quote(newIn.rawValue)) }")
                    } else {
                        if let valueNode, wish.value != nil { text.replaceValue(of: valueNode, with: valueText) }
                        if valueNode == nil { text.addMembers(to: n, [("value", valueText)]) }
                        if let inNode = text.member(n, "in") {
                            text.replaceValue(of: inNode, with: JSONString.quote(newIn.rawValue))
                        } else {
                            text.addMembers(to: n, [("in", JSONString.quote(newIn.rawValue))])
                        }
                    }
                } else if let valueNode {
                    text.replaceValue(of: valueNode, with: valueText)
                } else {
                    text.addMembers(to: n, [("value", valueText)])
                }
                saved.append(describe(name, wish))
            case (.routeHeader(let n)?, false):
                let valueText = wish.value.map(JSONString.quote) ?? text.text(of: n)
                if let newIn = wish.location, newIn != .header {
                    text.removeMember(n)
                    newParams.append((name, "{ \"value\": \(valueText), \"in\": \(JSONString.quote(newIn.rawValue)) }"))
                } else {
                    text.replaceValue(of: n, with: valueText)
                }
                saved.append(describe(name, wish))
            case (.sessionHeader?, false) where wish.location != nil && wish.location != .header,
                (.sessionParam?, false) where wish.location != nil:
                left.append(
                    Left(
                        name: name,
                        reason: "it is a session default, which one route cannot move (move it in the session's params)"
                    ))
                continue
            case (.sessionHeader(let n)?, false):
                newHeaders.append((name, wish.value.map(JSONString.quote) ?? text.text(of: n)))
                saved.append(describe(name, wish))
            case (.sessionParam(let n)?, false):
                let (valueNode, _) = written(n)
                newParams.append(
                    (name, wish.value.map(JSONString.quote) ?? valueNode.map(text.text(of:)) ?? "\"\""))
                saved.append(describe(name, wish))
            case (nil, false):
                guard let value = wish.value else { continue }
                let valueText = JSONString.quote(value)
                if let newIn = wish.location, newIn != ParamLocation.defaultLocation(for: declared.method) {
                    newParams.append((name, "{ \"value\": \(valueText), \"in\": \(JSONString.quote(newIn.rawValue)) }"))
                } else {
                    newParams.append((name, valueText))
                }
                saved.append(describe(name, wish))
            }
        }
        var routeMembers: [(key: String, valueText: String)] = []
        if !newParams.isEmpty {
            if let routeParams, tree.kind(routeParams) == .object {
                text.addMembers(to: routeParams, newParams)
            } else {
                routeMembers.append(("params", inline(newParams)))
            }
        }
        if !newHeaders.isEmpty {
            if let routeHeaders, tree.kind(routeHeaders) == .object {
                text.addMembers(to: routeHeaders, newHeaders)
            } else {
                routeMembers.append(("headers", inline(newHeaders)))
            }
        }
        if let body {
            let lines = body.text.split(separator: "\n", omittingEmptySubsequences: true)
            let bodyNode = text.member(route, "body")
            let indent = bodyNode.map(text.indent(of:)) ?? tree.firstChild(route).map(text.indent(of:)) ?? ""
            let template = lines.joined(separator: "\n" + indent + "  ")
            let scrubbed = scrub(template)
            if scrubbed != template {
                left.append(Left(name: "", reason: "the JSON body holds a secret's text"))
            } else {
                let valueText = "{ \"json\": " + template + " }"
                if let bodyNode {
                    text.replaceValue(of: bodyNode, with: valueText)
                } else {
                    routeMembers.append(("body", valueText))
                }
                saved.append("the JSON body")
            }
        }
        text.addMembers(to: route, routeMembers)

        let out = text.applied()
        do {
            _ = try Session.parse(out, file: file, directory: session.directory)
        } catch {
            throw RequestError(
                "the edits would make \(file) fail to load (\(error.description.split(separator: "\n").first ?? ""));"
                    + " nothing was written")
        }
        return Result(bytes: out, saved: saved, left: left)
    }

    /// A small object on one line.
    private static func inline(_ members: [(key: String, valueText: String)]) -> String {
        "{ " + members.map { JSONString.quote($0.key) + ": " + $0.valueText }.joined(separator: ", ") + " }"
    }

    /// `page = 2`, `api_key in query`, `X-Trace = a in query`.
    private static func describe(_ name: String, _ wish: Wish) -> String {
        var out = name
        if let value = wish.value { out += " = " + value }
        if let location = wish.location { out += " in " + location.rawValue }
        return out
    }
}
