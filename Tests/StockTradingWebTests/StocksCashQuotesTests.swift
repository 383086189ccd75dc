import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("/stocks/cash and /stocks/quotes")
struct StocksCashQuotesTests {
    @Test(
        "deposit and withdraw through the form move the CLI's cash; a withdrawal beyond the cash is refused beside the box, nothing moved"
    )
    func cash() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            let cookie = try await logIn(client)
            let (status, empty) = try await page(client, "/stocks/cash", cookie: cookie)
            #expect(status == .ok && empty.contains("action=\"/stocks/cash\"") && empty.contains("$10,000.00"))
            let deposited = try await submit(client, "/stocks/cash", "amount=1%2C250.50&action=deposit", cookie: cookie)
            #expect(deposited.status == .seeOther && deposited.location == "/stocks/cash")
            let (_, after) = try await page(client, "/stocks/cash", cookie: cookie)
            #expect(after.contains("<span class=\"value\">$11,250.50</span>"))
            let withdrawn = try await submit(client, "/stocks/cash", "amount=250.5&action=withdraw", cookie: cookie)
            #expect(withdrawn.status == .seeOther)

            let tooMuch = try await submit(client, "/stocks/cash", "amount=999999&action=withdraw", cookie: cookie)
            #expect(tooMuch.status == .conflict || tooMuch.status == .unprocessableContent)
            #expect(tooMuch.html.contains("id=\"amount-error\"") && tooMuch.html.contains("value=\"999999\""))
            let bad = try await submit(client, "/stocks/cash", "amount=-5&action=deposit", cookie: cookie)
            #expect(bad.status == .unprocessableContent && bad.html.contains("id=\"amount-error\""))
        }
        // The store afterwards, read by the terminal's own commands.
        let (_, login) = await setup.cli(
            ["login", "--email", "test@stockport.com", "--password-stdin"], input: ["Test@123"])
        #expect(login == nil)
        let (history, error) = await setup.cli(["history", "--format", "json"])
        #expect(error == nil)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
        let moves = rows.filter { ["deposit", "withdrawal"].contains($0["side"] as? String ?? "") }.suffix(2)
        #expect(
            moves.map { $0["side"] as? String } == ["deposit", "withdrawal"],
            "the two movements stored, the refusals none")
        #expect(
            moves.map { ($0["amount"] as? NSNumber)?.decimalValue } == [
                Decimal(string: "1250.5"), Decimal(string: "250.5"),
            ])
        #expect((moves.last?["cashAfter"] as? NSNumber)?.decimalValue == Decimal(11_000))
    }

    @Test(
        "/stocks/quotes lists every listed stock with its as-of, sorted by its headings; /api/stocks/quotes is `folio stocks quotes --format json`"
    )
    func quotes() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            let cookie = try await logIn(client)
            let (status, html) = try await page(client, "/stocks/quotes", cookie: cookie)
            #expect(status == .ok)
            #expect(
                html.contains("id=\"quotes\"") && html.contains(symbolCell("AAPL")) && html.contains(symbolCell("MSFT"))
            )
            #expect(html.contains("<time datetime="))
            // Sorted by a heading's link, highest price first; the live region keeps the order.
            let (_, sorted) = try await page(client, "/stocks/quotes?sort=-price", cookie: cookie)
            // A phone's card labels (`data-label`) are left out to read the cells.
            let prices = sorted.replacingOccurrences(of: #" data-label="[^"]*""#, with: "", options: .regularExpression)
                .components(separatedBy: "<tr><td>").dropFirst().compactMap { row in
                    row.components(separatedBy: "<td class=\"num\">$").dropFirst().first.flatMap {
                        Decimal(
                            string: String($0.prefix { $0 != "<" && $0 != " " }).replacingOccurrences(of: ",", with: "")
                        )
                    }
                }
            #expect(prices.count > 5 && prices == prices.sorted(by: >), "\(prices)")
            #expect(sorted.contains("aria-sort=\"descending\"><a href=\"/stocks/quotes?sort=price\">Price ▼</a>"))
            #expect(sorted.contains("data-stocks-events=\"/stocks/events?view=quotes&amp;sort=-price\""))
            var headers = localhost
            headers[.cookie] = cookie
            let api = try await client.execute(uri: "/api/stocks/quotes", method: .get, headers: headers) {
                String(buffer: $0.body)
            }
            let (_, login) = await setup.cli(
                ["login", "--email", "test@stockport.com", "--password-stdin"], input: ["Test@123"])
            #expect(login == nil)
            let (cli, error) = await setup.cli(["quotes", "--format", "json"])
            #expect(error == nil)
            #expect(api == cli)
        }
    }

    @Test(
        "history reads as a statement: date, side, symbol, shares, price, cash in/out, cash after, realised P/L; sorted by heading links; 50 a page"
    )
    func history() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            let cookie = try await logIn(client)
            #expect(
                try await submit(client, "/stocks/trade", "symbol=AAPL&quantity=3&side=buy", cookie: cookie).status
                    == .seeOther)
            #expect(
                try await submit(client, "/stocks/trade", "symbol=AAPL&quantity=1&side=sell", cookie: cookie).status
                    == .seeOther)
            let (status, html) = try await page(client, "/stocks/history", cookie: cookie)
            #expect(status == .ok)
            let titles = ["Date", "Side", "Symbol", "Shares", "Price", "Cash in/out", "Cash after", "Realised P/L"]
            let positions = titles.compactMap { html.range(of: ">\($0)")?.lowerBound }
            #expect(
                positions.count == titles.count && positions == positions.sorted(), "the columns in a statement's order"
            )
            #expect(
                html.contains("aria-sort=\"descending\"><a href=\"/stocks/history?sort=date\">Date ▼</a>"),
                "newest first")
            #expect(html.contains("<a href=\"/stocks/history?sort=amount\">Cash in/out</a>"))
            #expect(firstSide(html) == "sell")
            #expect(
                html.contains("<td class=\"num\">$10,000.00</td>") || html.contains("$10,000.00"),
                "money with symbol and grouping")
            let (_, oldest) = try await page(client, "/stocks/history?sort=date", cookie: cookie)
            #expect(firstSide(oldest) == "deposit" && oldest.contains("aria-sort=\"ascending\""))
            let (_, bySymbol) = try await page(client, "/stocks/history?sort=-symbol", cookie: cookie)
            #expect(["buy", "sell"].contains(firstSide(bySymbol) ?? ""))
            let (unknown, fallback) = try await page(client, "/stocks/history?sort=bogus", cookie: cookie)
            #expect(unknown == .ok && firstSide(fallback) == "sell", "an unknown sort key is the default order")

            for _ in 0..<50 {
                #expect(
                    try await submit(client, "/stocks/cash", "amount=1&action=deposit", cookie: cookie).status
                        == .seeOther)
            }
            let (_, first) = try await page(client, "/stocks/history", cookie: cookie)
            #expect(first.components(separatedBy: "<tr><td><time").count - 1 == 50)
            let total = try #require(first.firstMatch(of: /Showing 1–50 of (\d+) entries/).flatMap { Int($0.1) })
            #expect(total >= 53, "the opening entries, two trades and fifty deposits")
            #expect(first.contains("href=\"/stocks/history?sort=-date&amp;page=2\" rel=\"next\""))
            let (_, second) = try await page(client, "/stocks/history?sort=-date&page=2", cookie: cookie)
            #expect(second.components(separatedBy: "<tr><td><time").count - 1 == total - 50)
            #expect(second.contains("Showing 51–\(total) of \(total) entries") && second.contains("rel=\"prev\""))
        }
    }
}

/// The side of the history table's first row.
private func firstSide(_ html: String) -> String? {
    guard
        let row = html.replacingOccurrences(of: #" data-label="[^"]*""#, with: "", options: .regularExpression)
            .components(separatedBy: "<tr><td><time").dropFirst().first
    else { return nil }
    let cells = row.components(separatedBy: "<td>")
    return cells.count > 1 ? String(cells[1].prefix { $0 != "<" }) : nil
}
