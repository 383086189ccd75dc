import Foundation
import MarketData
import MarketDataAlphaVantage
import Money
import Networking
import NetworkingTesting
import Testing
import Timing
import TimingTesting

@Suite(.timeLimit(.minutes(10))) struct AlphaVantageProviderTests {
    func alpha(_ server: LoopbackServer, now: Date = Date(timeIntervalSince1970: 1_526_000_000)) -> AlphaVantageProvider
    {
        AlphaVantageProvider(http: transport(), apiKey: "demo", baseURL: server.baseURL, timing: .test(now: now))
    }

    @Test func aGlobalQuoteIsReadFromItsNumberedStrings() async throws {
        try await withServer({ _ in try .fixture("alphavantage/RomelTorres_MSFT_global-quote-2018-10-05.json") }) {
            server in
            let quote = try await alpha(server).quote(for: "msft")
            #expect(quote.symbol == "MSFT" && quote.price == .of("112.13") && quote.previousClose == .of("112.79"))
            #expect(quote.currency == "USD" && quote.exchangeTimeZone == "America/New_York")
            // 16:00 in New York on 5 October 2018 (EDT, UTC−4).
            #expect(quote.marketTime == Date(timeIntervalSince1970: 1_538_769_600))
            let request = try #require(server.requests.first)
            #expect(request.path == "/query" && request.queryValue("function") == "GLOBAL_QUOTE")
            #expect(request.queryValue("symbol") == "MSFT" && request.queryValue("apikey") == "demo")
        }
    }

    @Test func theDailySeriesGivesClosesWithoutAdjustmentsOrActions() async throws {
        try await withServer({ _ in try .fixture("alphavantage/kirlut_MSFT_time-series-daily-trimmed-2018-05.json") }) {
            server in
            let history = try await alpha(server).history(for: "MSFT", from: day("2018-05-01"), to: day("2018-05-10"))
            #expect(
                history.bars == [
                    DailyBar(date: day("2018-05-08"), close: .of("95.81"), adjustedClose: nil),
                    DailyBar(date: day("2018-05-09"), close: .of("96.94"), adjustedClose: nil),
                    DailyBar(date: day("2018-05-10"), close: .of("97.48"), adjustedClose: nil),
                ])
            #expect(history.dividends.isEmpty && history.splits.isEmpty && history.currency == "USD")
            let request = try #require(server.requests.first)
            #expect(
                request.queryValue("function") == "TIME_SERIES_DAILY" && request.queryValue("outputsize") == "compact")
            let old = try await alpha(server).history(for: "MSFT", from: day("2017-01-02"), to: day("2018-05-10"))
            #expect(old.bars.count == 3 && server.requests.last?.queryValue("outputsize") == "full")
            #expect(
                await refusal {
                    try await alpha(server).history(for: "MSFT", from: day("2018-06-01"), to: day("2018-06-30"))
                }
                    == .noData(
                        symbol: "MSFT", provider: "Alpha Vantage", reason: "no prices from 2018-06-01 to 2018-06-30"))
        }
    }

    @Test func aThrottleNoteWithStatus200IsARateLimitNotData() async throws {
        let note =
            #"{"Note": "Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute and 500 calls per day. Please visit https://www.alphavantage.co/premium/ if you would like to target a higher API call frequency."}"#
        try await withServer({ _ in .json(note) }) { server in
            let error = await refusal { try await alpha(server).quote(for: "MSFT") }
            #expect(
                error
                    == .rateLimited(
                        symbol: "MSFT", provider: "Alpha Vantage", retryAfter: nil,
                        reason:
                            "Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute and 500 calls per day."
                    ))
        }
        let information =
            #"{"Information": "We have detected your API key as demo and our standard API rate limit is 25 requests per day."}"#
        try await withServer({ _ in .json(information) }) { server in
            guard
                case .rateLimited? = await refusal({
                    try await alpha(server).history(for: "MSFT", from: day("2018-05-01"), to: day("2018-05-10"))
                })
            else {
                Issue.record("expected a rate limit")
                return
            }
        }
    }

    @Test func anErrorMessageOrAnEmptyQuoteIsAnUnknownSymbol() async throws {
        let unknown = MarketDataError.unknownSymbol(symbol: "NOPE", provider: "Alpha Vantage")
        try await withServer({ _ in
            .json(#"{"Error Message": "Invalid API call. Please retry or visit the documentation."}"#)
        }) { server in
            #expect(await refusal { try await alpha(server).quote(for: "NOPE") } == unknown)
        }
        try await withServer({ _ in .json(#"{"Global Quote": {}}"#) }) { server in
            #expect(await refusal { try await alpha(server).quote(for: "NOPE") } == unknown)
        }
    }
}
