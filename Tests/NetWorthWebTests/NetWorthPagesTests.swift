import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NetWorthCommands
import NetWorthWeb
import Persistence
import Testing
import Timing
import TimingTesting

@Suite("/networth pages")
struct NetWorthPagesTests {
    @Test("/api/networth/summary is exactly `folio networth summary --format json`, toggles included")
    func apiEqualsCLI() async throws {
        let setup = try await Setup.withSample()
        let plain = try await setup.cli(["summary", "--format", "json"])
        let noPension = try await setup.cli(["summary", "--exclude-pension", "--format", "json"])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/api/networth/summary", method: .get, headers: localhost) { response in
                #expect(String(buffer: response.body) == plain)
            }
            try await client.execute(uri: "/api/networth/summary?pension=exclude", method: .get, headers: localhost) {
                response in
                #expect(String(buffer: response.body) == noPension)
                #expect(plain != noPension)
            }
        }
    }

    @Test("the page shows the figures, every account, the update form and the monthly chart")
    func page() async throws {
        let setup = try await Setup.withSample()
        let report = try await setup.cli(["report", "--monthly", "--format", "json"])
        let months = try JSONDecoder().decode([[String: JSONValue]].self, from: Data(report.utf8)).count
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(
                    html.contains("Net worth") && html.contains("Everyday Current") && html.contains("Home Mortgage"))
                #expect(html.contains("action=\"/networth/update\""))
                #expect(html.contains("(\(months) months)"))
                #expect(html.contains("<polyline"))
            }
            try await client.execute(uri: "/networth?toggles=1&mortgage=on", method: .get, headers: localhost) {
                response in
                let html = String(buffer: response.body)
                #expect(html.contains("not counted (pension"), "pensions left out by the toggle")
            }
        }
    }

    @Test("a bad amount shows the CLI's message next to the field and stores nothing")
    func badAmount() async throws {
        let setup = try await Setup.withSample()
        let before = try await setup.cli(["summary", "--format", "json"])
        // The page's status follows the kind of the CLI's own refusal (its exit code), whatever that rule says.
        var refusal: FolioError?
        do { try await setup.cli(["update", "Everyday Current", "12x"]) } catch { refusal = FolioError.from(error) }
        let expected = WebResponses.status(for: try #require(refusal, "the CLI refuses the amount"))
        let (headers, body) = post("account=Everyday+Current&amount=12x")
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/update", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status == expected && response.status != .ok)
                #expect(html.contains("id=\"amount-error\">amount &quot;12x&quot; is not an amount"))
                #expect(html.contains("value=\"12x\""))
            }
        }
        #expect(try await setup.cli(["summary", "--format", "json"]) == before)
    }

    @Test("a future date is refused with the CLI's message beside the date")
    func futureDate() async throws {
        let setup = try await Setup.withSample()
        let (headers, body) = post("account=Everyday+Current&amount=10&date=2099-01-01")
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/update", method: .post, headers: headers, body: body) { response in
                #expect(
                    String(buffer: response.body).contains("id=\"date-error\">cannot record a balance dated 2099-01-01")
                )
            }
        }
    }

    @Test("a good update is recorded, then 303 with the CLI's confirmation as the flash")
    func update() async throws {
        let setup = try await Setup.withSample()
        let (headers, body) = post("account=Everyday+Current&amount=1234.56&note=web")
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/update", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/networth")
            }
        }
        #expect(try await setup.cli(["accounts", "show", "Everyday Current"]).contains("1,234.56"))
    }

    @Test("per-account exclusion goes through `accounts exclude`")
    func exclude() async throws {
        let setup = try await Setup.withSample()
        let (headers, body) = post("account=Crypto+Wallet")
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/accounts/exclude", method: .post, headers: headers, body: body) {
                response in
                #expect(response.status == .seeOther)
            }
        }
        let summary = try await setup.cli(["summary", "--format", "json"])
        #expect(summary.contains("\"excludedBecause\" : \"excluded\""))
    }

    @Test(
        "`accounts include` through the page counts an excluded account again; an unknown account is the CLI's message")
    func include() async throws {
        let setup = try await Setup.withSample()
        try await setup.cli(["accounts", "exclude", "Crypto Wallet"])
        let excluded = try await setup.cli(["summary", "--format", "json"])
        let (headers, body) = post("account=Crypto+Wallet")
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/accounts/include", method: .post, headers: headers, body: body) {
                response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/networth")
                #expect(
                    response.headers[values: .setCookie].contains { $0.hasPrefix("folio_flash=") },
                    "the CLI's confirmation as the flash")
            }
            try await client.execute(uri: "/networth", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("Crypto Wallet"))
                #expect(!html.contains("not counted (excluded)"))
            }
            let (unknownHeaders, unknownBody) = post("account=No+Such+Account")
            try await client.execute(
                uri: "/networth/accounts/include", method: .post, headers: unknownHeaders, body: unknownBody
            ) { response in
                #expect(response.status == .seeOther, "refused: the message comes back on the next page")
                let flash = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("folio_flash=") })
                let encoded = String(flash.dropFirst("folio_flash=".count).prefix { $0 != ";" }).replacingOccurrences(
                    of: ".", with: "=")
                let message = String(decoding: Data(base64Encoded: encoded) ?? Data(), as: UTF8.self)
                #expect(message.hasPrefix("error\n"), "an error flash: \(message)")
                #expect(message.contains("No Such Account"))
            }
        }
        let summary = try await setup.cli(["summary", "--format", "json"])
        #expect(summary != excluded)
        #expect(!summary.contains("\"excludedBecause\" : \"excluded\""))
    }

    @Test("the sample button runs `networth sample`: the accounts appear, and the dashboard card shows the net worth")
    func sampleAndDashboard() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get, headers: localhost) { response in
                #expect(
                    !String(buffer: response.body).contains("<h2><a href=\"/networth\">Net worth</a></h2>"),
                    "no card without accounts")
            }
            let (headers, body) = post("")
            try await client.execute(uri: "/networth/sample", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/networth")
            }
            let page = try await client.execute(uri: "/networth", method: .get, headers: localhost) {
                String(buffer: $0.body)
            }
            #expect(page.contains("Everyday Current"))
            let shown = try #require(figures(page), "the summary figures")
            try await client.execute(uri: "/", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<h2><a href=\"/networth\">Net worth</a></h2>"))
                #expect(figures(html) == shown, "the card shows the same figures as the page: the CLI's summary")
            }
        }
    }

    @Test("with no accounts the page offers the sample data")
    func empty() async throws {
        try await Setup().application().test(.router) { client in
            try await client.execute(uri: "/networth", method: .get, headers: localhost) { response in
                #expect(String(buffer: response.body).contains("Load sample accounts"))
            }
        }
    }
}

/// The `<div … id="networth-figures">…</div>` block of a page.
private func figures(_ html: String) -> String? {
    guard let start = html.range(of: "<div class=\"figures\" id=\"networth-figures\">") else { return nil }
    guard let end = html[start.upperBound...].range(of: "</div></div>") else { return nil }
    return String(html[start.lowerBound..<end.upperBound])
}
