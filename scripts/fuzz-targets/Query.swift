// Fuzz target for JSONPath queries and their I-Regexp patterns (issue 35): the first line of an input is read as
// a pattern and as a query, the rest as the text to match and the document to query.
import Foundation

func fuzzQuery(_ bytes: [UInt8]) {
    let input = String(decoding: bytes, as: UTF8.self)
    let head = String(input.prefix { $0 != "\n" })
    let rest = input.count > head.count ? String(input.dropFirst(head.count + 1)) : ""
    fuzzPattern(head, over: rest)
    do {
        let query = try JSONPathQuery(head)
        guard let tree = try? JSONParser().parse(Array(rest.utf8)) else { return }
        let nodes = query.select(in: tree)
        invariant(nodes.allSatisfy { $0 >= 0 && $0 < tree.count }, "a selected node outside the tree")
        _ = tree.normalizedPaths(nodes)
    } catch {
        let count = head.unicodeScalars.count
        invariant(error.column >= 1 && error.column <= count + 1, "query error at column \(error.column) of \(count)")
    }
}

/// The pattern both ways over `text`: a whole match is a match somewhere, and search is match with anything
/// around the pattern; errors are placed inside the pattern.
func fuzzPattern(_ pattern: String, over text: String) {
    let whole: IRegexp
    let part: IRegexp
    do {
        whole = try IRegexp(pattern, whole: true)
        part = try IRegexp(pattern, whole: false)
    } catch {
        let count = pattern.unicodeScalars.count
        invariant(error.offset >= 0 && error.offset <= count, "pattern error at \(error.offset) of \(count)")
        return
    }
    let matched = whole.matches(text)
    let found = part.matches(text)
    invariant(!matched || found, "match() but not search() of \(pattern.debugDescription)")
    // Anchors are the text's ends, so (.|\n|\r)*(p)(.|\n|\r)* matches exactly where p is found.
    if let around = try? IRegexp("(.|\\n|\\r)*(" + pattern + ")(.|\\n|\\r)*", whole: true) {
        invariant(around.matches(text) == found, "search() and match() around disagree on \(pattern.debugDescription)")
    }
}
