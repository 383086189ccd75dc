import AlertRules
import Caching
import Failures
import Foundation
import MarketData
import MarketDataTesting
import Money
import Persistence
import StockTrading
import Synchronization
import Testing
import Timing
import TimingTesting

/// An account keeps one currency; a trade in another converts at the provider's rate, recorded on the entry.
@Suite struct AccountCurrencyTests {
    let world = TestWorld()

    /// AAPL at $227.55, VOD.L at £0.7152, and the two rates (each pair refusing while `pairsDown`).
    final class Upstream: Sendable {
        let pairsDown = Mutex(false)
    }

    func provider(_ upstream: Upstream = Upstream()) -> ScriptedProvider {
        ScriptedProvider(
            id: "yahoo", displayName: "Yahoo Finance",
            quote: { symbol in
                func pair(_ rate: String, in currency: String) throws -> PriceQuote {
                    if upstream.pairsDown.withLock({ $0 }) {
                        throw MarketDataError.rateLimited(
                            symbol: symbol, provider: "Yahoo Finance", retryAfter: nil, reason: "HTTP 429")
                    }
                    var quote = PriceQuote.sample(symbol, price: Amount(rate)!)
                    quote.currency = currency
                    return quote
                }
                switch symbol {
                case "AAPL": return .sample(symbol, price: Amount("227.55")!, previousClose: Amount("227.79")!)
                case "VOD.L":
                    var quote = PriceQuote.sample(symbol, price: Amount("0.7152")!)
                    quote.currency = "GBP"
                    return quote
                case "USDGBP=X": return try pair("0.7867", in: "GBP")
                case "GBPUSD=X": return try pair("1.2712", in: "USD")
                default: throw MarketDataError.unknownSymbol(symbol: symbol, provider: "Yahoo Finance")
                }
            })
    }

    func services(_ provider: ScriptedProvider) async throws -> StockTradingServices {
        try await world.services(providers: [provider])
    }

    func open(_ services: StockTradingServices, currency: String?) async throws -> Session {
        try await services.accounts.openAccount(
            email: "ann@example.com", password: "correct horse", confirmation: "correct horse", currency: currency)
    }

    @Test func aPoundAccountBuyingADollarStockPaysAtTheRateAndRecordsIt() async throws {
        let services = try await services(provider())
        let me = try await open(services, currency: "gbp")
        let bought = try await services.trading.trade(.buy, "AAPL", quantity: 2, for: me).report
        // Hand-computed: 2 × $227.55 = $455.10, × 0.7867 = £358.02717 → £358.03.
        #expect(bought.price == Amount("227.55") && bought.priceCurrency == "USD" && bought.currency == "GBP")
        #expect(bought.amount == Amount("358.03") && bought.cashAfter == Amount("9641.97"))
        let fx = try #require(bought.fx)
        #expect(fx.from == "USD" && fx.to == "GBP" && fx.rate == Decimal(string: "0.7867"))
        #expect(fx.source == "Yahoo Finance" && fx.asOf == Date(timeIntervalSince1970: 1_700_000_000))
        let history = try await services.portfolio.history(for: me)
        #expect(history.currency == "GBP" && history.rows.last?.fx == fx)
        let portfolio = try await services.portfolio.portfolio(for: me).report
        #expect(portfolio.currency == "GBP" && portfolio.totals.cash == Amount("9641.97"))
        // Valued at today's rate: 2 × 227.55 × 0.7867 = 358.02717 → £358.03, the cost.
        let holding = try #require(portfolio.holdings.first)
        #expect(holding.price == Amount("179.013585") && holding.value == Amount("358.03"))
        #expect(holding.costBasis == Amount("358.03") && portfolio.totals.totalValue == Amount("10000"))
        // The JSON carries the rate with its source and time.
        let json = String(decoding: try JSONEncoder().encode(bought), as: UTF8.self)
        #expect(json.contains("\"rate\":0.7867") && json.contains("\"source\":\"Yahoo Finance\""))
    }

    @Test("a refusal for want of cash speaks the account's currency")
    func refusalsInTheAccountsCurrency() async throws {
        let services = try await services(provider())
        let me = try await open(services, currency: "GBP")
        // 100 × $227.55 × 0.7867 = £17,901.3585 → £17,901.36, against the opening £10,000.00.
        let buy = await refusal { _ = try await services.trading.trade(.buy, "AAPL", quantity: 100, for: me) }
        #expect(buy?.line == "cannot buy 100 AAPL — it costs £17,901.36 and your cash is £10,000.00")
        let withdrawal = await refusal { _ = try await services.trading.withdraw(Amount("10000.01")!, for: me) }
        #expect(withdrawal?.line == "cannot withdraw £10,000.01 — your cash is £10,000.00")
    }

    @Test("a price alert on a pound stock is set, checked and told in pounds; an older one still compares")
    func alertsInTheSymbolsCurrency() async throws {
        let rule = StockAlertRule(services: try await services(provider()))
        let defined = try await rule.define(AlertInput(["symbol": "vod.l", "below": "0.80"]), mode: .normal)
        #expect(defined.summary == "VOD.L below £0.80")
        #expect(defined.parameters.contains("\"currency\":\"GBP\""))
        let pounds = StockAlertParameters(symbol: "VOD.L", direction: .below, level: Amount("0.80")!, currency: "GBP")
        let fired = try await rule.check(pounds, mode: .normal)
        #expect(fired.signals?.first?.title == "VOD.L fell to £0.72")
        #expect(fired.signals?.first?.body == "VOD.L is below £0.80 at £0.72.")
        let kept = StockAlertParameters(symbol: "VOD.L", direction: .below, level: Amount("0.80")!)
        #expect(try await rule.check(kept, mode: .normal).signals?.first?.title == "VOD.L fell to £0.72")
        let dollars = StockAlertParameters(symbol: "VOD.L", direction: .below, level: Amount("0.80")!, currency: "USD")
        let moved = try await rule.check(dollars, mode: .normal)
        #expect(moved.signals == nil)
        #expect(moved.note == "VOD.L is now priced in GBP, the alert's level in USD")
        let apple = try await rule.define(AlertInput(["symbol": "AAPL", "above": "180"]), mode: .normal)
        #expect(apple.summary == "AAPL above $180.00")
    }

    @Test func aDollarAccountSellingAPoundStockIsCreditedAtTheRate() async throws {
        let services = try await services(provider())
        let me = try await open(services, currency: nil)
        let bought = try await services.trading.trade(.buy, "VOD.L", quantity: 100, for: me).report
        // Hand-computed: 100 × £0.7152 = £71.52, × 1.2712 = $90.916224 → $90.92.
        #expect(bought.amount == Amount("90.92") && bought.currency == "USD" && bought.priceCurrency == "GBP")
        let sold = try await services.trading.trade(.sell, "VOD.L", quantity: 40, for: me).report
        // 40 × 0.7152 × 1.2712 = 36.3664896 → $36.37; cost sold 90.92 × 40 / 100 = 36.368 → $36.37.
        #expect(
            sold.amount == Amount("36.37") && sold.realizedPL == .zero && sold.fx?.rate == Decimal(string: "1.2712"))
    }

    @Test func noRateRefusesTheTradeNamingThePairAndProviderAndStoresNothing() async throws {
        let upstream = Upstream()
        let services = try await services(provider(upstream))
        let me = try await open(services, currency: "GBP")
        upstream.pairsDown.withLock { $0 = true }
        // The price is fetched (and cached) first, so what the refused trade would have written is all that differs.
        _ = try await services.market.quotes(including: ["AAPL"])
        let before = try await world.dump()
        let error = await refusal { _ = try await services.trading.trade(.buy, "AAPL", quantity: 1, for: me) }
        #expect(error?.what == "cannot convert USD to GBP" && error?.field == "symbol")
        #expect(error?.why?.contains("no USDGBP=X exchange rate from Yahoo Finance") == true)
        #expect(error?.kind == .unavailable)
        #expect(try await world.dump() == before, "a refused trade stores nothing")
    }

    @Test func accountsWithoutACurrencyAreInDollarsAndABadCodeIsRefused() async throws {
        let services = try await services(provider())
        let me = try await open(services, currency: nil)
        #expect(try await services.portfolio.portfolio(for: me).report.currency == "USD")
        let old = try JSONDecoder().decode(
            AccountState.self, from: Data(#"{"cash":"1","netDeposits":"1","realizedPL":"0","nextSequence":2}"#.utf8))
        #expect(old.currency == nil && old.accountCurrency == "USD")
        let refused = await refusal {
            _ = try await services.accounts.openAccount(
                email: "bob@example.com", password: "correct horse", confirmation: "correct horse", currency: "pounds")
        }
        #expect(refused?.field == "currency" && refused?.kind == .invalid)
        #expect(try AccountsService.currency(" eur ") == "EUR")
    }

    @Test func theSimulatedMarketConvertsAtItsFixedTable() async throws {
        let services = StockTradingServices(
            store: world.store, timing: world.timing, settings: StocksSettings(seed: 11, timeZone: world.utc),
            hasher: world.hasher)
        try await services.prepare()
        let me = try await open(services, currency: "GBP")
        let bought = try await services.trading.trade(.buy, "AAPL", quantity: 1, for: me).report
        #expect(bought.fx?.rate == Decimal(string: "0.787402") && bought.fx?.source == "the simulated market")
        let expected = try bought.price.multiplied(by: Amount("0.787402")!, rounding: .halfEven)
            .rounded(toPlaces: 2, .halfUp)
        #expect(bought.amount == expected)
    }
}
