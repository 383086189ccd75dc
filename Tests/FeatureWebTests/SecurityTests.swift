import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("folio serve security")
struct SecurityTests {
    @Test("pages carry a CSP without inline script, nosniff, no-referrer and no-store")
    func headers() async throws {
        try await demoApplication().test(.router) { client in
            try await client.execute(uri: "/", method: .get, headers: localhost) { response in
                #expect(response.status == .ok)
                let csp = try #require(response.headers[.contentSecurityPolicy])
                #expect(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"))
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(!response.text.contains("<script>"), "every script is a file")
                #expect(response.text.contains("<script src=\"/assets/folio.js\" defer></script>"))
                #expect(response.text.contains("Demo card"))
            }
        }
    }

    @Test("random tokens are 256 bits in base64url: 43 characters of A–Z a–z 0–9 - _, never the same twice")
    func randomTokens() {
        let tokens = (0..<200).map { _ in Secrets.randomToken() }
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for token in tokens {
            #expect(token.count == 43, "\(token)")
            #expect(token.allSatisfy(alphabet.contains), "\(token)")
        }
        #expect(Set(tokens).count == tokens.count)
        // Every position takes many values: a generator that filled only some bytes would leave some fixed. (The
        // 43rd character carries the last 4 bits only.)
        for position in 0..<42 {
            let seen = Set(tokens.map { Array($0)[position] })
            #expect(seen.count > 16, "position \(position)")
        }
    }

    @Test("a Host header other than the bound address or localhost gets 421 (DNS rebinding)")
    func rebinding() async throws {
        try await demoApplication().test(.router) { client in
            try await client.execute(uri: "/", method: .get, headers: [HTTPField.Name("Host")!: "evil.example:8080"]) {
                response in
                #expect(response.status == .misdirectedRequest)
                #expect(response.text.contains("only for its own address"))
            }
            try await client.execute(uri: "/", method: .get, headers: [HTTPField.Name("Host")!: "127.0.0.1:8080"]) {
                response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test("host policy: loopback names always, IP literals only when bound to every interface")
    func hostPolicy() {
        let loopback = HostPolicy(boundHost: "127.0.0.1")
        #expect(loopback.allows("localhost:8080") && loopback.allows("127.0.0.1") && loopback.allows("[::1]:80"))
        #expect(!loopback.allows("192.168.1.5:8080") && !loopback.allows("attacker.example"))
        let everywhere = HostPolicy(boundHost: "0.0.0.0")
        #expect(everywhere.allows("192.168.1.5:8080") && !everywhere.allows("rebind.attacker.example:8080"))
    }

    @Test("a state-changing request without the CSRF token is refused with 403; with it the form works")
    func csrf() async throws {
        try await demoApplication().test(.router) { client in
            let seed = try await client.execute(uri: "/demo", method: .get, headers: localhost) { response in
                #expect(response.headers[values: .setCookie].first?.contains("HttpOnly; SameSite=Strict") == true)
                return try #require(response.cookie(CSRF.cookieName))
            }
            let token = CSRF.token(seed: seed, secret: testSecret)
            var headers = localhost
            headers[.cookie] = "\(CSRF.cookieName)=\(seed)"
            headers[.contentType] = "application/x-www-form-urlencoded"
            try await client.execute(uri: "/demo", method: .post, headers: headers, body: ByteBuffer(string: "text=hi"))
            { response in
                #expect(response.status == .forbidden)
            }
            try await client.execute(
                uri: "/demo", method: .post, headers: headers, body: ByteBuffer(string: "text=hi&_csrf=wrong")
            ) { response in
                #expect(response.status == .forbidden)
            }
            let flash = try await client.execute(
                uri: "/demo", method: .post, headers: headers, body: ByteBuffer(string: "text=hi&_csrf=\(token)")
            ) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/demo")
                return try #require(response.cookie("folio_flash"))
            }
            headers[.cookie] = "\(CSRF.cookieName)=\(seed); folio_flash=\(flash)"
            try await client.execute(uri: "/demo", method: .get, headers: headers) { response in
                #expect(response.text.contains("Saved hi."), "the flash message shows once after the redirect")
            }
        }
    }

    @Test("a JSON call may send the CSRF token as a header; a request without the cookie is refused")
    func csrfHeader() async throws {
        try await demoApplication().test(.router) { client in
            try await client.execute(uri: "/demo", method: .post, headers: localhost) { response in
                #expect(response.status == .forbidden)
            }
            var headers = localhost
            headers[.cookie] = "\(CSRF.cookieName)=seed"
            headers[HTTPField.Name(CSRF.headerName)!] = CSRF.token(seed: "seed", secret: testSecret)
            try await client.execute(uri: "/demo", method: .post, headers: headers) { response in
                #expect(response.status == .seeOther)
            }
        }
    }

    @Test("an upload over its cap, or a form over its larger one, is refused with 413; a long form field is not")
    func bodyCap() async throws {
        try await demoApplication().test(.router) { client in
            var form = localhost
            form[.cookie] = "\(CSRF.cookieName)=seed"
            form[.contentType] = "application/x-www-form-urlencoded"
            var upload = form
            upload[.contentType] = "multipart/form-data; boundary=x"
            let overUpload = ByteBuffer(string: String(repeating: "a", count: WebLimits.maxBodyBytes + 1))
            try await client.execute(uri: "/demo", method: .post, headers: upload, body: overUpload) { response in
                #expect(response.status == .contentTooLarge)
                #expect(response.text.contains("The upload is larger than 1024 KB"))
            }
            // A 2 MB note reaches the handler (here refused for its CSRF token), so the service can name the field.
            try await client.execute(uri: "/demo", method: .post, headers: form, body: overUpload) { response in
                #expect(response.status != .contentTooLarge)
            }
            let overForm = ByteBuffer(string: String(repeating: "a", count: WebLimits.maxFormBytes + 1))
            try await client.execute(uri: "/demo", method: .post, headers: form, body: overForm) { response in
                #expect(response.status == .contentTooLarge)
                #expect(response.text.contains("The form is larger than"))
            }
        }
    }

    @Test("a non-loopback server needs its token on every request: bearer, cookie, or ?token= once")
    func accessToken() async throws {
        let token = "0123456789abcdef-token"
        let app = demoApplication(
            configuration: WebServerConfiguration(host: "0.0.0.0", token: token, secret: testSecret))
        try await app.test(.router) { client in
            try await client.execute(uri: "/", method: .get, headers: localhost) { response in
                #expect(response.status == .unauthorized)
                #expect(!response.text.contains(token))
            }
            try await client.execute(uri: "/races?token=\(token)", method: .get, headers: localhost) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/races", "the token leaves the address bar")
                #expect(response.cookie("folio_token") == token)
            }
            var headers = localhost
            headers[.authorization] = "Bearer \(token)"
            try await client.execute(uri: "/", method: .get, headers: headers) { response in
                #expect(response.status == .ok)
            }
            headers[.authorization] = nil
            headers[.cookie] = "folio_token=\(token)"
            try await client.execute(uri: "/", method: .get, headers: headers) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
