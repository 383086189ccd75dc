import Failures
import Foundation
import MarketData
import MarketDataTesting
import Money
import NetworkingTesting
import Persistence
import StockTrading
import Testing
import Timing
import TimingTesting

/// Trades on an earlier day: at the price actually paid then (the close, adjusted for later splits by the
/// provider, times the ratios of the splits since), or at a given price.
@Suite struct PastTradeTests {
    let world = TestWorld()

    func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    /// AAPL's closes as Yahoo reports them today (in split shares), around November 2019, and its 4:1 split.
    func provider(currency: String = "USD") -> ScriptedProvider {
        ScriptedProvider(
            id: "yahoo", displayName: "Yahoo Finance",
            history: { symbol, from, to in
                guard symbol == "AAPL" else {
                    throw MarketDataError.unknownSymbol(symbol: symbol, provider: "Yahoo Finance")
                }
                let bars = [
                    DailyBar(date: CalendarDate(iso8601: "2019-11-14")!, close: Amount("65.50")!, adjustedClose: nil),
                    DailyBar(date: CalendarDate(iso8601: "2019-11-15")!, close: Amount("66.44")!, adjustedClose: nil),
                    DailyBar(date: CalendarDate(iso8601: "2020-09-01")!, close: Amount("134.18")!, adjustedClose: nil),
                ]
                return PriceHistory(
                    symbol: symbol, currency: currency, exchangeTimeZone: "America/New_York", bars: bars,
                    splits: [Split(date: CalendarDate(iso8601: "2020-08-31")!, numerator: 4, denominator: 1)]
                ).limited(from: from, to: to)
            })
    }

    func services(_ provider: ScriptedProvider?) async throws -> (StockTradingServices, Session) {
        let market = provider.map {
            MarketDataService(
                providers: [$0], store: world.database.store(namespace: "market"), timing: world.timing,
                quoteTTL: .seconds(60))
        }
        let services = StockTradingServices(
            store: world.store, timing: world.timing,
            settings: StocksSettings(timeZone: TimeZone(identifier: "UTC")!), hasher: world.hasher, marketData: market)
        try await services.prepare()
        let me = try await services.accounts.openAccount(
            email: "ann@example.com", password: "correct horse", confirmation: "correct horse")
        return (services, me)
    }

    @Test func aBuyOnAPastDayPaysThatDaysCloseTimesTheSplitsSince() async throws {
        let (services, me) = try await services(provider())
        // Saturday 16 November 2019: Friday's close, 66.44 in today's shares, was 4 × 66.44 = 265.76 then.
        let bought = try await services.trading.trade(.buy, "aapl", quantity: 10, for: me, on: day("2019-11-16")).report
        #expect(bought.symbol == "AAPL" && bought.price == Amount("265.76") && bought.amount == Amount("2657.6"))
        let entry = try #require(try await services.portfolio.history(for: me).rows.first { $0.symbol == "AAPL" })
        #expect(entry.side == "buy" && entry.quantity == 10)
        #expect(entry.timestamp == Date(timeIntervalSince1970: 1_573_920_000))  // 2019-11-16 16:00 UTC
        let afterSplit = try await services.trading.trade(.sell, "AAPL", quantity: 1, for: me, on: day("2020-09-01"))
            .report
        #expect(afterSplit.price == Amount("134.18"))
    }

    @Test func aGivenPriceNeedsNoMarketData() async throws {
        let (services, me) = try await services(nil)
        let bought = try await services.trading.trade(
            .buy, "MSFT", quantity: 3, for: me, on: day("2023-11-01"), price: Amount("346.07")!
        ).report
        #expect(bought.price == Amount("346.07") && bought.amount == Amount("1038.21"))
        await #expect(throws: FolioError.self) {
            try await services.trading.trade(.buy, "MSFT", quantity: 1, for: me, on: day("2023-11-01"))
        }
    }

    @Test func refusalsNameTheInputAndStoreNothing() async throws {
        let (services, me) = try await services(provider())
        let before = try await services.portfolio.history(for: me).total
        func field(_ body: () async throws -> some Any) async -> (FolioError.Kind, String?)? {
            do {
                _ = try await body()
                return nil
            } catch let error as FolioError {
                return (error.kind, error.field)
            } catch {
                return nil
            }
        }
        // The pinned "now" is 14 November 2023.
        #expect(
            await field { try await services.trading.trade(.buy, "AAPL", quantity: 1, for: me, on: day("2023-11-15")) }
                ?? (.internal, nil) == (.invalid, "date"))
        #expect(
            await field {
                try await services.trading.trade(
                    .buy, "AAPL", quantity: 1, for: me, on: day("2019-11-16"), price: .zero)
            } ?? (.internal, nil) == (.invalid, "price"))
        #expect(
            await field { try await services.trading.trade(.buy, "AAPL", quantity: 1, for: me, on: day("2019-01-02")) }
                ?? (.internal, nil) == (.notFound, "date"))
        #expect(
            await field { try await services.trading.trade(.buy, "NOPE", quantity: 1, for: me, on: day("2019-11-15")) }
                ?? (.internal, nil) == (.notFound, "symbol"))
        #expect(
            await field { try await services.trading.trade(.sell, "AAPL", quantity: 1, for: me, on: day("2019-11-15")) }
                ?? (.internal, nil) == (.refused, "quantity"))
        #expect(try await services.portfolio.history(for: me).total == before)
        // Priced in pounds, a past trade for a dollar account needs GBPUSD=X's close that day: this provider has none.
        let (pounds, ann) = try await PastTradeTests().services(provider(currency: "GBP"))
        #expect(
            await field { try await pounds.trading.trade(.buy, "AAPL", quantity: 1, for: ann, on: day("2019-11-15")) }
                ?? (.internal, nil) == (.notFound, "symbol"))
    }
}
