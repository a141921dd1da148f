import Foundation
import StrataTestSupport
import Testing

@Suite struct RoutesCommandTests {
    @Test("routes lists each route with method, path and params, secrets only as their templates")
    func listsRoutes() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(["routes", dir.path], environment: ["SHOP_KEY": "s3cret"])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                Shop — ${env:SHOP_URL:-https://api.example.com/v1}
                headers: Accept: application/json

                listProducts  GET    /products
                    page    = "1"  (query, route default)
                    q       = ""  (query, route default)
                    api_key = "${env:SHOP_KEY}"  (query, session default)

                product       GET    /products/{id}
                    id      = "1"  (path, route default)
                    api_key = "${env:SHOP_KEY}"  (query, session default)

                createOrder   POST   /orders
                    product_id = "1"  (body, route default)
                    quantity   = "1"  (body, route default)
                    X-Trace    = "demo"  (header, route default)
                    api_key    = "${env:SHOP_KEY}"  (body, session default)

                """)
        #expect(!r.stdout.contains("s3cret"))
    }

    @Test("routes --json gives each route's params with where they go and where they come from")
    func listsRoutesAsJSON() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(["routes", dir.path + "/session.json", "--json"])
        #expect(r.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let routes = try #require(object["routes"] as? [[String: Any]])
        #expect(routes.map { $0["name"] as? String } == ["listProducts", "product", "createOrder"])
        let params = try #require(routes[1]["params"] as? [[String: Any]])
        #expect(params.first?["name"] as? String == "id")
        #expect(params.first?["in"] as? String == "path")
        #expect(params.first?["from"] as? String == "route")
        #expect(routes[2]["method"] as? String == "POST")
        #expect(routes[2]["body"] as? String == "json")
    }

    @Test("a broken session exits 1 listing every problem as file:line:col")
    func brokenSession() throws {
        let dir = try ScratchDirectory(["session.json": #"{ "routes": [ { "name": "a" } ], "extra": 1 }"#])
        defer { dir.remove() }
        let r = try StrataBinary.run(["routes", dir.path])
        #expect(r.status == 1)
        #expect(
            r.stderr == """
                strata: cannot load session:
                \(dir.path)/session.json:1:15: route 'a' has no 'path'
                \(dir.path)/session.json:1:34: unknown key 'extra' in the session (known keys: name, description, baseURL, timeout, headers, params, redact, auth, environments, routes, mappings, parsers, serve, history, tls, proxy, connectTimeout, maxBodyBytes)

                """)
    }

    @Test("the explorer and screenshot say a broken session as every command does, before any terminal is opened")
    func brokenSessionEverywhere() throws {
        let dir = try ScratchDirectory(["session.json": #"{ "routes": [ { "name": "a" } ], "extra": 1 }"#])
        defer { dir.remove() }
        let routes = try StrataBinary.run(["routes", dir.path])
        #expect(routes.stderr.hasPrefix("strata: cannot load session:\n\(dir.path)/session.json:1:15: "))
        for args in [[dir.path], ["screenshot", dir.path, "--out", dir.url("shot")]] {
            let r = try StrataBinary.run(args)
            #expect(r.status == 1, "\(args)")
            #expect(r.stderr == routes.stderr, "\(args)")
        }
    }

    @Test("routes without a session is a usage error")
    func usage() throws {
        let r = try StrataBinary.run(["routes"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("usage: strata routes SESSION [--json]"))
    }
}
