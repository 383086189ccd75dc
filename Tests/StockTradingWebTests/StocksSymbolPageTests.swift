import FeatureKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MarketData
import MarketDataTesting
import Money
import Persistence
import Testing
import Timing

/// `/stocks/symbol/{SYMBOL}` and the trade form's date and price, over a provider scripted with MSFT's quote,
/// closes, a dividend and a split.
@Suite("/stocks symbol page and past trades")
struct StocksSymbolPageTests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    func setup() -> Setup {
        var setup = Setup()
        let provider = ScriptedProvider(
            quote: { symbol in
                switch symbol {
                case "MSFT": return .sample("MSFT", price: Amount("420.50")!, previousClose: Amount("415.00")!)
                // The demo account's holdings.
                case "AAPL", "TSLA": return .sample(symbol, price: 200)
                default: throw MarketDataError.unknownSymbol(symbol: symbol, provider: "Scripted")
                }
            },
            history: { symbol, from, to in
                guard symbol == "MSFT" else {
                    throw MarketDataError.unknownSymbol(symbol: symbol, provider: "Scripted")
                }
                let bars = [("2025-10-01", "400.00"), ("2025-11-03", "410.00"), ("2025-11-21", "418.00")].map {
                    DailyBar(date: Self.day($0.0), close: Amount($0.1)!, adjustedClose: nil)
                }
                return PriceHistory(
                    symbol: symbol, currency: "USD", exchangeTimeZone: "America/New_York", bars: bars,
                    dividends: [Dividend(exDate: Self.day("2025-11-20"), amountPerShare: Amount("0.91")!)],
                    splits: [Split(date: Self.day("2025-10-15"), numerator: 2, denominator: 1)]
                ).limited(from: from, to: to)
            })
        setup.market = MarketDataService(
            providers: [provider], store: setup.database.store(namespace: "market"), timing: setup.timing,
            quoteTTL: .seconds(60))
        return setup
    }

    @Test("the symbol page shows the price, day change, chart, dividends, splits and the holding")
    func symbolPage() async throws {
        try await setup().application().test(.router) { client in
            let cookie = try await logIn(client)
            let (status, html) = try await page(client, "/stocks/symbol/msft?range=6m", cookie: cookie)
            #expect(status == .ok)
            #expect(html.contains("$420.50") && html.contains("+$5.50 (+1.33%)"))
            #expect(html.contains("id=\"symbol-chart\""))
            #expect(html.contains("<td>2025-11-20</td>") && html.contains("$0.91"))
            #expect(html.contains("<td>2025-10-15</td>") && html.contains("2:1"))
            #expect(html.contains("You hold none."))
            #expect(html.contains("aria-current=\"page\">6m</a>"))
            let unknown = try await page(client, "/stocks/symbol/ZZZZ", cookie: cookie)
            #expect(unknown.0 == .notFound && unknown.1.contains("ZZZZ"))
            var headers = localhost
            headers[.cookie] = cookie
            let location = try await client.execute(uri: "/stocks/symbol?symbol=msft", method: .get, headers: headers) {
                $0.status == .seeOther ? $0.headers[.location] : nil
            }
            #expect(location == "/stocks/symbol/MSFT")
        }
    }

    @Test("the trade form records a past trade at the given price, and a price without a date is refused by its field")
    func pastTradeForm() async throws {
        try await setup().application().test(.router) { client in
            let cookie = try await logIn(client)
            let (_, form) = try await page(client, "/stocks", cookie: cookie)
            #expect(form.contains("name=\"date\"") && form.contains("name=\"price\""))
            let traded = try await submit(
                client, "/stocks/trade", "symbol=MSFT&quantity=2&date=2025-11-03&price=409.50&side=buy", cookie: cookie)
            #expect(traded.status == .seeOther, "\(traded.html)")
            let (_, holding) = try await page(client, "/stocks/symbol/MSFT", cookie: cookie)
            #expect(holding.contains("id=\"symbol-position\"") && holding.contains("$409.50"))
            let refused = try await submit(
                client, "/stocks/trade", "symbol=MSFT&quantity=1&price=409.50&side=buy", cookie: cookie)
            #expect(refused.status == .unprocessableContent || refused.status == .badRequest)
            #expect(refused.html.contains("a price needs a date") && refused.html.contains("id=\"date-error\""))
        }
    }
}

extension StocksSymbolPageTests {
    @Test(
        "/stocks/analytics shows the time-weighted return beside a benchmark (?benchmark=, SPY by default) with market data"
    )
    func benchmark() async throws {
        try await setup().application().test(.router) { client in
            let cookie = try await logIn(client)
            let (status, html) = try await page(client, "/stocks/analytics?benchmark=msft", cookie: cookie)
            #expect(status == .ok)
            #expect(html.contains("id=\"benchmark\"") && html.contains("Time-weighted return"), "\(html)")
            #expect(html.contains("<span class=\"label\">MSFT</span>") && html.contains("value=\"MSFT\""))
            // Not a ticker's shape: the default.
            let (_, odd) = try await page(client, "/stocks/analytics?benchmark=%3Cb%3E", cookie: cookie)
            #expect(odd.contains("value=\"SPY\"") && !odd.contains("<b>"))
        }
        try await Setup().application().test(.router) { client in
            let cookie = try await logIn(client)
            let (_, html) = try await page(client, "/stocks/analytics", cookie: cookie)
            #expect(!html.contains("id=\"benchmark\""), "the simulated market has no closes to compare with")
        }
    }
}
