/// English number rules, in the spirit of Rails' inflector: the data `Inflection` reads, and nothing else.
///
/// Each list is read top to bottom and the first entry that fits wins. Entries apply to the last word of a name
/// (`status_code`, `statusCode`: `code`), lowercased; a compound entry also fits the end of a longer word
/// (`salespeople` → `salesperson`), a whole-word entry only the word itself (`ox`, not `box`).
enum InflectionRules {
    /// Words with one form for both numbers.
    static let uncountable: Set<String> = [
        "news", "series", "species", "information", "equipment", "media", "data", "metadata", "sheep", "fish",
        "deer", "money", "rice", "police", "jeans", "feedback", "software", "hardware", "firmware", "advice",
        "bluetooth", "aircraft", "staff", "traffic", "content", "luggage", "baggage", "furniture", "knowledge",
        "research", "evidence", "music", "weather", "homework", "progress", "means", "headquarters", "moose",
    ]

    /// Endings the compound irregulars must not touch (`human` is not a `man`).
    static let regular: Set<String> = [
        "human", "humans", "german", "germans", "roman", "romans", "shaman", "shamans", "talisman", "talismans",
        "caiman", "caimans", "ottoman", "ottomans", "doberman", "dobermans", "shoe", "shoes", "canoe", "canoes",
    ]

    /// Irregular pairs: singular, plural, and whether the pair also ends longer words.
    static let irregular: [(singular: String, plural: String, compound: Bool)] = [
        ("person", "people", true), ("woman", "women", true), ("man", "men", true), ("child", "children", true),
        ("mouse", "mice", true), ("louse", "lice", true), ("goose", "geese", true), ("foot", "feet", true),
        ("tooth", "teeth", true), ("ox", "oxen", false), ("axis", "axes", false), ("basis", "bases", false),
        ("testis", "testes", false), ("criterion", "criteria", true), ("phenomenon", "phenomena", true),
        ("datum", "data", false), ("medium", "media", false), ("curriculum", "curricula", true),
        ("memorandum", "memoranda", true), ("bacterium", "bacteria", true), ("stratum", "strata", true),
        ("erratum", "errata", true), ("addendum", "addenda", true), ("millennium", "millennia", true),
        ("cactus", "cacti", true), ("alumnus", "alumni", true), ("fungus", "fungi", true),
        ("nucleus", "nuclei", true), ("radius", "radii", true), ("stimulus", "stimuli", true),
        ("syllabus", "syllabi", true), ("focus", "foci", true),
        ("hero", "heroes", true), ("potato", "potatoes", true), ("tomato", "tomatoes", true),
        ("echo", "echoes", true), ("veto", "vetoes", true), ("torpedo", "torpedoes", true),
        ("buffalo", "buffaloes", true), ("mosquito", "mosquitoes", true), ("domino", "dominoes", true),
        ("embargo", "embargoes", true),
        ("movie", "movies", true), ("cookie", "cookies", true), ("zombie", "zombies", true),
        ("calorie", "calories", true), ("rookie", "rookies", true), ("brownie", "brownies", true),
        ("selfie", "selfies", true), ("smoothie", "smoothies", true), ("genie", "genies", true),
        ("hippie", "hippies", true), ("goalie", "goalies", true), ("freebie", "freebies", true),
        ("sortie", "sorties", true), ("prairie", "prairies", true), ("tie", "ties", false), ("pie", "pies", false),
        ("lie", "lies", false), ("die", "dies", false),
        ("leaf", "leaves", true), ("sheaf", "sheaves", true), ("loaf", "loaves", true), ("thief", "thieves", true),
        ("wife", "wives", true), ("knife", "knives", true), ("life", "lives", false), ("scarf", "scarves", true),
        ("dwarf", "dwarves", true), ("quiz", "quizzes", true),
        ("matrix", "matrices", true), ("appendix", "appendices", true), ("radix", "radices", true),
        ("helix", "helices", true), ("vertex", "vertices", true), ("index", "indices", true),
        ("apex", "apices", true), ("cortex", "cortices", true), ("vortex", "vortices", true),
        ("codex", "codices", true),
        ("database", "databases", true), ("alias", "aliases", true), ("status", "statuses", true),
        ("abuse", "abuses", true), ("bus", "buses", true), ("virus", "viruses", true), ("campus", "campuses", true),
        ("bonus", "bonuses", true), ("census", "censuses", true), ("circus", "circuses", true),
        ("chorus", "choruses", true), ("prospectus", "prospectuses", true), ("apparatus", "apparatuses", true),
        ("plus", "pluses", true), ("sinus", "sinuses", true),
        ("analysis", "analyses", true), ("diagnosis", "diagnoses", true), ("thesis", "theses", true),
        ("crisis", "crises", true), ("synopsis", "synopses", true), ("parenthesis", "parentheses", true),
        ("prognosis", "prognoses", true), ("hypothesis", "hypotheses", true), ("emphasis", "emphases", true),
        ("oasis", "oases", true), ("ellipsis", "ellipses", true),
    ]

    /// Singular → plural by ending: a word ending in `ending` (not right after one of `notAfter`) gets
    /// `replacement` in its place.
    static let plural: [InflectionRule] = [
        .init("sis", "ses"),
        .init("us", "uses"),
        .init("ss", "sses"), .init("sh", "shes"), .init("ch", "ches"), .init("x", "xes"), .init("zz", "zzes"),
        .init("z", "zes"), .init("s", "ses"),
        .init("y", "ies", notAfter: "aeiou"),
        .init("ife", "ives"), .init("lf", "lves"),
        .init("", "s"),
    ]

    /// Plural → singular by ending, the same way.
    static let singular: [InflectionRule] = [
        .init("ss", "ss"), .init("us", "us"), .init("is", "is"),
        .init("eaches", "each"), .init("oaches", "oach"), .init("aches", "ache"),
        .init("sses", "ss"), .init("shes", "sh"), .init("ches", "ch"), .init("xes", "x"), .init("zzes", "zz"),
        .init("tzes", "tz"),
        .init("ies", "y"),
        .init("lves", "lf"),
        .init("s", ""),
    ]
}

/// One ending rule of `InflectionRules`.
struct InflectionRule: Sendable {
    let ending: [UInt8]
    let replacement: String
    let notAfter: [UInt8]

    init(_ ending: String, _ replacement: String, notAfter: String = "") {
        self.ending = Array(ending.utf8)
        self.replacement = replacement
        self.notAfter = Array(notAfter.utf8)
    }
}
