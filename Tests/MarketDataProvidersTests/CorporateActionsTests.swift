import Foundation
import MarketData
import MarketDataYahoo
import Money
import Networking
import NetworkingTesting
import Testing
import Timing

/// Splits and dividends applied to a holding, against hand-computed figures from the AAPL recordings (one with
/// the 4:1 split of 31 August 2020, one with the twenty dividends from November 2019 to August 2024).
@Suite(.timeLimit(.minutes(10))) struct CorporateActionsTests {
    func aapl() async throws -> PriceHistory {
        let from = day("2019-11-01")
        let to = day("2024-10-11")
        let splits = try await withServer({ _ in try .fixture("yahoo/scheb_AAPL_1mo-5y-split.json") }) { server in
            try await YahooFinanceProvider(http: transport(), baseURL: server.baseURL, timing: testTiming)
                .history(for: "AAPL", from: from, to: to)
        }
        var history = try await withServer({ _ in try .fixture("yahoo/scheb_AAPL_1mo-5y-dividends.json") }) { server in
            try await YahooFinanceProvider(http: transport(), baseURL: server.baseURL, timing: testTiming)
                .history(for: "AAPL", from: from, to: to)
        }
        history.splits = splits.splits
        return history
    }

    @Test func aPastTradeIsPricedAtThatDaysCloseTimesTheLaterSplits() async throws {
        let history = try await aapl()
        let paid = try #require(history.pricePaid(on: day("2019-11-15")))
        // The monthly bar of 1 November 2019 closed at 66.81 in today's shares: 66.81 × 4 = 267.24 then.
        #expect(paid.day == day("2019-11-01") && paid.price == .of("267.24"))
        #expect(history.pricePaid(on: day("2020-09-15"))?.price == .of("115.81"))
        #expect(history.pricePaid(on: day("2019-10-31")) == nil)
    }

    @Test func tenSharesFrom2019ReceiveEveryDividendAndBecomeFortyAtTheSplit() async throws {
        let actions = try await aapl().actions(forShares: 10, boughtOn: day("2019-11-01"))
        #expect(actions.count == 21)
        let split = try #require(actions.first { $0.kind == .split })
        #expect(
            split.date == day("2020-08-31") && split.sharesBefore == 10 && split.sharesAfter == 40 && split.ratio == 4)
        // Before the split the recorded 0.1925 and 0.205 are in split shares: 0.77 and 0.82 were paid per share then.
        #expect(actions.prefix(4).map(\.perShare) == [.of("0.77"), .of("0.77"), .of("0.82"), .of("0.82")])
        #expect(actions.prefix(4).map(\.cash) == [.of("7.7"), .of("7.7"), .of("8.2"), .of("8.2")])
        // Hand-computed: 10 × (0.77 + 0.77 + 0.82 + 0.82) = 31.80 before; 40 × (2 × 0.205 + 4 × (0.22 + 0.23 + 0.24)
        // + 2 × 0.25) = 40 × 3.67 = 146.80 after; 178.60 in all.
        #expect(try actions.map(\.cash).sum() == .of("178.6"))
        #expect(actions.last?.sharesAfter == 40)
    }

    @Test func sharesBoughtOnAnExDateOrASplitDateGetNeither() async throws {
        let history = try await aapl()
        let onExDate = history.actions(forShares: 1, boughtOn: day("2020-08-07"))
        #expect(onExDate.first?.kind == .split && onExDate.first?.date == day("2020-08-31"))
        let onSplitDate = history.actions(forShares: 4, boughtOn: day("2020-08-31"))
        #expect(onSplitDate.allSatisfy { $0.kind == .dividend && $0.sharesBefore == 4 })
        #expect(onSplitDate.first?.date == day("2020-11-06") && onSplitDate.first?.cash == .of("0.82"))
    }
}
