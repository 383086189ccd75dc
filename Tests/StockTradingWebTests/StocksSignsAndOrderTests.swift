import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The cells of each body row of the table `id`, as text (markup inside a cell dropped).
func tableRows(_ html: String, id: String) -> [[String]] {
    guard let start = html.range(of: "<table id=\"\(id)\">") else { return [] }
    let rest = html[start.upperBound...]
    let table = rest[..<(rest.range(of: "</table>")?.lowerBound ?? rest.endIndex)]
    guard let body = table.range(of: "<tbody>") else { return [] }
    return table[body.upperBound...].components(separatedBy: "<tr>").dropFirst().map { row in
        row.components(separatedBy: "<td").dropFirst().map { cell in
            var text = ""
            var inTag = false
            for character in cell.drop(while: { $0 != ">" }).dropFirst() {
                if character == "<" {
                    inTag = true
                } else if character == ">" {
                    inTag = false
                } else if !inTag {
                    text.append(character)
                }
            }
            return text
        }
    }
}

/// Every signed money figure of a page reads one way: the sign before the currency (`+$1,000.00`, `-$1,000.00`),
/// never after it (`$-1,000.00`) and never a typographic minus, so a table, a card and a chart say a gain or a
/// loss alike.
func expectOneSignStyle(_ html: String, page: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for wrong in ["$-", "$+", "−$", "- $", "+ $"] {
        #expect(!html.contains(wrong), "\(page) writes a signed amount as \(wrong)…", sourceLocation: sourceLocation)
    }
}

@Suite("/stocks: signed money, sorted tables and who is logged in")
struct StocksSignsAndOrderTests {
    @Test(
        "history: a buy takes cash out (-$), a sell and a deposit bring it in (+$), with the formatter of every signed figure"
    )
    func historySigns() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            let cookie = try await logIn(client)
            _ = try await submit(client, "/stocks/cash", "amount=500&action=deposit", cookie: cookie)
            _ = try await submit(client, "/stocks/trade", "symbol=MSFT&quantity=2&side=buy", cookie: cookie)
            _ = try await submit(client, "/stocks/trade", "symbol=MSFT&quantity=1&side=sell", cookie: cookie)
            let (status, html) = try await page(client, "/stocks/history", cookie: cookie)
            #expect(status == .ok)
            let rows = tableRows(html, id: "list")
            #expect(rows.count >= 3)
            // Date, side, symbol, shares, price, cash in/out, cash after, realised P/L.
            for row in rows where row.count == 8 {
                switch row[1] {
                case "buy", "withdrawal": #expect(row[5].hasPrefix("-$"), "\(row)")
                case "sell", "deposit": #expect(row[5].hasPrefix("+$"), "\(row)")
                default: Issue.record("unknown side \(row[1])")
                }
            }
            #expect(rows.contains { $0[1] == "buy" } && rows.contains { $0[1] == "sell" })
            let (_, byAmount) = try await page(client, "/stocks/history?sort=amount", cookie: cookie)
            let first = try #require(tableRows(byAmount, id: "list").first)
            #expect(first[5].hasPrefix("-$"), "the largest cash out first when sorted by cash in/out: \(first)")
        }
    }

    @Test(
        "every stocks page that shows signed money writes the sign one way",
        arguments: ["/stocks", "/stocks/history", "/stocks/analytics", "/stocks/quotes", "/stocks/watchlist"])
    func oneSignStyle(path: String) async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            let cookie = try await logIn(client)
            _ = try await submit(client, "/stocks/trade", "symbol=AAPL&quantity=3&side=buy", cookie: cookie)
            _ = try await submit(client, "/stocks/trade", "symbol=AAPL&quantity=1&side=sell", cookie: cookie)
            _ = try await submit(client, "/stocks/watchlist/add", "symbols=NVDA+AMD", cookie: cookie)
            let (status, html) = try await page(client, path + "?live=0", cookie: cookie)
            #expect(status == .ok)
            #expect(html.contains("+$") || html.contains("-$"), "\(path) shows signed money")
            expectOneSignStyle(html, page: path)
        }
    }

    @Test("holdings and the watchlist sort by their headings' links, with aria-sort; the live stream keeps the order")
    func sorting() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            let cookie = try await logIn(client)
            _ = try await submit(client, "/stocks/trade", "symbol=MSFT&quantity=1&side=buy", cookie: cookie)
            _ = try await submit(client, "/stocks/trade", "symbol=NVDA&quantity=20&side=buy", cookie: cookie)
            let (_, html) = try await page(client, "/stocks?sort=-quantity", cookie: cookie)
            let shares = tableRows(html, id: "holdings").compactMap { Int($0[2]) }
            #expect(shares.count >= 2 && shares == shares.sorted(by: >), "\(shares)")
            #expect(html.contains("aria-sort=\"descending\"><a href=\"/stocks?sort=quantity\">Shares ▼</a>"))
            #expect(html.contains("data-stocks-events=\"/stocks/events?view=portfolio&amp;sort=-quantity\""))

            _ = try await submit(client, "/stocks/watchlist/add", "symbols=TSLA+AMD+NVDA", cookie: cookie)
            let (_, ascending) = try await page(client, "/stocks/watchlist?sort=symbol", cookie: cookie)
            #expect(tableRows(ascending, id: "watchlist").map { $0[0] } == ["AMD", "NVDA", "TSLA"])
            let (_, descending) = try await page(client, "/stocks/watchlist?sort=-symbol", cookie: cookie)
            #expect(tableRows(descending, id: "watchlist").map { $0[0] } == ["TSLA", "NVDA", "AMD"])
            #expect(descending.contains("aria-sort=\"descending\""))
        }
    }

    @Test("every stocks page says who is logged in and since when, as `stocks whoami`")
    func whoami() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            let cookie = try await logIn(client)
            let (_, html) = try await page(client, "/stocks/quotes", cookie: cookie)
            #expect(
                html.contains(
                    "<p class=\"stamp\" id=\"whoami\">Logged in as test@stockport.com since <time datetime=\""))
        }
    }
}
