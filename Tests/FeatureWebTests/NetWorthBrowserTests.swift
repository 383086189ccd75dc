import FeatureKitTesting
import Foundation
import Testing

/// The net-worth form on the served binary, refusals seen as a browser gets them and the page read by Chromium.
@Suite(.serialized) struct NetWorthBrowserTests {
    @Test(
        "issue 25 #14, #16, #22: a huge amount, sub-penny money and a 2 MB note are refused beside their fields; nothing is stored and /networth keeps its accounts and form",
        .enabled(
            if: Chromium.isInstalled, "chromium is not installed (apt-get install -y chromium); browser test skipped"))
    func refusalsKeepThePage() async throws {
        try await FolioBinary.withTemporaryHome { home in
            #expect(try await FolioBinary.run(["networth", "sample"], home: home).exitCode == 0)
            let before = try await FolioBinary.run(["networth", "summary", "--format", "json"], home: home).stdout
            let server = try await ServeProcess.start(home: home, environment: [:])
            defer { _ = server.stop() }
            let browser = FormClient(baseURL: server.baseURL)
            let page = try await browser.get("/networth")
            #expect(page.status == 200)
            let refusals: [(amount: String, note: String, field: String, message: String)] = [
                ("99999999999999999999999999", "", "amount", "the amount 99999999999999999999999999 is too large"),
                ("1.123456789", "", "amount", "GBP amounts have at most 2 decimals"),
                ("10", String(repeating: "n", count: 2_000_000), "note", "a note holds at most 1000"),
            ]
            for refusal in refusals {
                let answer = try await browser.post(
                    "/networth/update",
                    fields: [("account", "Everyday Current"), ("amount", refusal.amount), ("note", refusal.note)],
                    from: page)
                #expect(answer.status == 422, "\(refusal.field): \(answer.status)")
                #expect(answer.body.contains("id=\"\(refusal.field)-error\">"), "\(refusal.field)")
                #expect(answer.body.contains(refusal.message), "\(refusal.field)")
                #expect(!answer.body.contains("larger than"), "a form field is not an upload")
                #expect(answer.body.contains("action=\"/networth/update\""), "the form stays")
            }
            let after = try await FolioBinary.run(["networth", "summary", "--format", "json"], home: home).stdout
            #expect(after == before, "nothing was stored")
            // ?live=0: the alerts banner's event stream would keep Chromium's virtual time from advancing.
            let dom = try await Chromium.dumpDOM(
                server.baseURL.appendingPathComponent("networth").appending(queryItems: [
                    URLQueryItem(name: "live", value: "0")
                ]),
                budget: 3_000)
            #expect(dom.contains("id=\"networth-figures\""), "the summary is shown")
            #expect(dom.contains("action=\"/networth/update\""), "the update form is shown")
            #expect(dom.contains("Everyday Current"), "the accounts are listed")
        }
    }
}
