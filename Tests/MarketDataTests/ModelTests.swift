import Failures
import Foundation
import MarketData
import Money
import Testing
import Timing

@Suite struct ModelTests {
    let history = PriceHistory(
        symbol: "AAPL", currency: "USD", exchangeTimeZone: "America/New_York",
        bars: [
            DailyBar(date: CalendarDate(iso8601: "2019-11-01")!, close: .of("66.81"), adjustedClose: .of("64.65")),
            DailyBar(date: CalendarDate(iso8601: "2020-09-01")!, close: .of("134.18"), adjustedClose: nil),
        ],
        dividends: [Dividend(exDate: CalendarDate(iso8601: "2019-11-07")!, amountPerShare: .of("0.1925"))],
        splits: [
            Split(date: CalendarDate(iso8601: "2020-08-31")!, numerator: 4, denominator: 1),
            Split(date: CalendarDate(iso8601: "2014-06-09")!, numerator: 7, denominator: 1),
        ])

    @Test func theSplitFactorMultipliesTheRatiosAfterADay() throws {
        #expect(history.splitFactor(after: CalendarDate(iso8601: "2019-11-01")!) == 4)
        #expect(history.splitFactor(after: CalendarDate(iso8601: "2014-01-02")!) == 28)
        #expect(history.splitFactor(after: CalendarDate(iso8601: "2020-08-31")!) == 1)
        // The price paid in November 2019: the recorded close times the later 4:1 split.
        #expect(try history.bars[0].close * history.splitFactor(after: history.bars[0].date) == .of("267.24"))
        #expect(Split(date: CalendarDate(iso8601: "2020-01-01")!, numerator: 1, denominator: 10).ratio == .of("0.1"))
    }

    @Test func theBarOnOrBeforeADayIsTheLastTradingDay() {
        #expect(history.bar(onOrBefore: CalendarDate(iso8601: "2020-08-30")!)?.close == .of("66.81"))
        #expect(history.bar(onOrBefore: CalendarDate(iso8601: "2019-10-31")!) == nil)
    }

    @Test func refusalsNameTheSymbolAndTheProviderAndMapToExitCodes() {
        let cases: [(MarketDataError, Int32)] = [
            (.unknownSymbol(symbol: "NOPE", provider: "Yahoo Finance"), 1),
            (.delisted(symbol: "CAPIO.ST", provider: "Yahoo Finance"), 1),
            (.noData(symbol: "AAPL", provider: "Yahoo Finance", reason: "Bad Request"), 1),
            (.rateLimited(symbol: "AAPL", provider: "Yahoo Finance", retryAfter: .seconds(30), reason: "HTTP 429"), 69),
            (.unavailable(symbol: "AAPL", provider: "Yahoo Finance", reason: "an HTML page"), 69),
            (.badResponse(symbol: "AAPL", provider: "Alpha Vantage", reason: "no price"), 65),
            (.notConfigured(symbol: "AAPL", provider: "Alpha Vantage", reason: "no key"), 64),
        ]
        for (error, code) in cases {
            #expect(error.folioError.exitCode == code)
            #expect(error.description.contains(error.symbol) && error.description.contains(error.provider))
            #expect(error.folioError.line.contains(error.symbol))
        }
        #expect(
            MarketDataError.rateLimited(symbol: "A", provider: "P", retryAfter: .seconds(30), reason: "HTTP 429").reason
                == "HTTP 429, retry after 30 s")
    }

    @Test func wireNumbersRoundHalfEvenWithoutGoingThroughDouble() throws {
        let decoder = JSONDecoder()
        let numbers = try decoder.decode(
            [WireNumber].self, from: Data("[227.5500030517578, 66.8125, \"112.1300\", 0.2199999988079071]".utf8))
        #expect(numbers.map { $0.amount(places: 2) } == [.of("227.55"), .of("66.81"), .of("112.13"), .of("0.22")])
        #expect(numbers[3].amount(places: 6) == .of("0.22"))
    }
}
