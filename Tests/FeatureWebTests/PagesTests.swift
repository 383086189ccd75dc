import FeatureKit
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("folio serve pages and routes")
struct PagesTests {
    @Test("an unknown path gets the 404 page in the chrome; under /api/ a JSON error")
    func notFound() async throws {
        try await demoApplication().test(.router) { client in
            try await client.execute(uri: "/nowhere", method: .get, headers: localhost) { response in
                #expect(response.status == .notFound)
                #expect(response.text.contains("<h1>Page not found</h1>"))
                #expect(response.text.contains("href=\"/demo\""), "the navigation is there")
            }
            try await client.execute(uri: "/api/nowhere", method: .get, headers: localhost) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType]?.hasPrefix("application/problem+json") == true)
            }
        }
    }

    @Test("a dead upstream with nothing saved is a 503 page with the CLI's message and hint")
    func unavailable() async throws {
        try await demoApplication().test(.router) { client in
            try await client.execute(uri: "/demo/down", method: .get, headers: localhost) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.text.contains("the service is unavailable — connection refused"))
                #expect(response.text.contains("try later"))
            }
        }
    }

    @Test("an unexpected error is a plain 500 page, never the error's details")
    func crash() async throws {
        try await demoApplication().test(.router) { client in
            try await client.execute(uri: "/demo/crash", method: .get, headers: localhost) { response in
                #expect(response.status == .internalServerError)
                #expect(!response.text.contains("Secret"))
                #expect(response.text.contains("Folio could not answer this request."))
            }
        }
    }

    @Test("a JSON route encodes its value exactly as `--format json` prints it")
    func json() async throws {
        try await demoApplication().test(.router) { client in
            try await client.execute(uri: "/api/demo?text=a%3Cb", method: .get, headers: localhost) { response in
                #expect(response.status == .ok)
                #expect(response.text == "{\n  \"count\" : \"1\",\n  \"text\" : \"a<b\"\n}\n")
            }
        }
    }

    @Test("assets are served by the binary: script, stylesheet and a 1 KB baseline file")
    func assets() async throws {
        try await demoApplication().test(.router) { client in
            try await client.execute(uri: "/assets/folio.js", method: .get, headers: localhost) { response in
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(response.text.contains("setInterval(tick, 1000)"))
            }
            try await client.execute(uri: "/assets/folio.css", method: .get, headers: localhost) { response in
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
            }
            try await client.execute(uri: "/assets/static-1k.txt", method: .get, headers: localhost) { response in
                #expect(response.body.readableBytes == 1024)
            }
        }
    }

    @Test("the OpenAPI 3.1 document lists the features' JSON routes")
    func openAPI() async throws {
        try await demoApplication().test(.router) { client in
            try await client.execute(uri: "/api/openapi.json", method: .get, headers: localhost) { response in
                let document = try JSONDecoder().decode(JSONValue.self, from: Data(response.text.utf8))
                guard case .object(let root) = document, case .object(let paths)? = root["paths"] else {
                    Issue.record("not an object")
                    return
                }
                #expect(root["openapi"] == .string("3.1.0"))
                #expect(paths["/api/demo"] != nil && paths["/api/openapi.json"] != nil)
            }
        }
    }
}

@Suite("web building blocks")
struct BuildingBlockTests {
    @Test("interpolated text is escaped; HTML fragments are not")
    func escaping() {
        let name = "<script>alert('x')</script> & \"co\""
        let html: HTML = "<p title=\"\(name)\">\(name)\(HTML(raw: "<b>ok</b>"))</p>"
        #expect(
            html.markup
                == "<p title=\"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;co&quot;\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;co&quot;<b>ok</b></p>"
        )
    }

    @Test("a field with an error shows the message beside it and keeps the value")
    func fieldError() {
        let field = Components.field("balance", label: "Balance", value: "12x", error: "\"12x\" is not an amount")
        #expect(field.markup.contains("value=\"12x\""))
        #expect(field.markup.contains("aria-invalid=\"true\" aria-describedby=\"balance-error\""))
        #expect(
            field.markup.contains(
                "<span class=\"field-error\" id=\"balance-error\">&quot;12x&quot; is not an amount</span>"))
    }

    @Test("server-sent events put every data line on its own data: line")
    func sseEncoding() {
        #expect(ServerSentEvent(name: "board", data: "a\nb").encoded == "event: board\ndata: a\ndata: b\n\n")
    }

    @Test("form data: encoded fields, pluses and percent escapes decoded")
    func formData() throws {
        let form = try FormData.parse("name=Folio+Cash&amount=1%2C000.50&empty=")
        #expect(form["name"] == "Folio Cash")
        #expect(form["amount"] == "1,000.50")
        #expect(form["empty"] == nil)
    }
}
