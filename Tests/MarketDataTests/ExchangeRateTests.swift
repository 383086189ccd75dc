import Failures
import Foundation
import MarketData
import MarketDataTesting
import Money
import Testing
import Timing
import TimingTesting

@Suite struct ExchangeRateTests {
    /// A provider quoting `GBPUSD=X` as Yahoo does: a price in dollars for one pound.
    func poundsInDollars(_ rate: String = "1.2712") -> ScriptedProvider {
        ScriptedProvider(
            id: "yahoo", displayName: "Yahoo Finance",
            quote: { symbol in
                guard symbol == "GBPUSD=X" else {
                    throw MarketDataError.unknownSymbol(symbol: symbol, provider: "Yahoo Finance")
                }
                return PriceQuote(
                    symbol: symbol, price: .of(rate), currency: "USD", previousClose: nil, exchange: "CCY",
                    exchangeTimeZone: "Europe/London", marketTime: Date(timeIntervalSince1970: 1_699_999_000))
            })
    }

    @Test func aPairIsNamedAsYahooNamesIt() {
        let pair = FXPair(from: "gbp", to: "usd")
        #expect(pair.symbol == "GBPUSD=X" && pair.description == "GBP→USD")
        #expect(FXPair(symbol: "eurjpy=x") == FXPair(from: "EUR", to: "JPY"))
        for symbol in ["AAPL", "GBPUSD", "GBPUS=X", "GB1USD=X", "VOD.L"] { #expect(FXPair(symbol: symbol) == nil) }
        #expect(FXPair.isCurrencyCode("GBP") && !FXPair.isCurrencyCode("GB") && !FXPair.isCurrencyCode("£££"))
    }

    @Test func aRateIsThePairsQuoteWithItsSourceAndTimeCachedLikeAQuote() async throws {
        let world = World()
        let provider = poundsInDollars()
        let market = world.service([provider])
        let rate = try await market.exchangeRate(from: "gbp", to: "USD")
        #expect(rate.from == "GBP" && rate.to == "USD" && rate.rate == Decimal(string: "1.2712"))
        #expect(rate.source == "Yahoo Finance" && rate.asOf == Date(timeIntervalSince1970: 1_699_999_000))
        #expect(!rate.isStale)
        _ = try await market.exchangeRate(from: "GBP", to: "USD")
        #expect(provider.requests == ["quote GBPUSD=X"], "one request per pair per time to live")
        let same = try await market.exchangeRate(from: "USD", to: "usd")
        #expect(same.rate == 1 && same.source == "identity" && provider.requests.count == 1)
    }

    @Test func aProviderThatFailsLeavesTheStoredRateMarkedStale() async throws {
        let world = World()
        let down = Counter()
        let provider = ScriptedProvider(
            id: "yahoo", displayName: "Yahoo Finance",
            quote: { symbol in
                guard down.next() == 1 else {
                    throw MarketDataError.rateLimited(
                        symbol: symbol, provider: "Yahoo Finance", retryAfter: nil, reason: "HTTP 429")
                }
                return PriceQuote(
                    symbol: symbol, price: .of("1.2712"), currency: "USD", previousClose: nil, exchange: nil,
                    exchangeTimeZone: "UTC", marketTime: Date(timeIntervalSince1970: 1_699_999_000))
            })
        let market = world.service([provider])
        _ = try await market.exchangeRate(from: "GBP", to: "USD")
        world.wall.advance(by: 120)
        let stale = try await market.exchangeRate(from: "GBP", to: "USD")
        #expect(stale.isStale && stale.rate == Decimal(string: "1.2712"))
    }

    @Test func noRateIsARefusalNamingThePairAndTheProvider() async throws {
        let world = World()
        let market = world.service([poundsInDollars()])
        let error = try #require(try await refusal { try await market.exchangeRate(from: "EUR", to: "USD") })
        #expect(error == .unknownSymbol(symbol: "EURUSD=X", provider: "Yahoo Finance"))
        let folio = error.refusal(converting: FXPair(from: "EUR", to: "USD"))
        #expect(folio.what == "cannot convert EUR to USD" && folio.field == "symbol" && folio.exitCode == 1)
        #expect(folio.why == "no EURUSD=X exchange rate from Yahoo Finance: Yahoo Finance does not know the symbol")
        // A rate quoted in the wrong currency is not a rate at all.
        let wrong = ScriptedProvider(quote: { .sample($0, price: .of("1.2")) })
        let unreadable = try await refusal { try await world.service([wrong]).exchangeRate(from: "GBP", to: "EUR") }
        #expect(unreadable?.folioError.kind == .dataError)
    }

    @Test func theSimulatedMarketHasAFixedTableAndConstantDailyRates() async throws {
        let world = World()
        let simulated = SimulatedMarket(store: world.store, timing: world.timing)
        let market = world.service([simulated])
        // Hand-computed: 1.27 dollars a pound, so a dollar is 1 / 1.27 = 0.78740157… → 0.787402 pounds.
        #expect(try await market.exchangeRate(from: "USD", to: "GBP").rate == Decimal(string: "0.787402"))
        #expect(try await market.exchangeRate(from: "GBP", to: "USD").rate == Decimal(string: "1.27"))
        #expect(try await market.exchangeRate(from: "EUR", to: "GBP").rate == Decimal(string: "0.858268"))
        let past = try await market.exchangeRate(
            from: "USD", to: "GBP", on: CalendarDate(iso8601: "2023-11-12")!,
            today: CalendarDate(iso8601: "2023-11-14")!)
        #expect(past.rate == Decimal(string: "0.787402") && past.source == "the simulated market")
        let unknown = try await refusal { try await market.exchangeRate(from: "USD", to: "XAU") }
        #expect(unknown == .unknownSymbol(symbol: "USDXAU=X", provider: "the simulated market"))
        #expect(try await simulated.currentState() == nil, "a rate takes no step of the walk")
    }
}
