import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MutualFundsWeb
import Testing

/// The stored transactions as the terminal lists them (`transactions --format json`).
private func stored(_ setup: PortfolioSetup) async throws -> [[String: Any]] {
    let json = try await setup.cli(["portfolio", "transactions", "--format", "json"])
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
}

/// The page's HTML and status after `uri` (GET) or posting `fields` to it.
private func fetch(
    _ setup: PortfolioSetup, _ uri: String, posting fields: [(String, String)]? = nil
) async throws -> (status: HTTPResponse.Status, html: String) {
    try await setup.application().test(.router) { client in
        if let fields {
            let (headers, body) = PortfolioSetup.form(fields)
            return try await client.execute(uri: uri, method: .post, headers: headers, body: body) { response in
                (response.status, String(buffer: response.body))
            }
        }
        return try await client.execute(uri: uri, method: .get, headers: PortfolioSetup.localhost) { response in
            (response.status, String(buffer: response.body))
        }
    }
}

@Suite("/funds/portfolio/transactions: list, add, sell, remove; the portfolio's treat-as forms")
struct PortfolioEntryTests {
    @Test("the transactions page lists every transaction with its id, sorted by its headings' links")
    func listing() async throws {
        let setup = try PortfolioSetup()
        try await setup.imported(PortfolioPageTests.statement)
        let rows = try await stored(setup)
        let page = try await fetch(setup, "/funds/portfolio/transactions")
        #expect(page.status == .ok)
        #expect(page.html.contains("id=\"transactions\""))
        for row in rows {
            let id = try #require(row["id"] as? String)
            #expect(
                page.html.contains("<code>\(id)</code>")
                    && page.html.contains("aria-label=\"Remove transaction \(id)\""))
        }
        #expect(
            page.html.contains("action=\"/funds/portfolio/add\"")
                && page.html.contains("action=\"/funds/portfolio/sell\""))
        // Newest first: the redemption of 2023-06-01 before the purchase of 2021-01-04.
        let newest = try await fetch(setup, "/funds/portfolio/transactions?sort=-date").html
        let redemption = try #require(newest.range(of: "2023-06-01"))
        let purchase = try #require(newest.range(of: "2021-01-04"))
        #expect(redemption.lowerBound < purchase.lowerBound)
        #expect(newest.contains("aria-sort=\"descending\""))
        let oldest = try await fetch(setup, "/funds/portfolio/transactions?sort=date").html
        #expect(
            try #require(oldest.range(of: "2021-01-04")).lowerBound
                < (try #require(oldest.range(of: "2023-06-01"))).lowerBound)
        // The portfolio page leads here.
        #expect(try await fetch(setup, "/funds/portfolio").html.contains("href=\"/funds/portfolio/transactions\""))
    }

    @Test("60 transactions are 50 a page: page 2 shows the last 10, its links keep the order")
    func paging() async throws {
        // Sixty monthly purchases of one unit at ₹10, each balance the running total, as a statement writes them.
        let purchases = (1...60).map { month in
            let date = String(format: "%04d-%02d-05", 2019 + (month - 1) / 12, (month - 1) % 12 + 1)
            return
                #"{"date":"\#(date)","description":"p","amount":"10","units":"1","nav":"10","balance":"\#(month)","type":"PURCHASE"}"#
        }
        let statement =
            #"{"cas_type":"DETAILED","folios":[{"folio":"9","amc":"PPFAS","schemes":[{"scheme":"Parag Parikh Flexi Cap Fund - Direct Growth","isin":"INF879O01027","amfi":"122639","type":"EQUITY","open":"0","close":"60","transactions":["#
            + purchases.joined(separator: ",") + "]}]}]}"
        let setup = try PortfolioSetup()
        try await setup.imported(statement)
        #expect(try await stored(setup).count == 60)
        let first = try await fetch(setup, "/funds/portfolio/transactions?sort=-date").html
        #expect(first.contains("Showing 1–50 of 60 transactions"))
        #expect(
            first.contains("href=\"/funds/portfolio/transactions?sort=-date&amp;page=2#transactions\"")
                || first.contains("href=\"/funds/portfolio/transactions?sort=-date&page=2#transactions\""))
        #expect(first.contains("2023-12-05") && !first.contains("2019-01-05"))
        let second = try await fetch(setup, "/funds/portfolio/transactions?sort=-date&page=2").html
        #expect(second.contains("Showing 51–60 of 60 transactions"))
        #expect(second.contains("2019-01-05") && !second.contains("2023-12-05"))
    }

    @Test("a purchase added on the page is stored as `portfolio add` stores it")
    func addEqualsCLI() async throws {
        let web = try PortfolioSetup()
        let page = try await fetch(
            web, "/funds/portfolio/add",
            posting: [
                ("code", "122639"), ("amount", "5000"), ("units", ""), ("nav", ""), ("date", "2024-01-10"),
                ("folio", ""),
            ])
        #expect(page.status == .seeOther)
        let terminal = try PortfolioSetup()
        _ = try await terminal.cli(["portfolio", "add", "122639", "--amount", "5000", "--date", "2024-01-10"])
        let printed = try await terminal.cli(["portfolio", "transactions", "--format", "json"])
        #expect(try await web.cli(["portfolio", "transactions", "--format", "json"]) == printed)
        #expect(printed.contains("\"folio\" : \"manual\""))
    }

    @Test("a redemption sold on the page leaves the folio with fewer units; too many units are refused")
    func sell() async throws {
        let setup = try PortfolioSetup()
        try await setup.imported(PortfolioPageTests.statement)
        let before = try await stored(setup)
        let refused = try await fetch(
            setup, "/funds/portfolio/sell",
            posting: [("code", "122639"), ("units", "2000"), ("date", "2024-06-03"), ("folio", "77 / 1")])
        #expect(refused.status == .conflict)
        #expect(refused.html.contains("id=\"units-error\"") && refused.html.contains("folio 77 / 1 holds 1500"))
        #expect(
            refused.html.contains("value=\"2000\"") && refused.html.contains("value=\"77 / 1\""),
            "what was typed is kept")
        #expect(try await stored(setup).count == before.count, "nothing stored on a refusal")
        let sold = try await fetch(
            setup, "/funds/portfolio/sell",
            posting: [("code", "122639"), ("units", "10"), ("date", "2024-06-03"), ("folio", "77 / 1")])
        #expect(sold.status == .seeOther)
        let after = try await stored(setup)
        #expect(after.count == before.count + 1)
        let made = try #require(after.first { ($0["description"] as? String) == "Redemption (entered by hand)" })
        #expect(
            made["units"] as? Double == -10 && made["balance"] as? Double == 1490
                && made["folio"] as? String == "77 / 1")
    }

    /// A refused entry: the fields posted, the field blamed, and a value the form must keep.
    struct Refused: Sendable, CustomStringConvertible {
        var fields: [String: String]
        var field: String
        var kept: String
        var description: String { "\(field): \(fields)" }
    }

    static let refused: [Refused] = [
        Refused(fields: ["code": "12x", "amount": "5000", "date": "2024-01-10"], field: "code", kept: "12x"),
        Refused(
            fields: ["code": "122639", "amount": "5000.123", "date": "2024-01-10"], field: "amount", kept: "5000.123"),
        Refused(fields: ["code": "122639", "amount": "-5", "date": "2024-01-10"], field: "amount", kept: "-5"),
        Refused(
            fields: ["code": "122639", "amount": "5000", "units": "10", "date": "2024-01-10"], field: "units",
            kept: "10"),
        Refused(fields: ["code": "122639", "amount": "", "date": "2024-01-10"], field: "amount", kept: "122639"),
        Refused(fields: ["code": "122639", "amount": "5000", "date": "10/01/2024"], field: "date", kept: "10/01/2024"),
        Refused(
            fields: ["code": "122639", "amount": "5000", "nav": "0", "date": "2024-01-10"], field: "nav", kept: "0"),
    ]

    @Test("a refused entry is shown beside its field with what was typed, and nothing is stored", arguments: refused)
    func refusals(_ refused: Refused) async throws {
        let (field, kept) = (refused.field, refused.kept)
        let setup = try PortfolioSetup()
        let page = try await fetch(
            setup, "/funds/portfolio/add", posting: refused.fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        )
        #expect(page.status == .unprocessableContent)
        #expect(page.html.contains("id=\"\(field)-error\""), "the refusal is beside \(field)")
        #expect(page.html.contains("value=\"\(kept)\""), "what was typed is kept")
        #expect(try await stored(setup).isEmpty)
    }

    @Test("remove asks first (nothing removed), then removes the confirmed id; an unknown id removes nothing")
    func remove() async throws {
        let setup = try PortfolioSetup()
        try await setup.imported(PortfolioPageTests.statement)
        let before = try await stored(setup)
        let id = try #require(before.first?["id"] as? String)
        let asked = try await fetch(setup, "/funds/portfolio/remove", posting: [("id", id)])
        #expect(asked.status == .ok)
        #expect(asked.html.contains("name=\"confirmed\" value=\"yes\"") && asked.html.contains("value=\"\(id)\""))
        #expect(asked.html.contains("href=\"/funds/portfolio/transactions\""), "a way back")
        #expect(try await stored(setup).count == before.count)
        let unknown = try await fetch(
            setup, "/funds/portfolio/remove", posting: [("id", "0000000000"), ("confirmed", "yes")])
        #expect(unknown.status == .seeOther)
        #expect(try await stored(setup).count == before.count)
        let removed = try await fetch(setup, "/funds/portfolio/remove", posting: [("id", id), ("confirmed", "yes")])
        #expect(removed.status == .seeOther)
        let after = try await stored(setup)
        #expect(after.count == before.count - 1 && !after.contains { $0["id"] as? String == id })
    }

    @Test("treat-as sets a held scheme's treatment from the portfolio page and clears it; a bad choice stores nothing")
    func treatAs() async throws {
        let setup = try PortfolioSetup()
        try await setup.imported(PortfolioPageTests.statement)
        func treatAs() async throws -> Any? {
            let json = try await setup.cli(["portfolio", "--format", "json"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return try #require((report["holdings"] as? [[String: Any]])?.first)["treatAs"]
        }
        let page = try await fetch(setup, "/funds/portfolio")
        #expect(page.html.contains("action=\"/funds/portfolio/treat-as\"") && page.html.contains("value=\"122639\""))
        #expect(page.html.contains("<option value=\"auto\" selected>"))
        #expect(
            try await fetch(setup, "/funds/portfolio/treat-as", posting: [("scheme", "122639"), ("treatment", "debt")])
                .status == .seeOther)
        #expect(try await treatAs() as? String == "debt")
        #expect(try await fetch(setup, "/funds/portfolio").html.contains("<option value=\"debt\" selected>"))
        _ = try await fetch(setup, "/funds/portfolio/treat-as", posting: [("scheme", "122639"), ("treatment", "bond")])
        _ = try await fetch(
            setup, "/funds/portfolio/treat-as", posting: [("scheme", "999999"), ("treatment", "equity")])
        #expect(try await treatAs() as? String == "debt", "a refused choice changes nothing")
        _ = try await fetch(
            setup, "/funds/portfolio/treat-as", posting: [("scheme", "INF879O01027"), ("treatment", "auto")])
        #expect(try await treatAs() is NSNull, "auto returns it to the rules")
    }

    @Test("the OpenAPI document names every key /api/funds/portfolio/transactions encodes")
    func openAPIKeys() async throws {
        let setup = try PortfolioSetup()
        try await setup.imported(PortfolioPageTests.statement)
        let row = try #require(try await stored(setup).first)
        let document =
            try JSONSerialization.jsonObject(
                with: JSONEncoder().encode(MutualFundsWeb.feature.openAPIPaths["/api/funds/portfolio/transactions"]))
            as? [String: Any]
        let ok = ((document?["get"] as? [String: Any])?["responses"] as? [String: Any])?["200"] as? [String: Any]
        let schema =
            ((ok?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
        let properties = try #require((schema?["items"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(row.keys))
    }
}
