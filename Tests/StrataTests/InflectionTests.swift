import Strata
import Testing

/// English plurals from the inflection rules: both directions, compounds, and the name matching built on them.
@Suite struct InflectionTests {
    static let pairs: [(String, String)] = [
        ("category", "categories"), ("person", "people"), ("child", "children"), ("address", "addresses"),
        ("status", "statuses"), ("movie", "movies"), ("cookie", "cookies"), ("hero", "heroes"),
        ("leaf", "leaves"), ("bus", "buses"), ("quiz", "quizzes"), ("analysis", "analyses"),
        ("index", "indices"), ("matrix", "matrices"), ("vertex", "vertices"), ("salesperson", "salespeople"),
        ("news", "news"), ("series", "series"), ("species", "species"), ("information", "information"),
        ("equipment", "equipment"), ("media", "media"), ("data", "data"), ("box", "boxes"),
        ("church", "churches"), ("dish", "dishes"), ("buzz", "buzzes"), ("kiss", "kisses"),
        ("city", "cities"), ("day", "days"), ("key", "keys"), ("toy", "toys"), ("wife", "wives"),
        ("knife", "knives"), ("half", "halves"), ("wolf", "wolves"), ("shelf", "shelves"),
        ("potato", "potatoes"), ("tomato", "tomatoes"), ("photo", "photos"), ("video", "videos"),
        ("radio", "radios"), ("crisis", "crises"), ("thesis", "theses"), ("basis", "bases"),
        ("diagnosis", "diagnoses"), ("virus", "viruses"), ("campus", "campuses"), ("bonus", "bonuses"),
        ("cactus", "cacti"), ("alumnus", "alumni"), ("curriculum", "curricula"), ("bacterium", "bacteria"),
        ("criterion", "criteria"), ("phenomenon", "phenomena"), ("man", "men"), ("woman", "women"),
        ("mouse", "mice"), ("tooth", "teeth"), ("foot", "feet"), ("goose", "geese"), ("ox", "oxen"),
        ("human", "humans"), ("user", "users"), ("article", "articles"), ("alias", "aliases"),
        ("axis", "axes"), ("appendix", "appendices"), ("fireman", "firemen"), ("grandchild", "grandchildren"),
        ("status_code", "status_codes"), ("statusCode", "statusCodes"), ("StatusCode", "StatusCodes"),
        ("line_item", "line_items"), ("salesPerson", "salesPeople"), ("house", "houses"), ("cause", "causes"),
        ("sheep", "sheep"), ("fish", "fish"), ("money", "money"), ("zombie", "zombies"), ("tie", "ties"),
    ]

    @Test("every pair is one word's singular and plural, read both ways", arguments: pairs)
    func bothDirections(singular: String, plural: String) {
        #expect(Inflection.plural(singular) == plural)
        #expect(Inflection.singular(plural) == singular)
    }

    @Test("the table is at least 60 pairs")
    func tableSize() {
        #expect(Self.pairs.count >= 60)
    }

    @Test(
        "keys match properties in the other number, in any case style",
        arguments: [
            ("statuses", "status"), ("movies", "movie"), ("heroes", "hero"), ("leaves", "leaf"),
            ("buses", "bus"), ("quizzes", "quiz"), ("analyses", "analysis"), ("indices", "index"),
            ("salespeople", "salesperson"), ("status_codes", "statusCode"), ("statusCodes", "status_code"),
            ("medium", "media"), ("datum", "data"),
        ])
    func numberMatches(key: String, name: String) {
        #expect(NameMatching.rank(key: key, name: name) == .number)
        #expect(NameMatching.rank(key: name, name: key) == .number)
    }

    @Test(
        "words that only look alike do not match",
        arguments: [("state", "status"), ("statu", "status"), ("names_x", "name")])
    func nonMatches(key: String, name: String) {
        #expect(NameMatching.rank(key: key, name: name) == nil)
    }
}
