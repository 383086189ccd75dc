import Failures
import Foundation
import MarketData
import MarketDataTesting
import Settings
import Testing
import Timing

@Suite struct MarketSettingsTests {
    @Test func defaultsToYahooAloneWithPoliteLimits() throws {
        let settings = try MarketSettings(Configuration())
        #expect(settings.provider == .yahoo && settings.order == [.yahoo])
        #expect(settings.yahooURL.absoluteString == "https://query1.finance.yahoo.com")
        #expect(settings.quotesTTL == .seconds(60) && settings.yahooLimit == .yahoo)
    }

    @Test func theEnvironmentWinsOverTheFileAndAKeyAddsTheFallback() throws {
        let configuration = Configuration(
            environment: [
                "FOLIO_MARKET": "AlphaVantage", "FOLIO_ALPHAVANTAGE_KEY": "demo",
                "FOLIO_YAHOO_URL": "http://127.0.0.1:9",
            ],
            file: [
                "market.provider": "simulated", "market.alphaVantageURL": "http://127.0.0.1:10",
                "market.yahoo.perMinute": "30", "market.yahoo.minimumGap": "2s", "stocks.quotesTTL": "5m",
            ])
        let settings = try MarketSettings(configuration)
        #expect(settings.provider == .alphavantage && settings.order == [.alphavantage, .yahoo])
        #expect(settings.alphaVantageKey == "demo" && settings.alphaVantageURL.absoluteString == "http://127.0.0.1:10")
        #expect(settings.yahooURL.absoluteString == "http://127.0.0.1:9")
        #expect(settings.yahooLimit.perMinute == 30 && settings.yahooLimit.minimumGap == .seconds(2))
        #expect(settings.yahooLimit.inFlight == RateLimit.yahoo.inFlight && settings.quotesTTL == .seconds(300))
        let yahooFirst = try MarketSettings(Configuration(environment: ["FOLIO_ALPHAVANTAGE_KEY": "demo"]))
        #expect(yahooFirst.order == [.yahoo, .alphavantage])
        #expect(try MarketSettings(Configuration(file: ["market.provider": "simulated"])).order == [.simulated])
    }

    @Test func badValuesAreBlamedOnWhereTheyCameFrom() throws {
        #expect(
            throws: FolioError(
                .usage, "FOLIO_MARKET is not a market data provider",
                why: "\"google\" should be yahoo, alphavantage or simulated")
        ) {
            try MarketSettings(Configuration(environment: ["FOLIO_MARKET": "google"]))
        }
        do {
            _ = try MarketSettings(
                Configuration(file: ["market.alphaVantage.inFlight": "0"], filePath: "/h/config.json"))
            Issue.record("expected a refusal")
        } catch let error as FolioError {
            #expect(error.kind == .usage && error.what.contains("market.alphaVantage.inFlight"))
        }
        do {
            _ = try MarketSettings(Configuration(environment: ["FOLIO_MARKET": "alphavantage"]))
            Issue.record("expected a refusal")
        } catch let error as FolioError {
            #expect(error.kind == .usage && error.hint?.contains("FOLIO_ALPHAVANTAGE_KEY") == true)
        }
    }

    @Test func theServiceAsksTheProvidersInOrderEachUnderItsLimit() throws {
        let world = World()
        let settings = try MarketSettings(Configuration(environment: ["FOLIO_ALPHAVANTAGE_KEY": "demo"]))
        let service = settings.service(store: world.store, timing: world.timing) { choice in
            ScriptedProvider(id: choice.rawValue)
        }
        #expect(service.providers.map(\.id) == ["yahoo", "alphavantage"])
        #expect(service.providers.allSatisfy { $0 is RateLimitedProvider })
        #expect(service.quoteTTL == .seconds(60))
    }
}
