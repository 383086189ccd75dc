import Foundation
import MarketData
import MarketDataAlphaVantage
import MarketDataYahoo
import Money
import Networking
import NetworkingTesting
import Persistence
import Testing
import Timing
import TimingTesting

/// Exchange rates over real loopback HTTP. No recording of a currency pair exists in the shared fixtures, so both
/// bodies are built here in each provider's documented shape (Yahoo's chart `meta` for `GBPUSD=X`; Alpha Vantage's
/// `Realtime Currency Exchange Rate`).
@Suite(.timeLimit(.minutes(10))) struct ExchangeRateProviderTests {
    static let yahooPair = """
        {"chart":{"result":[{"meta":{"currency":"USD","symbol":"GBPUSD=X","exchangeName":"CCY",\
        "instrumentType":"CURRENCY","regularMarketPrice":1.2711671590805054,"regularMarketTime":1728936000,\
        "chartPreviousClose":1.3057000637054443,"priceHint":4,"exchangeTimezoneName":"Europe/London"},\
        "timestamp":[1728860400],"indicators":{"quote":[{"close":[1.2711671590805054]}],\
        "adjclose":[{"adjclose":[1.2711671590805054]}]}}],"error":null}}
        """

    static let alphaPair = """
        {"Realtime Currency Exchange Rate":{"1. From_Currency Code":"GBP","2. From_Currency Name":"British Pound Sterling",\
        "3. To_Currency Code":"USD","4. To_Currency Name":"United States Dollar","5. Exchange Rate":"1.27120000",\
        "6. Last Refreshed":"2024-10-14 20:00:01","7. Time Zone":"UTC","8. Bid Price":"1.27110000",\
        "9. Ask Price":"1.27130000"}}
        """

    @Test func yahooPricesAPairsSymbolInTheCurrencyConvertedTo() async throws {
        try await withServer({ _ in .json(Self.yahooPair) }) { server in
            let yahoo = YahooFinanceProvider(http: transport(), baseURL: server.baseURL, timing: testTiming)
            let market = MarketDataService(
                providers: [yahoo], store: InMemoryDatabase(now: { testTiming.now() }).store(namespace: "market"),
                timing: testTiming, quoteTTL: .seconds(60))
            let rate = try await market.exchangeRate(from: "GBP", to: "USD")
            // Rounded half-even to the pair's price hint of 4 places: 1.27116715… → 1.2712.
            #expect(rate.rate == Decimal(string: "1.2712") && rate.source == "Yahoo Finance")
            #expect(rate.asOf == Date(timeIntervalSince1970: 1_728_936_000))
            #expect(server.requests.map(\.path) == ["/v8/finance/chart/GBPUSD=X"])
        }
    }

    @Test func alphaVantageAnswersAPairFromCurrencyExchangeRate() async throws {
        try await withServer({ _ in .json(Self.alphaPair) }) { server in
            let alpha = AlphaVantageProvider(
                http: transport(), apiKey: "demo", baseURL: server.baseURL, timing: testTiming)
            let quote = try await alpha.quote(for: "GBPUSD=X")
            #expect(quote.symbol == "GBPUSD=X" && quote.price == .of("1.2712") && quote.currency == "USD")
            // 2024-10-14 20:00:01 UTC.
            #expect(quote.marketTime == Date(timeIntervalSince1970: 1_728_936_001))
            let request = try #require(server.requests.first)
            #expect(request.queryValue("function") == "CURRENCY_EXCHANGE_RATE")
            #expect(request.queryValue("from_currency") == "GBP" && request.queryValue("to_currency") == "USD")
            #expect(request.queryValue("symbol") == nil && request.queryValue("apikey") == "demo")
        }
    }

    @Test func alphaVantagesThrottleNoteOnAPairIsARateLimitNamingThePair() async throws {
        let note =
            #"{"Note": "Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute."}"#
        try await withServer({ _ in .json(note) }) { server in
            let alpha = AlphaVantageProvider(
                http: transport(), apiKey: "demo", baseURL: server.baseURL, timing: testTiming)
            let error = await refusal { try await alpha.quote(for: "GBPUSD=X") }
            #expect(
                error
                    == .rateLimited(
                        symbol: "GBPUSD=X", provider: "Alpha Vantage", retryAfter: nil,
                        reason:
                            "Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute."
                    ))
        }
    }
}
