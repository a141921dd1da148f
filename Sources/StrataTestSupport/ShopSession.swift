/// The shop session from the sessions reference (docs/sessions.md), as text for tests to write to a scratch folder.
public enum ShopSession {
    /// session.json; `baseURL` is filled in by `files(baseURL:)`.
    public static func sessionJSON(baseURL: String = "${env:SHOP_URL:-https://api.example.com/v1}") -> String {
        """
        {
          "name": "Shop",
          "baseURL": "\(baseURL)",
          "timeout": 30,
          "headers": { "Accept": "application/json" },
          "params": { "api_key": "${env:SHOP_KEY}" },
          "redact": ["api_key", "Authorization"],
          "routes": [
            { "name": "listProducts", "method": "GET", "path": "/products",
              "params": { "page": "1", "q": "" }, "map": { "class": "Product", "keyPath": "products" } },
            { "name": "product", "method": "GET", "path": "/products/{id}", "params": { "id": "1" }, "map": "Product" },
            { "name": "createOrder", "method": "POST", "path": "/orders", "body": "json",
              "params": { "product_id": "1", "quantity": "1", "X-Trace": { "value": "demo", "in": "header" } } }
          ],
          "mappings": {
            "Product": { "properties": { "id": "int", "name": "string" } }
          }
        }
        """
    }

    /// fixtures/products.json: two pairs for `/products` and one XML body file for `/products/1`.
    public static let productsFixture = """
        {
          "/products": [
            { "request": { "method": "GET", "params": { "page": "2" } },
              "response": { "status": 200, "headers": { "Content-Type": "application/json" },
                            "body": { "products": [ { "id": 3, "name": "Lamp" } ] } } },
            { "request": { "method": "GET" },
              "response": { "status": 200, "body": { "products": [] } } }
          ],
          "/products/1": [ { "response": { "status": 200, "bodyFile": "product-1.xml",
                                           "headers": { "Content-Type": "application/xml" } } } ]
        }
        """

    /// fixtures/product-1.xml.
    public static let productXML = "<product><id>1</id><name>Chair</name></product>\n"

    /// The files of the whole session, relative to its directory.
    public static func files(baseURL: String = "${env:SHOP_URL:-https://api.example.com/v1}") -> [String: String] {
        [
            "session.json": sessionJSON(baseURL: baseURL),
            "fixtures/products.json": productsFixture,
            "fixtures/product-1.xml": productXML,
        ]
    }
}
