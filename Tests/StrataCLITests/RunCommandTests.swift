import Foundation
import StrataTestSupport
import Testing

private func json(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite struct RunCommandTests {
    @Test("run uses fixtures by default: the body on stdout, a summary line on stderr, exit 0")
    func mockByDefault() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(["run", dir.path, "listProducts", "-p", "page=2"])
        #expect(r.status == 0)
        #expect(r.stdout == #"{ "products": [ { "id": 3, "name": "Lamp" } ] }"# + "\n")
        #expect(
            r.stderr.hasPrefix(
                "200 OK · GET https://api.example.com/v1/products?page=2 · mock \(dir.path)/fixtures/products.json #1 · "
            ))
    }

    @Test("--json prints one object with request, source, fixture, response, parsed, mapped and issues")
    func jsonReport() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(
            ["run", dir.path, "listProducts", "--json", "-p", "sort=name"],
            environment: ["SHOP_KEY": "s3cret"])
        #expect(r.status == 0)
        #expect(!r.stdout.contains("s3cret"))
        let o = try json(r.stdout)
        let request = try #require(o["request"] as? [String: Any])
        #expect(request["method"] as? String == "GET")
        #expect(request["url"] as? String == "https://api.example.com/v1/products?page=1&api_key=<redacted>&sort=name")
        #expect((request["headers"] as? [String: String])?["Accept"] == "application/json")
        #expect(o["source"] as? String == "mock")
        let fixture = try #require(o["fixture"] as? [String: Any])
        #expect(fixture["file"] as? String == dir.path + "/fixtures/products.json")
        #expect(fixture["number"] as? Int == 2)
        let response = try #require(o["response"] as? [String: Any])
        #expect(response["status"] as? Int == 200)
        #expect(response["bodySize"] as? Int == 18)
        #expect(response["body"] as? String == #"{ "products": [] }"#)
        #expect(response["durationMs"] is NSNumber)
        #expect(o["parser"] as? String == "json")
        #expect((o["parsed"] as? [String: Any])?["products"] is [Any])
        #expect((o["mapped"] as? [Any])?.isEmpty == true)
        #expect((o["issues"] as? [Any])?.isEmpty == true)
    }

    @Test("a binary body is base64 in --json")
    func binaryBase64() throws {
        let dir = try ScratchDirectory(
            ShopSession.files().merging([
                "fixtures/o.json": #"{ "/orders": [ { "response": { "bodyFile": "b.bin" } } ] }"#
            ]) { $1 })
        defer { dir.remove() }
        try dir.write("fixtures/b.bin", bytes: [0xFF, 0x00, 0x01])
        let r = try StrataBinary.run(["run", dir.path, "createOrder", "--json"])
        let response = try #require(try json(r.stdout)["response"] as? [String: Any])
        #expect(response["body"] as? String == "/wAB")
        #expect(response["bodyEncoding"] as? String == "base64")
    }

    @Test("no matching fixture exits 1 with the near-miss report on stderr")
    func noMatch() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(["run", dir.path, "product", "-p", "id=9"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("strata: no fixture matches GET /products/9\nnearest pairs (of 3):\n"))
        #expect(r.stderr.contains("    path /products/9 ≠ /products/1\n"))
    }

    @Test("--fail exits 3 when the status is 400 or more, and 0 without it")
    func failOnErrorStatus() throws {
        let dir = try ScratchDirectory(
            ShopSession.files().merging([
                "fixtures/o.json": #"{ "/orders": [ { "response": { "status": 404, "body": { "error": "none" } } } ] }"#
            ]) { $1 })
        defer { dir.remove() }
        #expect(try StrataBinary.run(["run", dir.path, "createOrder", "--fail"]).status == 3)
        #expect(try StrataBinary.run(["run", dir.path, "createOrder"]).status == 0)
    }

    @Test("--fail exits 3 when the body does not parse, like a mapping error")
    func failOnUnparsedBody() throws {
        let dir = try ScratchDirectory(
            ShopSession.files().merging([
                "fixtures/o.json": #"""
                { "/orders": [ { "response": { "headers": { "Content-Type": "application/json" }, "body": "{oops" } } ] }
                """#
            ]) { $1 })
        defer { dir.remove() }
        #expect(try StrataBinary.run(["run", dir.path, "createOrder", "--fail"]).status == 3)
        #expect(try StrataBinary.run(["run", dir.path, "createOrder"]).status == 0)
    }

    @Test("--show parsed prints the tree and --show all prints every section")
    func views() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let parsed = try StrataBinary.run(["run", dir.path, "listProducts", "--show", "parsed"])
        #expect(parsed.stdout == "$ {} 1\n  products [] 0\n")
        let all = try StrataBinary.run(["run", dir.path, "listProducts", "--show", "all"])
        for section in ["== request", "== response", "== raw", "== parsed (json)", "== mapped", "== issues"] {
            #expect(all.stdout.contains(section + "\n"), "\(section)")
        }
    }

    @Test("--show mapped prints the objects, --show issues their problems, and --fail exits 3 on a mapping error")
    func mappedViews() throws {
        let dir = try ScratchDirectory(
            ShopSession.files().merging([
                "fixtures/bad.json":
                    #"{ "/products/7": [ { "response": { "body": { "id": "x7", "name": "Vase" } } } ] }"#
            ]) { $1 })
        defer { dir.remove() }
        let mapped = try StrataBinary.run(["run", dir.path, "listProducts", "-p", "page=2", "--show", "mapped"])
        #expect(mapped.status == 0)
        #expect(mapped.stdout.contains("Product"))
        #expect(mapped.stdout.contains("name: \"Lamp\""))
        let issues = try StrataBinary.run(["run", dir.path, "product", "-p", "id=7", "--show", "issues"])
        #expect(issues.status == 0)
        #expect(issues.stdout.contains("typeMismatch $.id Product.id"))
        let failing = try StrataBinary.run(["run", dir.path, "product", "-p", "id=7", "--fail"])
        #expect(failing.status == 3)
        let clean = try StrataBinary.run(["run", dir.path, "listProducts", "-p", "page=2", "--fail"])
        #expect(clean.status == 0)
    }

    @Test("--curl prints the request as curl with secrets read from their variables, without sending it")
    func curl() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(
            ["run", dir.path, "product", "-p", "id=42", "--curl"], environment: ["SHOP_KEY": "s3cret"])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                curl "https://api.example.com/v1/products/42?api_key=$SHOP_KEY" \\
                  -H 'Accept: application/json'

                """)
        #expect(r.stderr.isEmpty)
        // Unset, the variable's param is empty and left out, as the request built here leaves it: a warning says so.
        let unset = try StrataBinary.run(
            ["run", dir.path, "product", "-p", "id=42", "--curl"], environment: ["SHOP_KEY": nil])
        #expect(unset.status == 0)
        #expect(unset.stdout.hasPrefix("curl 'https://api.example.com/v1/products/42'"))
        #expect(
            unset.stderr
                == "strata: warning: SHOP_KEY is not set: param 'api_key' reads it as empty, and an empty param is not "
                + "sent\n")
    }

    @Test(
        "--code LANG prints the request as code in that language, secrets read from their variables; a name it does not know is a usage error"
    )
    func code() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(
            ["run", dir.path, "product", "-p", "id=42", "--code", "python"], environment: ["SHOP_KEY": "s3cret"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#"    "https://api.example.com/v1/products/42?api_key=" + os.environ["SHOP_KEY"],"#))
        #expect(!r.stdout.contains("s3cret"))
        let js = try StrataBinary.run(
            ["run", dir.path, "product", "--code", "js"], environment: ["SHOP_KEY": "s3cret"])
        #expect(js.stdout.contains("${process.env.SHOP_KEY}"))
        let unknown = try StrataBinary.run(["run", dir.path, "product", "--code", "pyton"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.hasPrefix(
                "strata: --code must be curl, httpie, python, javascript or swift (got 'pyton'); did you mean 'python'?"
            ))
        let both = try StrataBinary.run(["run", dir.path, "product", "--code", "swift", "--curl"])
        #expect(both.status == 2)
    }

    @Test("--source live sends to the base URL from the environment")
    func live() throws {
        let server = try LoopbackServer { .echo($0) }
        defer { server.stop() }
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(
            ["run", dir.path, "createOrder", "--source", "live", "--json", "-p", "quantity=3"],
            environment: ["SHOP_URL": server.baseURL, "SHOP_KEY": "k"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try json(r.stdout)
        #expect(o["source"] as? String == "live")
        #expect(o["fixture"] is NSNull)
        let echoed = try #require(o["parsed"] as? [String: Any])
        #expect(echoed["method"] as? String == "POST")
        #expect(echoed["body"] as? String == #"{"product_id":"1","quantity":"3","api_key":"k"}"#)
        #expect((echoed["headers"] as? [String: String])?["X-Trace"] == "demo")
    }

    @Test("a live send without a needed secret exits 1 naming the variable and the route")
    func liveNeedsSecret() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(["run", dir.path, "product", "--source", "live"], environment: ["SHOP_KEY": nil])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "strata: route 'product' needs environment variable SHOP_KEY (needed by param 'api_key') (set it, or give a default: ${env:NAME:-value})\n"
        )
    }

    @Test("without libcurl, a live send exits 1 saying what is missing and how to install it; mock still answers")
    func liveWithoutLibcurl() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let missing = dir.path + "/nowhere/libcurl.so.4"
        let live = try StrataBinary.run(
            ["run", dir.path, "product", "--source", "live"],
            environment: ["SHOP_URL": "http://127.0.0.1:9", "SHOP_KEY": "k", "STRATA_LIBCURL": missing])
        #expect(live.status == 1)
        #expect(live.stderr.split(separator: "\n").count == 1)
        #expect(
            live.stderr.contains(
                "failed: libcurl is needed for live requests; install it with `sudo apt-get install libcurl4` (Debian, Ubuntu), `sudo dnf install libcurl` (Fedora) or `brew install curl` (macOS) (it could not be loaded: \(missing): cannot open shared object file"
            ), "\(live.stderr)")
        let mock = try StrataBinary.run(["run", dir.path, "product"], environment: ["STRATA_LIBCURL": missing])
        #expect(mock.status == 0, "\(mock.stderr)")
    }

    @Test("usage mistakes exit 2; an unknown route exits 1 with the route list")
    func mistakes() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        #expect(try StrataBinary.run(["run", dir.path]).status == 2)
        #expect(try StrataBinary.run(["run", dir.path, "product", "--source", "cache"]).status == 2)
        #expect(try StrataBinary.run(["run", dir.path, "product", "-p", "novalue"]).status == 2)
        #expect(try StrataBinary.run(["run", dir.path, "product", "--show", "tree"]).status == 2)
        let r = try StrataBinary.run(["run", dir.path, "prodcut"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "strata: no route named 'prodcut' in session 'Shop'; did you mean 'product'? (routes: listProducts, product, createOrder)\n"
        )
    }
}
