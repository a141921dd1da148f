import Foundation

/// A loopback HTTPS server with a self-signed certificate made for the test: `openssl` makes the certificate (for
/// `127.0.0.1` and `localhost`) and a small Python `http.server` wrapped in TLS answers every GET with
/// `{"tls":true}`.
public final class TLSTestServer: @unchecked Sendable {
    /// The port it listens on (127.0.0.1).
    public let port: Int
    /// The self-signed certificate, PEM (it is its own CA).
    public let certificatePEM: String
    private let process: RunningChild
    private let scratch: ScratchDirectory

    /// `https://127.0.0.1:PORT`.
    public var baseURL: String { "https://127.0.0.1:\(port)" }

    /// True when `openssl` and `python3` are on PATH, so the server can start.
    public static var isAvailable: Bool {
        ["openssl", "python3"].allSatisfy { ChildProcess.executable(named: $0) != nil }
    }

    /// Makes the certificate and starts the server; returns once it listens.
    public init() throws {
        scratch = try ScratchDirectory()
        let made = try ChildProcess.run(
            "/usr/bin/env",
            [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", scratch.url("key.pem"), "-out",
                scratch.url("cert.pem"), "-days", "2", "-subj", "/CN=strata-test",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            ])
        guard made.status == 0, let pem = scratch.read("cert.pem") else {
            throw LoopbackError("openssl could not make a certificate: \(made.stderr)")
        }
        certificatePEM = pem
        let script = """
            import http.server, ssl, sys
            class H(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    body = b'{"tls":true}'
                    self.send_response(200)
                    self.send_header('Content-Type', 'application/json')
                    self.send_header('Content-Length', str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                def log_message(self, *a): pass
            s = http.server.ThreadingHTTPServer(('127.0.0.1', 0), H)
            c = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            c.load_cert_chain(sys.argv[1], sys.argv[2])
            s.socket = c.wrap_socket(s.socket, server_side=True)
            print(s.server_address[1], flush=True)
            s.serve_forever()
            """
        let server = try RunningChild(
            "/usr/bin/env", ["python3", "-c", script, scratch.url("cert.pem"), scratch.url("key.pem")])
        guard let line = server.readLine(), let port = Int(line.trimmingCharacters(in: .whitespaces)) else {
            server.stop()
            throw LoopbackError("the TLS test server did not start: \(server.errors)")
        }
        process = server
        self.port = port
    }

    /// Stops the server and removes its files.
    public func stop() {
        process.stop()
        scratch.remove()
    }
}
