import Foundation
import Money
import StockTrading
import Testing

@Suite struct XIRRTests {
    let day: TimeInterval = 86_400
    let start = Date(timeIntervalSince1970: 1_600_000_000)

    @Test func oneYearTenPercent() throws {
        let rate = try XIRR.rate(
            [
                CashFlow(date: start, amount: -1_000),
                CashFlow(date: start.addingTimeInterval(365 * day), amount: 1_100),
            ], requiresAYear: true)
        #expect(abs(rate - 0.10) < 1e-9)
    }

    @Test func irregularFlows() throws {
        // Checked against a spreadsheet XIRR: -10000 at 0, -5000 at 182 days, +17000 at 730 days → ≈ 8.65 %.
        let rate = try XIRR.rate(
            [
                CashFlow(date: start, amount: -10_000),
                CashFlow(date: start.addingTimeInterval(182 * day), amount: -5_000),
                CashFlow(date: start.addingTimeInterval(730 * day), amount: 17_000),
            ], requiresAYear: true)
        let npv = -10_000 - 5_000 / pow(1 + rate, 182 / 365) + 17_000 / pow(1 + rate, 730 / 365)
        #expect(abs(npv) < 1e-6)
        #expect(rate > 0.05 && rate < 0.08)
    }

    @Test func lossesGiveNegativeRates() throws {
        let rate = try XIRR.rate(
            [
                CashFlow(date: start, amount: -1_000), CashFlow(date: start.addingTimeInterval(730 * day), amount: 810),
            ], requiresAYear: true)
        #expect(abs(rate - (-0.1)) < 1e-9)
    }

    @Test func notAvailableUnderAYearOrWithoutSignChange() {
        #expect(throws: XIRR.Unavailable.underAYear) {
            try XIRR.rate(
                [CashFlow(date: start, amount: -1), CashFlow(date: start.addingTimeInterval(364 * day), amount: 2)],
                requiresAYear: true)
        }
        #expect(throws: XIRR.Unavailable.noSignChange) {
            try XIRR.rate(
                [CashFlow(date: start, amount: -1), CashFlow(date: start.addingTimeInterval(800 * day), amount: -2)],
                requiresAYear: true)
        }
        #expect(throws: XIRR.Unavailable.noSignChange) {
            try XIRR.rate(
                [CashFlow(date: start, amount: -1), CashFlow(date: start.addingTimeInterval(800 * day), amount: 0)],
                requiresAYear: true)
        }
        #expect(XIRR.Unavailable.underAYear.description == "not available — under a year of history")
    }
}

@Suite struct PortfolioValuationTests {
    func quotes(_ prices: [String: Amount], stale: Set<String> = []) -> QuoteSet {
        let now = Date(timeIntervalSince1970: 0)
        var all: [String: MarketQuote] = [:]
        for (symbol, price) in prices {
            all[symbol] = MarketQuote(
                quote: StockQuote(
                    symbol: symbol, name: symbol, sector: symbol == "MSFT" ? "Software" : "Hardware", price: price,
                    previousClose: nil),
                asOf: now, isStale: stale.contains(symbol))
        }
        return QuoteSet(quotes: all, source: "test", asOf: now, isStale: !stale.isEmpty)
    }

    var holdings: Holdings {
        Holdings(
            state: AccountState(cash: 500, netDeposits: 2_000, realizedPL: 10, nextSequence: 5),
            positions: [
                Position(symbol: "AAPL", quantity: 4, cost: 400), Position(symbol: "MSFT", quantity: 2, cost: 700),
            ])
    }

    @Test func valuesHoldingsAndTotals() throws {
        let valuation = try PortfolioValuation.make(
            holdings: holdings, history: [], quotes: quotes(["AAPL": 125, "MSFT": 300], stale: ["MSFT"]),
            basis: .average)
        #expect(valuation.holdings.map(\.value) == [500, 600])
        #expect(valuation.holdings.map(\.unrealizedPL) == [100, -100])
        #expect(valuation.holdings[0].unrealizedPLFraction == Amount("0.25"))
        #expect(valuation.holdings[0].averageCost == 100)
        #expect(valuation.holdings.map(\.isStale) == [false, true])
        #expect(valuation.holdingsValue == 1_100)
        #expect(valuation.totalValue == 1_600)
        #expect(valuation.invested == 2_000)
        #expect(valuation.roi == Amount("-0.2"))
        #expect(valuation.holdings[0].weight == (try Amount(500).divided(by: 1_600)))
        #expect(valuation.unrealizedPL == 0)
        #expect(valuation.realizedPL == 10)
    }

    @Test func aHoldingWithoutAQuoteCountsAtCost() throws {
        let valuation = try PortfolioValuation.make(
            holdings: holdings, history: [], quotes: quotes(["AAPL": 125]), basis: .average)
        #expect(valuation.holdings[1].price == nil && valuation.holdings[1].value == 700)
    }

    @Test func emptyPortfolio() throws {
        let empty = Holdings(state: AccountState(), positions: [])
        let valuation = try PortfolioValuation.make(holdings: empty, history: [], quotes: nil, basis: .fifo)
        #expect(valuation.holdings.isEmpty && valuation.totalValue == 0 && valuation.roi == nil)
    }

    @Test func analyticsAllocateByHoldingAndSectorIncludingCash() throws {
        let valuation = try PortfolioValuation.make(
            holdings: holdings, history: [], quotes: quotes(["AAPL": 125, "MSFT": 300]), basis: .average)
        let analytics = try PortfolioAnalytics.make(
            valuation: valuation, history: [], snapshots: [], now: Date(timeIntervalSince1970: 0))
        #expect(analytics.byHolding.map(\.name) == ["MSFT", "AAPL", "Cash"])
        #expect(analytics.bySector.map(\.name) == ["Software", "Cash", "Hardware"], "ties in value go alphabetically")
        #expect(try analytics.bySector.map(\.weight).sum() == 1)
        #expect(analytics.totalReturn == -400)
        #expect(analytics.annualizedReturn == nil)
        #expect(analytics.annualizedReturnUnavailable == .noSignChange)
    }

    @Test func analyticsXIRRFromDepositsWithdrawalsAndValue() throws {
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        let history = [
            LedgerEntry(sequence: 1, kind: .deposit, timestamp: start, amount: 1_000, cashAfter: 1_000),
            LedgerEntry(
                sequence: 2, kind: .buy, timestamp: start, symbol: "AAPL", quantity: 1, price: 10, amount: 10,
                cashAfter: 990),
        ]
        let state = Holdings(state: AccountState(cash: 1_100, netDeposits: 1_000), positions: [])
        let valuation = try PortfolioValuation.make(holdings: state, history: history, quotes: nil, basis: .average)
        let later = try PortfolioAnalytics.make(
            valuation: valuation, history: history, snapshots: [], now: start.addingTimeInterval(365 * 86_400))
        #expect(abs((later.annualizedReturn ?? 0) - 0.1) < 1e-9)
        let soon = try PortfolioAnalytics.make(
            valuation: valuation, history: history, snapshots: [], now: start.addingTimeInterval(100 * 86_400))
        #expect(soon.annualizedReturn == nil && soon.annualizedReturnUnavailable == XIRR.Unavailable.underAYear)
    }

    @Test func fifoBasisOnTheValuation() throws {
        let start = Date(timeIntervalSince1970: 0)
        let history = [
            LedgerEntry(
                sequence: 1, kind: .buy, timestamp: start, symbol: "AAPL", quantity: 2, price: 100, amount: 200,
                cashAfter: 0),
            LedgerEntry(
                sequence: 2, kind: .buy, timestamp: start, symbol: "AAPL", quantity: 2, price: 200, amount: 400,
                cashAfter: 0),
            LedgerEntry(
                sequence: 3, kind: .sell, timestamp: start, symbol: "AAPL", quantity: 2, price: 150, amount: 300,
                realizedPL: 0, costOfSharesSold: 300, cashAfter: 0),
        ]
        let held = Holdings(
            state: AccountState(cash: 0, netDeposits: 600, realizedPL: 0),
            positions: [Position(symbol: "AAPL", quantity: 2, cost: 300)])
        let average = try PortfolioValuation.make(
            holdings: held, history: history, quotes: quotes(["AAPL": 150]), basis: .average)
        let fifo = try PortfolioValuation.make(
            holdings: held, history: history, quotes: quotes(["AAPL": 150]), basis: .fifo)
        #expect(average.holdings[0].costBasis == 300 && average.realizedPL == 0)
        #expect(fifo.holdings[0].costBasis == 400 && fifo.realizedPL == 100)
        #expect(fifo.unrealizedPL == -100)
    }
}
