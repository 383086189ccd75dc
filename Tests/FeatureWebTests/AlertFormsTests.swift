import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `/alerts` adds every kind through the kind's own parser (the one `folio alerts add` uses), with the built
/// binary on both sides and a loopback MF API for the fund kind's scheme check.
@Suite("folio serve, adding alerts of every kind")
struct AlertFormsTests {
    /// The MF API's history of scheme 122639.
    private static func funds() async throws -> LoopbackServer {
        let history = try Fixtures.data("mfapi/scheme_122639_history_full_3266pts.json")
        return try await LoopbackServer.start { request in
            request.path == "/mf/122639" ? .json(history) : LoopbackResponse(status: 404)
        }
    }

    /// `POST /api/alerts` with `body`, the browser's CSRF cookie and, unless `token` is nil, the header.
    private static func postJSON(_ browser: FormClient, _ body: String, token: String?) async throws -> (Int, String) {
        var request = URLRequest(url: browser.baseURL.appendingPathComponent("api/alerts"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let cookie = browser.cookie("folio_csrf") {
            request.setValue("folio_csrf=\(cookie)", forHTTPHeaderField: "Cookie")
        }
        if let token { request.setValue(token, forHTTPHeaderField: "X-CSRF-Token") }
        request.httpBody = Data(body.utf8)
        // A session of its own that keeps no cookies: the shared one would send cookies other servers on
        // 127.0.0.1 set (cookies ignore the port).
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "a form per kind adds what the CLI lists; a refusal keeps what was typed beside its field and stores nothing",
        .timeLimit(.minutes(10)))
    func formsOfEveryKind() async throws {
        let mf = try await Self.funds()
        defer { Task { await mf.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            let server = try await ServeProcess.start(
                home: home, environment: ["FOLIO_MFAPI_URL": mf.baseURL.absoluteString])
            defer { _ = server.stop() }
            let browser = FormClient(baseURL: server.baseURL)
            let page = try await browser.get("/alerts")
            #expect(page.status == 200)
            for kind in ["fund", "race", "networth", "stock"] {
                #expect(page.body.contains("id=\"add-\(kind)\""), "a form for \(kind) alerts")
            }

            let attempts: [[(String, String)]] = [
                [("kind", "fund"), ("code", "122639"), ("below", "85")],
                [("kind", "race"), ("category", "horse"), ("meeting", ""), ("within", "5m")],
                [("kind", "networth"), ("above", "250000")],
                [("kind", "stock"), ("symbol", "aapl"), ("above", "180")],
            ]
            for fields in attempts {
                let added = try await browser.post("/alerts/add", fields: fields, from: page)
                #expect(added.status == 303 && added.location == "/alerts", "\(fields): \(added.body)")
            }
            let listed = try await FolioBinary.run(["alerts", "list", "--format", "csv"], home: home)
            let rows = listed.stdout.split(whereSeparator: \.isNewline).dropFirst().map(String.init)
            #expect(rows.count == 4, "\(listed.stdout)")
            #expect(
                rows.contains { $0.hasPrefix("1,fund,funds,") && $0.contains(": NAV at or below ") }, "\(listed.stdout)"
            )
            #expect(rows.contains("2,race,races,horse races starting within 5m,armed,0"), "\(listed.stdout)")
            #expect(rows.contains { $0.hasPrefix("3,networth,networth,\"net worth at or above ") }, "\(listed.stdout)")
            #expect(rows.contains("4,stock,stocks,AAPL above $180.00,armed,0"), "\(listed.stdout)")

            let refusals: [([(String, String)], field: String, typed: String, message: String)] = [
                (
                    [("kind", "fund"), ("code", "122639"), ("below", "-85")], "below", "-85",
                    "-85 is not a level — a level is a positive amount"
                ),
                (
                    [("kind", "fund"), ("code", "122639"), ("above", "90"), ("move", "3%")], "move", "3%",
                    "more than one condition"
                ),
                ([("kind", "race"), ("category", "llama"), ("within", "5m")], "category", "llama", "unknown category"),
                ([("kind", "race"), ("category", "horse"), ("within", "soon")], "within", "soon", "is not a window"),
                ([("kind", "networth"), ("above", "abc")], "above", "abc", "is not a number"),
                ([("kind", "stock"), ("symbol", "ZZZZ"), ("below", "1")], "symbol", "ZZZZ", "unknown symbol ZZZZ"),
                ([("kind", "stock"), ("symbol", "AAPL"), ("below", "-3")], "below", "-3", "invalid price"),
            ]
            for (fields, field, typed, message) in refusals {
                let refused = try await browser.post("/alerts/add", fields: fields, from: page)
                #expect(refused.status == 422, "\(fields): \(refused.status)")
                #expect(
                    refused.body.contains("name=\"\(field)\" value=\"\(typed)\"")
                        && refused.body.contains("aria-invalid=\"true\" aria-describedby=\"\(field)-error\""),
                    "\(fields): the typed value and the error are on the blamed field")
                let error = refused.body.components(separatedBy: "id=\"\(field)-error\">").dropFirst().first ?? ""
                #expect(error.prefix { $0 != "<" }.contains(message), "\(fields): \(error.prefix(200))")
                #expect(!error.prefix { $0 != "<" }.contains("--"), "\(fields): a form's refusal names no flag")
            }
            let after = try await FolioBinary.run(["alerts", "list", "--format", "csv"], home: home)
            #expect(after.stdout == listed.stdout, "nothing stored on refusal")
        }
    }

    @Test("POST /api/alerts adds with 201 or refuses with problem details naming the field", .timeLimit(.minutes(10)))
    func jsonAPI() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let server = try await ServeProcess.start(home: home, environment: [:])
            defer { _ = server.stop() }
            let browser = FormClient(baseURL: server.baseURL)
            let page = try await browser.get("/alerts")
            let token = try #require(FormClient.csrfToken(in: page.body))

            let (status, body) = try await Self.postJSON(
                browser, #"{"kind": "networth", "below": -5000}"#, token: token)
            #expect(status == 201, "\(body)")
            let created = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            #expect(
                created["id"] as? Int == 1 && created["kind"] as? String == "networth"
                    && created["status"] as? String == "armed")

            for (request, field) in [
                (#"{"kind": "comet"}"#, "kind"),
                (#"{"kind": "stock", "symbol": "AAPL", "above": "1", "below": "2"}"#, "below"),
                (#"{"kind": "race", "within": "forever"}"#, "within"),
                (#"{"kind": "fund", "code": "x1", "below": 85}"#, "code"),
            ] {
                let (status, body) = try await Self.postJSON(browser, request, token: token)
                #expect(status == 422, "\(request): \(status) \(body)")
                let problem = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
                #expect(problem?["field"] as? String == field, "\(request): \(body)")
                #expect(!body.contains("--"), "\(request): problem details name the field, not a flag: \(body)")
            }
            let (forbidden, _) = try await Self.postJSON(browser, #"{"kind": "networth", "above": 1}"#, token: nil)
            #expect(forbidden == 403, "a state-changing call needs the CSRF header")

            let cli = try await FolioBinary.run(["alerts", "list", "--format", "json"], home: home)
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [[String: Any]])
            #expect(
                rows.count == 1 && (rows.first?["condition"] as? String)?.hasPrefix("net worth at or below -") == true,
                "\(cli.stdout)")
        }
    }
}
