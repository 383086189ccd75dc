import Failures
import Foundation
import MarketData
import MarketDataYahoo
import Money
import Networking
import NetworkingTesting
import Testing
import Timing

@Suite(.timeLimit(.minutes(10))) struct YahooProviderTests {
    func yahoo(_ server: LoopbackServer) -> YahooFinanceProvider {
        YahooFinanceProvider(http: transport(), baseURL: server.baseURL, timing: testTiming)
    }

    @Test func aQuoteComesFromTheChartsMeta() async throws {
        try await withServer({ _ in try .fixture("yahoo/fbriden_AAPL_range5d.json") }) { server in
            let quote = try await yahoo(server).quote(for: "aapl")
            #expect(quote.symbol == "AAPL" && quote.price == .of("289.07") && quote.previousClose == .of("282.97"))
            #expect(quote.currency == "USD" && quote.exchange == "NMS" && quote.exchangeTimeZone == "America/New_York")
            #expect(quote.marketTime == Date(timeIntervalSince1970: 1_588_363_201))
            let request = try #require(server.requests.first)
            #expect(request.path == "/v8/finance/chart/AAPL")
            #expect(request.queryValue("range") == "1d" && request.queryValue("interval") == "1d")
        }
    }

    @Test func dailyBarsAreReadOnTheExchangesDayAndRoundedToThePriceHint() async throws {
        try await withServer({ _ in try .fixture("yahoo/scheb_AAPL_1d-10days.json") }) { server in
            let history = try await yahoo(server).history(for: "AAPL", from: day("2024-09-30"), to: day("2024-10-11"))
            // 1727703000 is 13:30 UTC, the 09:30 open in New York on 30 September.
            #expect(
                history.bars.first == DailyBar(date: day("2024-09-30"), close: .of("233"), adjustedClose: .of("233")))
            #expect(
                history.bars.last
                    == DailyBar(date: day("2024-10-11"), close: .of("227.55"), adjustedClose: .of("227.55")))
            #expect(history.bars.count == 10 && history.bars.map(\.date.weekday).allSatisfy { $0 <= 5 })
            let request = try #require(server.requests.first)
            #expect(request.queryValue("interval") == "1d" && request.queryValue("events") == "div,split")
            #expect(request.queryValue("period1") == "1727568000" && request.queryValue("period2") == "1728777600")
            let inside = try await yahoo(server).history(for: "AAPL", from: day("2024-10-07"), to: day("2024-10-08"))
            #expect(inside.bars.map(\.close) == [.of("221.69"), .of("225.77")])
        }
    }

    @Test func aSplitMakesThePricePaidTheCloseTimesItsRatio() async throws {
        try await withServer({ _ in try .fixture("yahoo/scheb_AAPL_1mo-5y-split.json") }) { server in
            let history = try await yahoo(server).history(for: "AAPL", from: day("2019-11-01"), to: day("2024-10-11"))
            #expect(history.splits == [Split(date: day("2020-08-31"), numerator: 4, denominator: 1)])
            let november = try #require(history.bar(onOrBefore: day("2019-11-29")))
            #expect(
                november.date == day("2019-11-01") && november.close == .of("66.81")
                    && november.adjustedClose == .of("64.65"))
            // Hand-computed: 66.81 × 4 = 267.24, the price actually paid before the 4:1 split of 31 August 2020.
            #expect(try november.close * history.splitFactor(after: november.date) == .of("267.24"))
            #expect(history.splitFactor(after: day("2020-08-31")) == 1)
        }
    }

    @Test func dividendsCarryTheirExDateAndAmountPerShare() async throws {
        try await withServer({ _ in try .fixture("yahoo/scheb_AAPL_1mo-5y-dividends.json") }) { server in
            let history = try await yahoo(server).history(for: "AAPL", from: day("2019-11-01"), to: day("2024-10-11"))
            #expect(history.dividends.count == 20)
            #expect(history.dividends.first == Dividend(exDate: day("2019-11-07"), amountPerShare: .of("0.1925")))
            #expect(history.dividends.last == Dividend(exDate: day("2024-08-12"), amountPerShare: .of("0.25")))
            // Hand-computed from the recording: 2 × 0.1925 + 4 × 0.205 + 4 × 0.22 + 4 × 0.23 + 4 × 0.24 + 2 × 0.25.
            #expect(try history.dividends.map(\.amountPerShare).sum() == .of("4.465"))
            let in2023 = try await yahoo(server).history(for: "AAPL", from: day("2023-01-01"), to: day("2023-12-31"))
            #expect(
                in2023.dividends.map(\.exDate) == [
                    day("2023-02-10"), day("2023-05-12"), day("2023-08-11"), day("2023-11-10"),
                ])
        }
    }

    @Test func penceAreReportedAsPoundsAndNullBarsAreSkipped() async throws {
        // Built for this test (no recording has both): a London listing quoted in GBp with a day of nulls.
        let body = """
            {"chart":{"result":[{"meta":{"currency":"GBp","symbol":"VOD.L","exchangeName":"LSE",\
            "exchangeTimezoneName":"Europe/London","regularMarketPrice":71.52,"regularMarketTime":1728662400,\
            "chartPreviousClose":70.9800033569336,"priceHint":2},"timestamp":[1728370800,1728457200,1728543600],\
            "events":{"dividends":{"1728543600":{"amount":2.25,"date":1728543600}}},\
            "indicators":{"quote":[{"close":[70.9800033569336,null,71.5199966430664]}],\
            "adjclose":[{"adjclose":[70.9800033569336,null,71.5199966430664]}]}}],"error":null}}
            """
        try await withServer({ _ in .json(body) }) { server in
            let provider = yahoo(server)
            let quote = try await provider.quote(for: "VOD.L")
            #expect(quote.currency == "GBP" && quote.price == .of("0.7152") && quote.previousClose == .of("0.7098"))
            let history = try await provider.history(for: "VOD.L", from: day("2024-10-08"), to: day("2024-10-10"))
            #expect(history.currency == "GBP" && history.exchangeTimeZone == "Europe/London")
            #expect(history.bars.map(\.date) == [day("2024-10-08"), day("2024-10-10")])
            #expect(history.bars.map(\.close) == [.of("0.7098"), .of("0.7152")])
            #expect(history.dividends == [Dividend(exDate: day("2024-10-10"), amountPerShare: .of("0.0225"))])
        }
    }

    @Test func aDelistedSymbolsEmptyResultIsDelisted() async throws {
        try await withServer({ _ in try .fixture("yahoo/scheb_CAPIO.ST_empty-no-timestamps.json") }) { server in
            let expected = MarketDataError.delisted(symbol: "CAPIO.ST", provider: "Yahoo Finance")
            #expect(
                await refusal {
                    try await yahoo(server).history(for: "CAPIO.ST", from: day("2024-01-01"), to: day("2024-10-01"))
                } == expected)
            #expect(await refusal { try await yahoo(server).quote(for: "CAPIO.ST") } == expected)
        }
    }

    @Test func a404WithItsJSONErrorIsAnUnknownSymbol() async throws {
        try await withServer({ _ in try .fixture("yahoo/fbriden_UNKNOWN_error-not-found.json", status: 404) }) {
            server in
            let error = await refusal { try await yahoo(server).quote(for: "UNKNOWN") }
            #expect(error == .unknownSymbol(symbol: "UNKNOWN", provider: "Yahoo Finance"))
            #expect(error?.folioError.exitCode == 1)
        }
    }

    @Test func a400IsASpanWithoutData() async throws {
        let body =
            #"{"chart":{"result":null,"error":{"code":"Bad Request","description":"Data doesn't exist for startDate = 1, endDate = 2"}}}"#
        try await withServer({ _ in .json(body, status: 400) }) { server in
            let error = await refusal {
                try await yahoo(server).history(for: "AAPL", from: day("1970-01-02"), to: day("1970-01-03"))
            }
            #expect(
                error
                    == .noData(
                        symbol: "AAPL", provider: "Yahoo Finance",
                        reason: "Data doesn't exist for startDate = 1, endDate = 2"))
        }
    }

    @Test func a429WithAPlainTextBodyIsARateLimitWithItsRetryAfter() async throws {
        try await withServer({ _ in
            LoopbackResponse(
                status: 429, headers: ["Content-Type": "text/plain", "Retry-After": "7"],
                body: Data("Too Many Requests\r\n".utf8))
        }) { server in
            let error = await refusal { try await yahoo(server).quote(for: "AAPL") }
            #expect(
                error
                    == .rateLimited(
                        symbol: "AAPL", provider: "Yahoo Finance", retryAfter: .seconds(7),
                        reason: "HTTP 429: Too Many Requests"))
            #expect(error?.folioError.exitCode == 69)
        }
    }

    @Test func anHTMLErrorPageIsTheProviderUnavailableNotBadData() async throws {
        try await withServer({ _ in
            LoopbackResponse(
                status: 503, headers: ["Content-Type": "text/html"],
                body: Data("<html><body>Service Unavailable</body></html>".utf8))
        }) { server in
            let error = await refusal { try await yahoo(server).quote(for: "AAPL") }
            #expect(error == .unavailable(symbol: "AAPL", provider: "Yahoo Finance", reason: "HTTP 503: an HTML page"))
        }
        try await withServer({ _ in
            LoopbackResponse(
                status: 200, headers: ["Content-Type": "text/html"], body: Data("<!DOCTYPE html><p>consent</p>".utf8))
        }) { server in
            #expect(
                await refusal { try await yahoo(server).quote(for: "AAPL") }
                    == .unavailable(symbol: "AAPL", provider: "Yahoo Finance", reason: "it answered an HTML page"))
        }
    }

    @Test func aRefusedConnectionIsUnavailableNamingTheProvider() async throws {
        let provider = YahooFinanceProvider(
            http: transport(), baseURL: URL(string: "http://127.0.0.1:9")!, timing: testTiming)
        let error = await refusal { try await provider.quote(for: "AAPL") }
        guard case .unavailable(let symbol, let name, _) = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(symbol == "AAPL" && name == "Yahoo Finance")
    }
}
