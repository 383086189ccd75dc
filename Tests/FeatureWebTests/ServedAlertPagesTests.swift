import FeatureKitTesting
import Foundation
import Testing

/// `folio serve`'s alert pages over the same alerts as `folio alerts`, with the built binary on both sides.
@Suite("folio serve, the alerts pages")
struct ServedAlertPagesTests {
    @Test(
        "/alerts lists an alert the CLI added; the stocks form adds one the CLI lists; removing asks, then removes; /api/alerts is the CLI's JSON",
        .timeLimit(.minutes(10)))
    func pagesShareTheCLIsAlerts() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let added = try await FolioBinary.run(["alerts", "add", "stock", "AAPL", "--above", "100000"], home: home)
            try #require(added.exitCode == 0, "\(added.stderr)")
            let server = try await ServeProcess.start(home: home, environment: [:])
            defer { _ = server.stop() }
            let browser = FormClient(baseURL: server.baseURL)

            let all = try await browser.get("/alerts")
            #expect(
                all.status == 200 && all.body.contains("<td data-label=\"Condition\">AAPL above $100,000.00</td>"),
                "\(all.body)")
            #expect(all.body.contains("<td data-label=\"Status\">armed</td>"))

            let signup = try await browser.get("/stocks/signup")
            let password = "correct horse battery staple"
            let signedUp = try await browser.post(
                "/stocks/signup",
                fields: [("email", "alerts@example.com"), ("password", password), ("confirmation", password)],
                from: signup)
            #expect(signedUp.status == 303, "\(signedUp.body)")
            let form = try await browser.get("/stocks/alerts")
            #expect(
                form.status == 200 && form.body.contains("<td data-label=\"Condition\">AAPL above $100,000.00</td>"),
                "the stock alerts are the host's")
            let refused = try await browser.post(
                "/stocks/alerts/add", fields: [("symbol", "ZZZZ"), ("direction", "below"), ("level", "1")], from: form)
            #expect(refused.status == 422 && refused.body.contains("unknown symbol ZZZZ"))
            let viaForm = try await browser.post(
                "/stocks/alerts/add", fields: [("symbol", "msft"), ("direction", "below"), ("level", "1")], from: form)
            #expect(viaForm.status == 303 && viaForm.location == "/stocks/alerts", "\(viaForm.body)")
            let listed = try await FolioBinary.run(["alerts", "list", "--format", "csv"], home: home)
            #expect(listed.stdout.contains("2,stock,stocks,MSFT below $1.00,armed,0"), "\(listed.stdout)")
            #expect(!listed.stdout.contains("ZZZZ"), "nothing stored on refusal")

            let cli = try await FolioBinary.run(["alerts", "list", "--format", "json"], home: home)
            let api = try await browser.get("/api/alerts")
            #expect(api.status == 200 && api.body == cli.stdout, "\(api.body)\n\(cli.stdout)")

            let page = try await browser.get("/alerts")
            let asked = try await browser.post("/alerts/remove", fields: [("id", "1")], from: page)
            #expect(
                asked.status == 200 && asked.body.contains("Remove alert #1")
                    && asked.body.contains("name=\"confirmed\" value=\"yes\""))
            let still = try await FolioBinary.run(["alerts", "list", "--format", "csv"], home: home)
            #expect(still.stdout.contains("AAPL above"), "nothing is removed before the confirmation")
            let removed = try await browser.post(
                "/alerts/remove", fields: [("id", "1"), ("confirmed", "yes")], from: asked)
            #expect(removed.status == 303 && removed.location == "/alerts")
            let after = try await FolioBinary.run(["alerts", "list", "--format", "csv"], home: home)
            #expect(!after.stdout.contains("AAPL above") && after.stdout.contains("MSFT below"), "\(after.stdout)")
            let old = try await browser.get("/stocks/alerts/rearm")
            #expect(old.status == 404, "the per-account re-arm is gone: a level alert re-arms itself")
        }
    }

    @Test(
        "a firing of the background check reaches /alerts/events, the banner's stream, and /alerts lists it",
        .timeLimit(.minutes(10)),
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"),
            "curl is not installed; stream test skipped"))
    func firingsReachTheEventStream() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try await ServedAlertsTests.addHoldingAlert(home: home)
            let server = try await ServeProcess.start(home: home, environment: [:])
            // From the feed's start (`after=0`): the first check may fire before the stream is open.
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = ["-sN", "--max-time", "60", server.baseURL.absoluteString + "/alerts/events?after=0"]
            let output = Pipe()
            curl.standardOutput = output
            try curl.run()
            let text = try await read(output.fileHandleForReading, until: "event: alert\ndata: {")
            #expect(text.contains("event: alert\ndata: {"), "\(text)")
            #expect(text.contains("\"sequence\":1"), "\(text)")
            #expect(text.contains("\"kind\":\"networth\""), "\(text)")
            let (status, page) = try await server.get("/alerts")
            #expect(
                status == 200 && page.contains("Fired while this server runs") && !page.contains("Nothing has fired"))
            #expect(page.contains("data-alert-events=\"/alerts/events\"") && page.contains("aria-live=\"polite\""))
            #expect(server.stop() == 0, "graceful shutdown with the stream open")
            curl.waitUntilExit()
            #expect(curl.terminationStatus == 0, "the stream was closed by the server")
        }
    }
}
