import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// Field matching by key groups chooses what comparing every property with every key chose, and stays linear.
@Suite struct FieldMatchingTests {
    /// The matching as it was: for each rank, each property in order takes the first untaken key it matches.
    static func reference(_ cls: CompiledClass, isXML: Bool, keys: [String]) -> ([Slot], [Bool]) {
        var slots = [Slot](repeating: .none, count: cls.properties.count)
        var taken = [Bool](repeating: false, count: keys.count)
        var readThrough = [Bool](repeating: false, count: keys.count)
        func claim(_ pi: Int, _ m: Int, byNumber: Bool) {
            let p = cls.properties[pi]
            if isXML, p.type.isArrayLike {
                let same = keys.indices.filter { !taken[$0] && keys[$0] == keys[m] }
                if same.count > 1 || byNumber {
                    slots[pi] = .repeated(same)
                    for j in same { taken[j] = true }
                    return
                }
            }
            slots[pi] = .member(m)
            taken[m] = true
        }
        for pi in cls.active {
            guard let f = cls.properties[pi].field else { continue }
            // In XML a field finds the attribute or element of the other form (`id` → `@id`) when its own is missing.
            let first = f.firstKey.flatMap { k in
                keys.firstIndex(of: k)
                    ?? (isXML ? keys.firstIndex(of: k.hasPrefix("@") ? String(k.dropFirst()) : "@" + k) : nil)
            }
            if f.steps.count == 1, let m = first {
                claim(pi, m, byNumber: false)
            } else {
                slots[pi] = .path(f)
                if let m = first { readThrough[m] = true }
            }
        }
        let normalized = keys.map(NameMatching.normalized)
        for rank in [NameMatching.Rank.exact, .caseStyle, .number] {
            for pi in cls.active {
                let p = cls.properties[pi]
                guard p.field == nil, case .none = slots[pi] else { continue }
                for m in keys.indices where !taken[m] {
                    let hit: Bool
                    switch rank {
                    case .exact: hit = keys[m] == p.name
                    case .caseStyle: hit = normalized[m] == NameMatching.normalized(p.name)
                    case .number: hit = NameMatching.Forms(keys[m]).sameWords(NameMatching.Forms(p.name))
                    }
                    if hit {
                        claim(pi, m, byNumber: rank == .number && normalized[m] != NameMatching.normalized(p.name))
                        break
                    }
                }
            }
        }
        return (slots, zip(taken, readThrough).map { $0 || $1 })
    }

    /// Names that meet in every rank: case styles, XML prefixes, singulars and plurals (regular and not), and an
    /// empty name.
    static let vocabulary = [
        "id", "ID", "@id", "name", "names", "user_name", "userName", "UserNames", "user-names", "status", "statuses",
        "datum", "data", "person", "people", "People", "item", "items", "#text", "category", "categories", "child",
        "children", "Child_Ren", "x", "xs", "", "_", "address", "addresses",
    ]

    /// A slot as text, for comparing.
    static func text(_ slot: Slot) -> String {
        switch slot {
        case .none: "none"
        case .member(let m): "member \(m)"
        case .repeated(let ms): "repeated \(ms)"
        case .path(let f): "path \(f.text)"
        }
    }

    @Test("random classes and keys get the slots of the one-by-one comparison, in JSON and in XML")
    func sameChoicesAsComparingEveryPair() throws {
        var random = SeededRandom(seed: 20_261_201)
        let json = try JSONParser().parse(Array("{}".utf8))
        let xml = try XMLFormat().parse(Array("<r/>".utf8))
        for round in 0..<1000 {
            var properties: [PropertyMapping] = []
            var names = Set<String>()
            for _ in 0..<random.below(12) {
                let name = Self.vocabulary[random.below(Self.vocabulary.count)]
                guard name != "", names.insert(name).inserted else { continue }
                let type: MappingType = random.below(3) == 0 ? .array(.string) : .string
                let field: String? =
                    switch random.below(8) {
                    case 0: Self.vocabulary[random.below(Self.vocabulary.count)]
                    case 1: "items.name"
                    default: nil
                    }
                properties.append(PropertyMapping(name, type, field: field?.isEmpty == true ? nil : field))
            }
            let keys = (0..<random.below(16)).map { _ in Self.vocabulary[random.below(Self.vocabulary.count)] }
            let compiled = CompiledMappings(MappingSet([ClassMapping(name: "C", properties: properties)]))
            let cls = try #require(compiled["C"])
            for tree in [json, xml] {
                let run = MappingRun(tree: tree, compiled: compiled, maxDepth: 8)
                let (slots, taken) = run.matchFields(cls, active: cls.active, keys: keys)
                let (expectedSlots, expectedTaken) = Self.reference(cls, isXML: tree.format == .xml, keys: keys)
                #expect(
                    slots.map(Self.text) == expectedSlots.map(Self.text),
                    "round \(round), \(tree.format): properties \(properties.map(\.name)), keys \(keys)")
                #expect(taken == expectedTaken, "round \(round), \(tree.format): keys \(keys)")
            }
        }
    }

    @Test("a class of 20 000 properties meets an object of 20 000 fields in every rank")
    func wideObjects() throws {
        let n = 20_000
        let properties = (0..<n).map { PropertyMapping("itemName\($0)Categories", .string) }
        // A third exact, a third in snake case, a third singular.
        let keys = (0..<n).map { i in
            switch i % 3 {
            case 0: "itemName\(i)Categories"
            case 1: "item_name\(i)_categories"
            default: "itemName\(i)Category"
            }
        }
        let compiled = CompiledMappings(MappingSet([ClassMapping(name: "Wide", properties: properties)]))
        let cls = try #require(compiled["Wide"])
        let run = MappingRun(tree: try JSONParser().parse(Array("{}".utf8)), compiled: compiled, maxDepth: 8)
        let (slots, taken) = run.matchFields(cls, active: cls.active, keys: keys)
        #expect(slots.map(Self.text) == (0..<n).map { "member \($0)" })
        #expect(taken.allSatisfy { $0 })
    }
}
