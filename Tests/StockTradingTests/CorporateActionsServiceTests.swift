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

/// Splits and dividends applied to holdings, against figures computed by hand.
@Suite struct CorporateActionsServiceTests {
    let world = TestWorld()

    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    /// A provider with one symbol's bars and actions (as Yahoo reports them: closes and amounts in split shares).
    func provider(bars: [DailyBar], dividends: [Dividend] = [], splits: [Split]) -> ScriptedProvider {
        ScriptedProvider(
            id: "yahoo", displayName: "Yahoo Finance",
            history: { symbol, from, to in
                PriceHistory(
                    symbol: symbol, currency: "USD", exchangeTimeZone: "America/New_York", bars: bars,
                    dividends: dividends, splits: splits
                ).limited(from: from, to: to)
            })
    }

    func services(_ provider: ScriptedProvider) async throws -> (StockTradingServices, Session) {
        let market = MarketDataService(
            providers: [provider], store: world.database.store(namespace: "market"), timing: world.timing,
            quoteTTL: .seconds(60))
        let services = StockTradingServices(
            store: world.store, timing: world.timing,
            settings: StocksSettings(timeZone: TimeZone(identifier: "UTC")!), hasher: world.hasher, marketData: market)
        try await services.prepare()
        let me = try await services.accounts.openAccount(
            email: "ann@example.com", password: "correct horse", confirmation: "correct horse")
        return (services, me)
    }

    @Test func aSplitMultipliesTheSharesAndDividendsPayOnTheSharesHeldOnTheExDate() async throws {
        let (services, me) = try await services(
            provider(
                bars: [
                    DailyBar(date: Self.day("2019-11-15"), close: Amount("66.44")!, adjustedClose: nil),
                    DailyBar(date: Self.day("2020-08-31"), close: Amount("129.04")!, adjustedClose: nil),
                ],
                dividends: [
                    Dividend(exDate: Self.day("2020-02-07"), amountPerShare: Amount("0.1925")!),
                    Dividend(exDate: Self.day("2020-11-06"), amountPerShare: Amount("0.205")!),
                ],
                splits: [Split(date: Self.day("2020-08-31"), numerator: 4, denominator: 1)]))
        _ = try await services.trading.trade(.buy, "AAPL", quantity: 10, for: me, on: Self.day("2019-11-16"))
        _ = try await services.trading.trade(
            .sell, "AAPL", quantity: 2, for: me, on: Self.day("2020-03-02"), price: Amount(300))
        let cashBefore = try await Brokerage(store: world.store, timing: world.timing, userID: me.userID).holdings()
            .state.cash

        let applied = try await services.corporateActions.apply(for: me)
        // 10 shares on 7 Feb 2020 × 0.77 (0.1925 in split shares) = 7.70; 8 shares × 4 = 32 on 31 Aug;
        // 32 × 0.205 = 6.56 on 6 Nov.
        #expect(applied.map(\.side) == ["dividend", "split", "dividend"])
        #expect(applied.map(\.amount) == [Amount("7.7")!, .zero, Amount("6.56")!])
        #expect(applied.map(\.quantity) == [10, 24, 32])
        let holdings = try await Brokerage(store: world.store, timing: world.timing, userID: me.userID).holdings()
        let position = try #require(holdings.positions.first)
        // The cost is unchanged by the split: 2657.60 − 2 × 265.76 sold = 2126.08, now 66.44 a share.
        #expect(
            position.quantity == 32 && position.cost == Amount("2126.08")! && position.averageCost == Amount("66.44")!)
        #expect(try holdings.state.cash == cashBefore + Amount("14.26")!)

        // Applying again changes nothing.
        #expect(try await services.corporateActions.apply(for: me).isEmpty)
        let again = try await Brokerage(store: world.store, timing: world.timing, userID: me.userID).holdings()
        #expect(again == holdings)
        let history = try await Brokerage(store: world.store, timing: world.timing, userID: me.userID).history()
        for method in CostBasisMethod.allCases {
            #expect(try CostBasis.replay(history, method: method).positions["AAPL"] == position)
        }
    }

    @Test func reportsBringTheActionsUpToDate() async throws {
        let (services, me) = try await services(
            provider(
                bars: [DailyBar(date: Self.day("2019-11-15"), close: Amount("66.44")!, adjustedClose: nil)],
                dividends: [Dividend(exDate: Self.day("2020-11-06"), amountPerShare: Amount("0.205")!)],
                splits: [Split(date: Self.day("2020-08-31"), numerator: 4, denominator: 1)]))
        _ = try await services.trading.trade(.buy, "AAPL", quantity: 10, for: me, on: Self.day("2019-11-16"))
        let history = try await services.portfolio.history(for: me)
        #expect(history.rows.suffix(2).map(\.side) == ["split", "dividend"])
        #expect(history.rows.last?.amount == Amount("8.2"))
        #expect(try await services.portfolio.history(for: me).total == history.total)
    }

    @Test func aFractionOfAShareIsPaidOutAsCashInLieu() async throws {
        let (services, me) = try await services(
            provider(
                bars: [DailyBar(date: Self.day("2020-06-01"), close: Amount(60), adjustedClose: nil)],
                splits: [Split(date: Self.day("2020-06-01"), numerator: 3, denominator: 2)]))
        _ = try await services.trading.trade(
            .buy, "XYZ", quantity: 3, for: me, on: Self.day("2020-01-02"), price: Amount(100))
        let applied = try await services.corporateActions.apply(for: me)
        // 3 × 3/2 = 4.5 shares: 4 kept, 0.5 × 60 = 30.00 paid; its cost 300 × 0.5 / 4.5 = 33.33, a loss of 3.33.
        #expect(applied.map(\.quantity) == [1] && applied.first?.amount == Amount(30))
        #expect(applied.first?.realizedPL == Amount("-3.33")!)
        let holdings = try await Brokerage(store: world.store, timing: world.timing, userID: me.userID).holdings()
        #expect(holdings.positions.first == Position(symbol: "XYZ", quantity: 4, cost: Amount("266.67")!))
        let history = try await Brokerage(store: world.store, timing: world.timing, userID: me.userID).history()
        #expect(try CostBasis.replay(history, method: .fifo).positions["XYZ"] == holdings.positions.first)
    }

    @Test func withoutMarketDataThereIsNothingToApply() async throws {
        let services = StockTradingServices(
            store: world.store, timing: world.timing,
            settings: StocksSettings(seed: 7, timeZone: TimeZone(identifier: "UTC")!), hasher: world.hasher)
        try await services.prepare()
        let me = try await services.accounts.openAccount(
            email: "bob@example.com", password: "correct horse", confirmation: "correct horse")
        _ = try await services.trading.trade(.buy, "AAPL", quantity: 1, for: me)
        #expect(try await services.corporateActions.apply(for: me).isEmpty)
    }
}
