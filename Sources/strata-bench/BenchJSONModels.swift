/// Codable structs matching `BenchJSONGenerator`'s document, for the JSONDecoder run.
struct BenchResponse: Codable {
    var data: [BenchUser]
    var meta: BenchMeta
}

/// The paging block at the end of the document.
struct BenchMeta: Codable {
    var count: Int
    var page: Int
    var next: String?
    var generatedAt: String

    enum CodingKeys: String, CodingKey {
        case count, page, next
        case generatedAt = "generated_at"
    }
}

/// One user record.
struct BenchUser: Codable {
    var id: Int
    var uuid: String
    var name: String
    var email: String
    var active: Bool
    var role: String
    var score: Double
    var balance: Double
    var createdAt: String
    var tags: [String]
    var address: BenchAddress
    var managerID: Int?
    var bio: String
    var preferences: BenchPreferences
    var orders: [BenchOrder]

    enum CodingKeys: String, CodingKey {
        case id, uuid, name, email, active, role, score, balance, tags, address, bio, preferences, orders
        case createdAt = "created_at"
        case managerID = "manager_id"
    }
}

/// A postal address with coordinates.
struct BenchAddress: Codable {
    var street: String
    var city: String
    var zip: String
    var country: String
    var geo: BenchGeo
}

/// Latitude and longitude.
struct BenchGeo: Codable {
    var lat: Double
    var lng: Double
}

/// A user's settings.
struct BenchPreferences: Codable {
    var theme: String
    var notifications: Bool
    var languages: [String]
    var pageSize: Int

    enum CodingKeys: String, CodingKey {
        case theme, notifications, languages
        case pageSize = "page_size"
    }
}

/// One order with its line items.
struct BenchOrder: Codable {
    var id: Int
    var total: Double
    var currency: String
    var items: [BenchItem]
    var shipped: Bool
    var note: String?
}

/// One order line.
struct BenchItem: Codable {
    var sku: String
    var qty: Int
    var price: Double
    var discount: Double?
}
