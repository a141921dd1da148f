import Strata

/// Generates a deterministic JSON document shaped like a paged API response, of a requested size.
///
/// The document is `{"data":[user, user, ...],"meta":{...}}` where every user carries ids, names, nested
/// objects, arrays, floats, bools, nulls, escaped strings and non-ASCII text (accents, CJK, emoji, `\u` escapes
/// including surrogate pairs). It is compact (no whitespace), like most API bodies. The same seed and size always
/// give the same bytes, and the generator counts the values it writes so a parse can be checked against it.
struct BenchJSONGenerator {
    /// The generated JSON text.
    private(set) var bytes: [UInt8] = []
    /// The number of JSON values written (objects, arrays and scalars), i.e. the node count of a parse tree.
    private(set) var valueCount = 0
    /// The number of user records in `data`.
    private(set) var recordCount = 0

    private var random: SeededRandom

    /// Generates a document of at least `targetBytes` bytes (it stops after the record that crosses the target).
    init(targetBytes: Int, seed: UInt64 = 0x5EED_CAFE) {
        random = SeededRandom(seed: seed)
        bytes.reserveCapacity(targetBytes + 4096)
        generate(targetBytes: targetBytes)
    }

    private mutating func generate(targetBytes: Int) {
        valueCount += 1
        raw("{\"data\":[")
        valueCount += 1
        while bytes.count < targetBytes {
            if recordCount > 0 { raw(",") }
            user(id: 100_000 + recordCount)
            recordCount += 1
        }
        raw("],\"meta\":{")
        valueCount += 1
        key("count")
        int(recordCount)
        raw(",")
        key("page")
        int(1)
        raw(",")
        key("next")
        null()
        raw(",")
        key("generated_at")
        string("2026-01-01T00:00:00Z")
        raw("}}")
    }

    private mutating func user(id: Int) {
        valueCount += 1
        raw("{")
        key("id")
        int(id)
        raw(",")
        key("uuid")
        uuid()
        raw(",")
        let first = pick(BenchJSONGenerator.firstNames)
        let last = pick(BenchJSONGenerator.lastNames)
        key("name")
        string(first + " " + last)
        raw(",")
        key("email")
        string("user\(id)@example.com")
        raw(",")
        key("active")
        bool(random.next() & 1 == 0)
        raw(",")
        key("role")
        string(pick(BenchJSONGenerator.roles))
        raw(",")
        key("score")
        fixed(Int(random.next() % 100_000), decimals: 3)
        raw(",")
        key("balance")
        fixed(Int(random.next() % 2_000_000) - 1_000_000, decimals: 2)
        raw(",")
        key("created_at")
        timestamp()
        raw(",")
        key("tags")
        valueCount += 1
        raw("[")
        for t in 0..<Int(random.next() % 4) {
            if t > 0 { raw(",") }
            string(pick(BenchJSONGenerator.tags))
        }
        raw("],")
        key("address")
        address()
        raw(",")
        key("manager_id")
        if random.next() % 3 == 0 { null() } else { int(100_000 + Int(random.next() % UInt64(max(id - 99_999, 1)))) }
        raw(",")
        key("bio")
        bio()
        raw(",")
        key("preferences")
        preferences()
        raw(",")
        key("orders")
        valueCount += 1
        raw("[")
        for o in 0..<Int(random.next() % 4) {
            if o > 0 { raw(",") }
            order(id * 10 + o)
        }
        raw("]}")
    }

    private mutating func address() {
        valueCount += 1
        raw("{")
        key("street")
        string("\(random.next() % 300 + 1) \(pick(BenchJSONGenerator.streets))")
        raw(",")
        key("city")
        string(pick(BenchJSONGenerator.cities))
        raw(",")
        key("zip")
        string(String(10_000 + random.next() % 90_000))
        raw(",")
        key("country")
        string(pick(BenchJSONGenerator.countries))
        raw(",")
        key("geo")
        valueCount += 1
        raw("{")
        key("lat")
        fixed(Int(random.next() % 180_000_000) - 90_000_000, decimals: 6)
        raw(",")
        key("lng")
        fixed(Int(random.next() % 360_000_000) - 180_000_000, decimals: 6)
        raw("}}")
    }

    private mutating func preferences() {
        valueCount += 1
        raw("{")
        key("theme")
        string(random.next() & 1 == 0 ? "dark" : "light")
        raw(",")
        key("notifications")
        bool(random.next() % 3 != 0)
        raw(",")
        key("languages")
        valueCount += 1
        raw("[")
        for l in 0..<Int(1 + random.next() % 3) {
            if l > 0 { raw(",") }
            string(pick(BenchJSONGenerator.languages))
        }
        raw("],")
        key("page_size")
        int(Int(10 + random.next() % 5 * 10))
        raw("}")
    }

    private mutating func order(_ id: Int) {
        valueCount += 1
        raw("{")
        key("id")
        int(id)
        raw(",")
        key("total")
        fixed(Int(random.next() % 100_000), decimals: 2)
        raw(",")
        key("currency")
        string(pick(BenchJSONGenerator.currencies))
        raw(",")
        key("items")
        valueCount += 1
        raw("[")
        for i in 0..<Int(1 + random.next() % 3) {
            if i > 0 { raw(",") }
            valueCount += 1
            raw("{")
            key("sku")
            string("SKU-\(random.next() % 100_000)")
            raw(",")
            key("qty")
            int(Int(1 + random.next() % 5))
            raw(",")
            key("price")
            fixed(Int(random.next() % 50_000), decimals: 2)
            raw(",")
            key("discount")
            if random.next() & 1 == 0 { null() } else { fixed(Int(random.next() % 50), decimals: 2) }
            raw("}")
        }
        raw("],")
        key("shipped")
        bool(random.next() & 1 == 0)
        raw(",")
        key("note")
        if random.next() % 4 == 0 { rawString(pick(BenchJSONGenerator.notes)) } else { null() }
        raw("}")
    }

    private mutating func bio() {
        valueCount += 1
        bytes.append(UInt8(ascii: "\""))
        for k in 0..<Int(1 + random.next() % 3) {
            if k > 0 { bytes.append(UInt8(ascii: " ")) }
            bytes.append(contentsOf: pick(BenchJSONGenerator.bioFragments).utf8)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: Tokens

    private mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func key(_ s: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(s)
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    /// A string value whose text needs no escaping.
    private mutating func string(_ s: String) {
        valueCount += 1
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: s.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string value given as the already-escaped text between the quotes.
    private mutating func rawString(_ escaped: String) {
        valueCount += 1
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: escaped.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func int(_ v: Int) {
        valueCount += 1
        bytes.append(contentsOf: String(v).utf8)
    }

    /// A decimal number `v / 10^decimals` written with exactly `decimals` digits after the point.
    private mutating func fixed(_ v: Int, decimals: Int) {
        valueCount += 1
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        if v < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = abs(v)
        bytes.append(contentsOf: String(magnitude / scale).utf8)
        bytes.append(UInt8(ascii: "."))
        let fraction = String(magnitude % scale)
        for _ in fraction.count..<decimals { bytes.append(UInt8(ascii: "0")) }
        bytes.append(contentsOf: fraction.utf8)
    }

    private mutating func bool(_ v: Bool) {
        valueCount += 1
        if v { raw("true") } else { raw("false") }
    }

    private mutating func null() {
        valueCount += 1
        raw("null")
    }

    private mutating func uuid() {
        let hex = Array("0123456789abcdef".utf8)
        valueCount += 1
        bytes.append(UInt8(ascii: "\""))
        var a = random.next()
        var b = random.next()
        for k in 0..<32 {
            if k == 8 || k == 12 || k == 16 || k == 20 { bytes.append(UInt8(ascii: "-")) }
            if k < 16 {
                bytes.append(hex[Int(a & 15)])
                a >>= 4
            } else {
                bytes.append(hex[Int(b & 15)])
                b >>= 4
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func timestamp() {
        let r = random.next()
        let month = 1 + r % 12
        let day = 1 + (r >> 8) % 28
        let hour = (r >> 16) % 24
        let minute = (r >> 24) % 60
        let second = (r >> 32) % 60
        func two(_ v: UInt64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        string("20\(two(15 + (r >> 40) % 11))-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))Z")
    }

    private mutating func pick(_ list: [String]) -> String {
        list[Int(random.next() % UInt64(list.count))]
    }

    // MARK: Vocabulary

    static let firstNames = [
        "Ada", "Zoë", "José", "Łukasz", "Søren", "Amélie", "Chloé", "Björn", "Nuño", "Ana", "Grace", "Linus",
        "Aiko", "Mateo", "Fatima", "Olúwaseun", "Ngọc", "Ivan", "Σοφία", "Дмитрий", "美咲", "Joël", "Marta", "Kai",
    ]
    static let lastNames = [
        "Lovelace", "Müller", "García", "Dvořák", "O'Brien", "Nguyễn", "Kowalski", "Hopper", "Sørensen", "Øster",
        "Ibáñez", "Smith", "田中", "Иванова", "Παπαδόπουλος", "Adeyemi", "Kim", "Rossi", "Lefèvre", "Bauer",
    ]
    static let roles = ["admin", "editor", "viewer", "owner", "billing", "support"]
    static let tags = ["beta", "vip", "early-adopter", "newsletter", "trial", "enterprise", "edu", "legacy"]
    static let streets = [
        "Main Street", "Rue de l'Église", "Bahnhofstraße", "Calle Mayor", "Königsallee", "Via Roma",
        "Nørregade", "Ulica Długa", "Market St", "銀座通り",
    ]
    static let cities = [
        "Zürich", "Paris", "Berlin", "Madrid", "København", "Kraków", "Lisboa", "東京", "São Paulo", "New York",
        "Reykjavík", "Malmö",
    ]
    static let countries = ["CH", "FR", "DE", "ES", "DK", "PL", "PT", "JP", "BR", "US", "IS", "SE"]
    static let languages = ["en", "de", "fr", "es", "ja", "pt-BR", "da", "pl"]
    static let currencies = ["EUR", "USD", "CHF", "JPY", "GBP", "DKK"]
    /// Already-escaped string bodies: quotes, backslashes, control escapes, `\u` escapes, surrogate pairs.
    static let notes = [
        "Leave at the \\\"back door\\\"", "Gift wrap\\nCard: Happy birthday!", "Ref: C:\\\\orders\\\\2024",
        "Fragile \\u26a0\\ufe0f handle with care", "Deliver after 18:00\\tweekdays only",
    ]
    static let bioFragments = [
        "Builds \\\"clean\\\" APIs.", "Line one\\nLine two", "Path C:\\\\Users\\\\dev", "Caf\\u00e9 \\u00e9t\\u00e9",
        "Rocket \\ud83d\\ude80 and smile 😀", "日本語のテキストです。", "Tabs\\tand more tabs", "Ünïcödé is fine ✓",
        "Site: https:\\/\\/example.com\\/profile", "Loves coffee, cycling and long walks.",
        "Ελληνικά και русский текст", "Ships weekly; reviews daily.",
    ]
}
