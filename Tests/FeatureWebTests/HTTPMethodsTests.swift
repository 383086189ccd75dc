import FeatureWeb
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// HTTP as a client expects it: HEAD wherever GET works, 405 with `Allow` for a wrong method, a favicon, and no
/// cookie on a response a shared cache may keep.
@Suite("HTTP methods, favicon and cacheable responses")
struct HTTPMethodsTests {
    @Test("HEAD answers wherever GET does, with GET's status and headers and no body")
    func head() async throws {
        try await demoApplication().test(.router) { client in
            for path in ["/", "/demo", "/api/openapi.json", "/assets/folio.css"] {
                let get = try await client.execute(uri: path, method: .get, headers: localhost)
                try await client.execute(uri: path, method: .head, headers: localhost) { response in
                    #expect(response.status == get.status, "\(path)")
                    #expect(response.headers[.contentType] == get.headers[.contentType], "\(path)")
                    #expect(response.body.readableBytes == 0, "\(path)")
                }
            }
        }
    }

    @Test("a wrong method on a known path is 405 with Allow; an unknown path stays 404; a handler's 404 stays 404")
    func methodNotAllowed() async throws {
        try await demoApplication().test(.router) { client in
            for method in [HTTPRequest.Method.put, .delete, .patch] {
                try await client.execute(uri: "/api/openapi.json", method: method, headers: localhost) { response in
                    #expect(response.status == .methodNotAllowed, "\(method)")
                    #expect(response.headers[.allow] == "GET, HEAD", "\(method)")
                }
            }
            try await client.execute(uri: "/demo", method: .options, headers: localhost) { response in
                #expect(response.status == .methodNotAllowed)
            }
            try await client.execute(uri: "/nowhere", method: .put, headers: localhost) { response in
                #expect(response.status != .methodNotAllowed)
            }
            try await client.execute(uri: "/nowhere", method: .get, headers: localhost) { response in
                #expect(response.status == .notFound)
            }
            // A read is answered before the route table is asked: a path only POST serves is still 405 for GET
            // and HEAD, and a page's own 404 for a path GET serves stays 404.
            for method in [HTTPRequest.Method.get, .head] {
                try await client.execute(uri: "/demo/only-post", method: method, headers: localhost) { response in
                    #expect(response.status == .methodNotAllowed, "\(method)")
                    #expect(response.headers[.allow] == "POST", "\(method)")
                }
            }
            try await client.execute(uri: "/demo/gone", method: .get, headers: localhost) { response in
                #expect(response.status == .notFound)
                #expect(response.text.contains("no such demo item"))
            }
        }
    }

    @Test("/favicon.ico is served, and pages link the icon")
    func favicon() async throws {
        try await demoApplication().test(.router) { client in
            try await client.execute(uri: "/favicon.ico", method: .get, headers: localhost) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/svg+xml")
            }
            try await client.execute(uri: "/", method: .get, headers: localhost) { response in
                #expect(response.text.contains("<link rel=\"icon\" href=\"/assets/favicon.svg\""))
            }
        }
    }

    @Test("a cacheable asset never sets the CSRF cookie; a page does")
    func noCookieOnCacheableResponses() async throws {
        try await demoApplication().test(.router) { client in
            for path in ["/assets/folio.css", "/assets/folio.js", "/favicon.ico", "/assets/static-1k.txt"] {
                try await client.execute(uri: path, method: .get, headers: localhost) { response in
                    #expect(response.headers[.cacheControl]?.contains("public") == true, "\(path)")
                    #expect(response.headers[values: .setCookie].isEmpty, "\(path)")
                }
            }
            try await client.execute(uri: "/", method: .get, headers: localhost) { response in
                #expect(response.cookie("folio_csrf") != nil)
            }
        }
    }
}
