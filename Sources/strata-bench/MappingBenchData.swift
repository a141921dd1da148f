import Foundation
import Strata

/// The benchmark's model, data and Codable twins.
enum MappingBenchData {
    /// `User` (ints, strings, a double, a bool, an ISO 8601 date, a nested `Address`) mapped by name matching.
    static let mappings = MappingSet([
        ClassMapping(
            name: "User",
            properties: [
                PropertyMapping("id", .int),
                PropertyMapping("name", .string),
                PropertyMapping("email", .string),
                PropertyMapping("score", .double),
                PropertyMapping("active", .bool),
                PropertyMapping("createdAt", .date, format: .iso8601),
                PropertyMapping("address", .object("Address")),
            ]),
        ClassMapping(
            name: "Address",
            properties: [
                PropertyMapping("street", .string),
                PropertyMapping("city", .string),
                PropertyMapping("zip", .string),
            ]),
    ])

    /// `{"users": [...]}` with `count` users.
    static func document(count: Int) -> [UInt8] {
        var s = "{\"users\":["
        s.reserveCapacity(count * 220)
        for i in 0..<count {
            if i > 0 { s += "," }
            let day = i % 28 + 1
            let second = i % 60
            s +=
                "{\"id\":\(i),\"name\":\"User \(i)\",\"email\":\"user\(i)@example.com\",\"score\":\(Double(i % 1000) / 8),"
            s += "\"active\":\(i % 3 == 0 ? "true" : "false"),"
            s += "\"created_at\":\"2020-03-\(day < 10 ? "0" : "")\(day)T12:34:\(second < 10 ? "0" : "")\(second)Z\","
            s +=
                "\"address\":{\"street\":\"\(i) Main Street\",\"city\":\"Springfield\",\"zip\":\"\(10000 + i % 90000)\"}}"
        }
        s += "]}"
        return Array(s.utf8)
    }

    struct Root: Codable {
        var users: [User]
    }

    struct User: Codable {
        var id: Int
        var name: String
        var email: String
        var score: Double
        var active: Bool
        var createdAt: Date
        var address: Address

        enum CodingKeys: String, CodingKey {
            case id, name, email, score, active, address
            case createdAt = "created_at"
        }
    }

    struct Address: Codable {
        var street: String
        var city: String
        var zip: String
    }

    /// A JSONDecoder with an ISO 8601 date strategy (or a POSIX DateFormatter when `formatter`).
    static func decoder(formatter: Bool = false) -> JSONDecoder {
        let d = JSONDecoder()
        if formatter {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = "yyyy-MM-dd'T'HH:mm:ssXXXXX"
            d.dateDecodingStrategy = .formatted(f)
        } else {
            d.dateDecodingStrategy = .iso8601
        }
        return d
    }

    /// Fails when the mapped values differ from the decoded ones.
    static func compare(_ mapped: MappingResult, _ decoded: Root) throws {
        for (k, id) in mapped.children(of: 0).enumerated() where k % 997 == 0 {
            let u = decoded.users[k]
            let date = mapped.child(of: id, named: "createdAt").map { mapped[$0].content }
            let name = mapped.child(of: id, named: "name").map { mapped[$0].content }
            guard date == .date(u.createdAt), name == .string(u.name) else {
                throw MappingBenchError("user \(k) differs: \(String(describing: date)) vs \(u.createdAt)")
            }
        }
    }
}
