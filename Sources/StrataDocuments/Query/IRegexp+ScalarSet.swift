extension IRegexp {
    /// The scalars one position of a pattern accepts: `.`, a class such as `[^a-z\p{Nd}]`, or `\p{…}` / `\P{…}`.
    ///
    /// A scalar is in the set when it is in one of the ranges, its general category is one of `categories`, or
    /// (with `excluded`) its category is not one of those; `negated` (`[^…]`) turns the answer round.
    struct ScalarSet: Hashable, Sendable {
        /// Scalar values, sorted and merged by `normalize()`.
        var ranges: [ClosedRange<UInt32>] = []
        /// Categories named by `\p{…}` items.
        var categories: Categories = []
        /// The intersection of the categories named by `\P{…}` items: a scalar outside it is in the set.
        var excluded: Categories?
        /// True for `[^…]`.
        var negated = false

        /// `.`: every scalar but `\n` and `\r`.
        static let dot = ScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D], negated: true)

        /// Whether `c` is in the set.
        func contains(_ c: Unicode.Scalar) -> Bool { inItems(c) != negated }

        private func inItems(_ c: Unicode.Scalar) -> Bool {
            let v = c.value
            if ranges.count <= 8 {
                for r in ranges where r.contains(v) { return true }
            } else {
                var low = 0
                var high = ranges.count
                while low < high {
                    let mid = (low + high) / 2
                    if ranges[mid].upperBound < v {
                        low = mid + 1
                    } else {
                        high = mid
                    }
                }
                if low < ranges.count, ranges[low].contains(v) { return true }
            }
            guard !categories.isEmpty || excluded != nil else { return false }
            let category = Categories(c.properties.generalCategory)
            if categories.contains(category) { return true }
            if let excluded, !excluded.contains(category) { return true }
            return false
        }

        /// Sorts the ranges and merges those that overlap or touch.
        mutating func normalize() {
            ranges.sort { $0.lowerBound < $1.lowerBound }
            var merged: [ClosedRange<UInt32>] = []
            for r in ranges {
                if let last = merged.last, r.lowerBound <= last.upperBound &+ 1 {
                    merged[merged.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
                } else {
                    merged.append(r)
                }
            }
            ranges = merged
        }

        /// A set of Unicode general categories, one bit each.
        struct Categories: OptionSet, Hashable, Sendable {
            let rawValue: UInt32

            init(rawValue: UInt32) { self.rawValue = rawValue }

            /// The one category `category`.
            init(_ category: Unicode.GeneralCategory) {
                self.init(rawValue: 1 << Self.bit(category))
            }

            /// The categories an I-Regexp `\p{name}` names (`Lu`, or `L` for every letter), nil for another name.
            init?(named name: String) {
                guard let found = Self.names[name] else { return nil }
                self = found
            }

            private static func bit(_ category: Unicode.GeneralCategory) -> UInt32 {
                switch category {
                case .uppercaseLetter: 0
                case .lowercaseLetter: 1
                case .titlecaseLetter: 2
                case .modifierLetter: 3
                case .otherLetter: 4
                case .nonspacingMark: 5
                case .spacingMark: 6
                case .enclosingMark: 7
                case .decimalNumber: 8
                case .letterNumber: 9
                case .otherNumber: 10
                case .connectorPunctuation: 11
                case .dashPunctuation: 12
                case .openPunctuation: 13
                case .closePunctuation: 14
                case .initialPunctuation: 15
                case .finalPunctuation: 16
                case .otherPunctuation: 17
                case .mathSymbol: 18
                case .currencySymbol: 19
                case .modifierSymbol: 20
                case .otherSymbol: 21
                case .spaceSeparator: 22
                case .lineSeparator: 23
                case .paragraphSeparator: 24
                case .control: 25
                case .format: 26
                case .surrogate: 27
                case .privateUse: 28
                case .unassigned: 29
                @unknown default: 29
                }
            }

            /// RFC 9485's `IsCategory` names: the two-letter categories and their one-letter groups.
            static let names: [String: Categories] = {
                let two: [(String, Unicode.GeneralCategory)] = [
                    ("Lu", .uppercaseLetter), ("Ll", .lowercaseLetter), ("Lt", .titlecaseLetter),
                    ("Lm", .modifierLetter), ("Lo", .otherLetter), ("Mn", .nonspacingMark), ("Mc", .spacingMark),
                    ("Me", .enclosingMark), ("Nd", .decimalNumber), ("Nl", .letterNumber), ("No", .otherNumber),
                    ("Pc", .connectorPunctuation), ("Pd", .dashPunctuation), ("Ps", .openPunctuation),
                    ("Pe", .closePunctuation), ("Pi", .initialPunctuation), ("Pf", .finalPunctuation),
                    ("Po", .otherPunctuation), ("Sm", .mathSymbol), ("Sc", .currencySymbol), ("Sk", .modifierSymbol),
                    ("So", .otherSymbol), ("Zs", .spaceSeparator), ("Zl", .lineSeparator),
                    ("Zp", .paragraphSeparator), ("Cc", .control), ("Cf", .format), ("Co", .privateUse),
                    ("Cn", .unassigned),
                ]
                var names: [String: Categories] = [:]
                for (name, category) in two {
                    names[name] = Categories(category)
                    names[String(name.prefix(1)), default: []].formUnion(Categories(category))
                }
                // RFC 9485 has no `Cs`: a scalar is never a surrogate, but `C` holds the category all the same.
                names["C"]?.formUnion(Categories(.surrogate))
                return names
            }()
        }
    }
}
