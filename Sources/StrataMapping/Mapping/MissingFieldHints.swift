import StrataDocuments

/// Why properties found no field in one object: "no field matches", with a likely typo among the fields no property
/// took, or a list of them.
///
/// An object's unmapped fields are prepared once for all its missing properties, and only the first
/// ``suggestionLimit`` look for a typo (each look compares with every unmapped field), so an object of thousands of
/// fields and a class of thousands of properties that do not meet cost linear time (3,000 of each took 19 s).
struct MissingFieldHints {
    /// How many missing properties of one object look for a likely typo; the later ones list the unmapped fields.
    static let suggestionLimit = 16

    private let keys: [String]
    /// The keys prepared for typo searches, on the first search.
    private var candidates: Suggestion.Candidates?
    private var suggestionsLeft = suggestionLimit

    /// Hints among the keys of the fields no property took, in document order.
    init(unmapped keys: [String]) { self.keys = keys }

    /// Why no field matched the property named `name`: the unmapped field it was probably meant for, or the list.
    mutating func reason(_ name: String) -> String {
        var s = "no field matches \(JSONString.quote(name))"
        if suggestionsLeft > 0, !keys.isEmpty {
            suggestionsLeft -= 1
            if candidates == nil { candidates = Suggestion.Candidates(keys) }
            if let guess = Suggestion.nearest(name, in: candidates!) {
                return s + Suggestion.phrase(guess, quoting: .json) + " set \"field\": \(JSONString.quote(guess))"
            }
        }
        if !keys.isEmpty {
            s += " (unmapped fields here: " + keys.prefix(8).joined(separator: ", ") + (keys.count > 8 ? ", …)" : ")")
        }
        return s
    }
}
