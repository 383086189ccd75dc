import CompressNIO
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 38 item 6: what the server sends (gzip when the client takes it) and whose unsafe requests it takes
/// (the same origin's, when the browser names one).
@Suite("folio serve: compression and origin")
struct ServingTests {
    @Test("pages, styles, scripts and JSON over 1 KB go gzip-compressed to a client that accepts gzip, and only then")
    func gzip() async throws {
        try await demoApplication().test(.router) { client in
            var accepting = localhost
            accepting[.acceptEncoding] = "br;q=1.0, gzip;q=0.8, *;q=0.1"
            for path in ["/demo", "/assets/folio.css", "/assets/folio.js", "/api/openapi.json"] {
                try await client.execute(uri: path, method: .get, headers: accepting) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.headers[.contentEncoding] == "gzip", "\(path)")
                    #expect(response.headers[values: .vary].contains { $0.contains("Accept-Encoding") }, "\(path)")
                    var body = response.body
                    let plain = try body.decompress(with: .gzip())
                    #expect(plain.readableBytes > body.readableBytes, "\(path) is smaller compressed")
                    if path == "/demo" { #expect(String(buffer: plain).contains("<form method=\"post\"")) }
                    if path == "/api/openapi.json" { #expect(String(buffer: plain).contains("\"openapi\"")) }
                }
            }
            try await client.execute(uri: "/assets/folio.css", method: .get, headers: localhost) { response in
                #expect(response.headers[.contentEncoding] == nil, "no Accept-Encoding, no compression")
            }
            var refusing = localhost
            refusing[.acceptEncoding] = "gzip;q=0, identity"
            try await client.execute(uri: "/assets/folio.css", method: .get, headers: refusing) { response in
                #expect(response.headers[.contentEncoding] == nil, "gzip;q=0 refuses gzip")
            }
            // A small answer is not worth it.
            for path in ["/api/demo?text=hi"] {
                try await client.execute(uri: path, method: .get, headers: accepting) { response in
                    #expect(response.body.readableBytes <= 1024 && response.headers[.contentEncoding] == nil, "\(path)")
                }
            }
        }
    }

    @Test("an unsafe request naming another origin is refused with 403; the same origin, none or null is taken")
    func origin() async throws {
        try await demoApplication().test(.router) { client in
            let seed = try await client.execute(uri: "/demo", method: .get, headers: localhost) {
                try #require($0.cookie(CSRF.cookieName))
            }
            let body = "text=hi&_csrf=\(CSRF.token(seed: seed, secret: testSecret))"
            for (origin, expected) in [
                ("https://evil.example", HTTPResponse.Status.forbidden), ("null", .seeOther),
                ("http://localhost:8081", .forbidden), ("http://localhost", .seeOther),
                ("https://localhost:443", .seeOther),
                (nil, .seeOther),
            ] as [(String?, HTTPResponse.Status)] {
                var headers = localhost
                headers[.cookie] = "\(CSRF.cookieName)=\(seed)"
                headers[.contentType] = "application/x-www-form-urlencoded"
                if let origin { headers[.origin] = origin }
                try await client.execute(uri: "/demo", method: .post, headers: headers, body: ByteBuffer(string: body))
                {
                    #expect($0.status == expected, "Origin: \(origin ?? "none")")
                }
            }
        }
    }
}
