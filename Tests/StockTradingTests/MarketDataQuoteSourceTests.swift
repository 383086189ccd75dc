import Failures
import Foundation
import MarketData
import MarketDataTesting
import Money
import NetworkingTesting
import Persistence
import StockTrading
import Synchronization
import Testing
import Timing
import TimingTesting

/// The feature priced by the shared market-data kernel: the services built with the host's `MarketDataService`.
@Suite struct MarketDataQuoteSourceTests {
    let world = TestWorld()

    /// Whether the provider refuses.
    final class Switch: Sendable {
        let down = Mutex(false)
    }

    /// A provider quoting AAPL at 227.55 and MSFT at 112.13 (refusing while `switch` is down), and VOD.L in pounds.
    func provider(_ switch: Switch = Switch()) -> ScriptedProvider {
        ScriptedProvider(
            id: "yahoo", displayName: "Yahoo Finance",
            quote: { symbol in
                if `switch`.down.withLock({ $0 }) {
                    throw MarketDataError.rateLimited(
                        symbol: symbol, provider: "Yahoo Finance", retryAfter: nil, reason: "HTTP 429")
                }
                switch symbol {
                case "AAPL": return .sample(symbol, price: Amount("227.55")!, previousClose: Amount("227.79")!)
                case "MSFT": return .sample(symbol, price: Amount("112.13")!)
                case "SPY": return .sample(symbol, price: Amount("579.58")!)
                case "VOD.L":
                    var quote = PriceQuote.sample(symbol, price: Amount("0.7152")!)
                    quote.currency = "GBP"
                    return quote
                default: throw MarketDataError.unknownSymbol(symbol: symbol, provider: "Yahoo Finance")
                }
            })
    }

    func services(
        _ provider: ScriptedProvider
    ) async throws
        -> (StockTradingServices, MarketDataService)
    {
        let market = MarketDataService(
            providers: [provider], store: world.database.store(namespace: "market"), timing: world.timing,
            quoteTTL: .seconds(60))
        let services = StockTradingServices(
            store: world.store, timing: world.timing,
            settings: StocksSettings(timeZone: TimeZone(identifier: "UTC")!), hasher: world.hasher, marketData: market)
        try await services.prepare()
        return (services, market)
    }

    @Test func quotesAndTradesUseTheProvidersPrices() async throws {
        let (services, _) = try await services(provider())
        // No one logged in: the bundled ten, less the ones this provider does not know.
        let listed = try await services.quotes.listing([], for: nil)
        #expect(listed.priced.report.map(\.symbol) == ["AAPL", "MSFT"] && listed.note != nil)
        #expect(try await services.market.listing([]).report.isEmpty, "a live market is asked for nothing unnamed")
        let set = try await services.market.quotes(including: ["AAPL"])
        #expect(set.quote(for: "AAPL")?.quote.price == Amount("227.55") && set.quote(for: "aapl")?.isStale == false)
        #expect(set.quote(for: "AAPL")?.quote.name == "Apple Inc." && set.source == "Yahoo Finance")
        let me = try await services.accounts.openAccount(
            email: "ann@example.com", password: "correct horse", confirmation: "correct horse")
        let bought = try await services.trading.trade(.buy, "AAPL", quantity: 2, for: me).report
        #expect(bought.price == Amount("227.55") && bought.amount == Amount("455.1"))
    }

    @Test func aSymbolBeyondTheTenIsPricedWhenAskedFor() async throws {
        let (services, _) = try await services(provider())
        let me = try await services.accounts.openAccount(
            email: "ann@example.com", password: "correct horse", confirmation: "correct horse")
        let bought = try await services.trading.trade(.buy, "spy", quantity: 2, for: me).report
        #expect(bought.symbol == "SPY" && bought.price == Amount("579.58"))
        let portfolio = try await services.portfolio.portfolio(for: me).report
        #expect(portfolio.holdings.contains { $0.symbol == "SPY" && $0.price == Amount("579.58") })
        let watched = try await services.watchlist.add(["SPY"], for: me)
        #expect(watched.added == ["SPY"])
        #expect(try await services.market.listing(["SPY", "AAPL"]).report.map(\.symbol) == ["SPY", "AAPL"])
        func refusal(_ symbol: String) async -> FolioError? {
            do {
                _ = try await services.trading.trade(.buy, symbol, quantity: 1, for: me)
                return nil
            } catch {
                return error as? FolioError
            }
        }
        let unknown = await refusal("NOPE")
        #expect(
            unknown?.kind == .notFound && unknown?.field == "symbol" && unknown?.line.contains("Yahoo Finance") == true)
        // A dollar account buying a London listing needs GBPUSD=X, which this provider does not know.
        let pounds = await refusal("VOD.L")
        #expect(pounds?.kind == .notFound && pounds?.field == "symbol" && pounds?.what == "cannot convert GBP to USD")
        #expect(pounds?.why?.contains("no GBPUSD=X exchange rate from Yahoo Finance") == true)
    }

    @Test func freshPricesAreOfferedInTheSymbolsOwnCurrency() async throws {
        let market = MarketDataService(
            providers: [provider()], store: world.database.store(namespace: "market"), timing: world.timing,
            quoteTTL: .seconds(60))
        let source = MarketDataQuoteSource(market: market, symbols: ["AAPL", "VOD.L", "NOPE"])
        // A London listing is quoted in pounds (accounts convert when they trade); an unknown symbol is left out
        // while others answer.
        let quotes = try await source.fetchQuotes()
        #expect(quotes.map(\.symbol) == ["AAPL", "VOD.L"] && quotes.map(\.currencyCode) == ["USD", "GBP"])
        #expect(source.identity == "market:yahoo" && source.requiresNetwork && source.displayName == "Yahoo Finance")
        let unknown = MarketDataQuoteSource(market: market, symbols: ["NOPE"])
        await #expect(throws: MarketDataError.unknownSymbol(symbol: "NOPE", provider: "Yahoo Finance")) {
            try await unknown.fetchQuotes()
        }
    }

    @Test func aProviderRefusingLaterLeavesTheLastPricesMarkedStale() async throws {
        let refusing = Switch()
        let (services, _) = try await services(provider(refusing))
        _ = try await services.market.quotes(including: ["AAPL", "MSFT"])
        refusing.down.withLock { $0 = true }
        world.wallClock.advance(by: 120)
        let set = try await services.market.quotes(including: ["AAPL", "MSFT"])
        #expect(set.isStale && set.quote(for: "MSFT")?.quote.price == Amount("112.13"))
        #expect(set.failure?.contains("Yahoo Finance") == true)
    }

    @Test func withNothingStoredARefusingProviderIsUnavailable() async throws {
        let refusing = Switch()
        refusing.down.withLock { $0 = true }
        let (services, _) = try await services(provider(refusing))
        do {
            _ = try await services.market.quotes(including: ["AAPL"])
            Issue.record("expected a refusal")
        } catch let error as FolioError {
            #expect(error.kind == .unavailable && error.line.contains("Yahoo Finance"))
        }
    }
}
