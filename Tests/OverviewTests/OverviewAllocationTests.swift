import AlertRules
import Alerting
import Failures
import FeatureKit
import Foundation
import Money
import Overview
import Testing
import Timing

/// The overview's figures from hand-made books and sources: no feature, no network, no clock but a fixed one.
@Suite("Overview figures")
struct OverviewAllocationTests {
    static let today = CalendarDate(year: 2026, month: 12, day: 4)!
    static let now = Date(timeIntervalSince1970: 1_796_385_600)  // 2026-12-04T12:00:00Z

    static func amount(_ text: String) -> Amount { Amount(text)! }

    /// Savings in GBP, an investment account following a USD paper portfolio (converted at 0.8), a mortgage, and
    /// rates for USD and INR.
    static func books(history: [HouseholdPosition.Point] = []) -> HouseholdPosition {
        HouseholdPosition(
            currency: "GBP", asOf: today, assets: amount("1800"), debts: amount("5000"), net: amount("-3200"),
            accounts: [
                .init(name: "Savings", assetClass: .cash, currency: "GBP", value: amount("1000"), counted: true),
                .init(
                    name: "Paper", assetClass: .equity, currency: "USD", value: amount("800"), counted: true,
                    follows: "stocks:portfolio/a@example.com"),
                .init(name: "Mortgage", assetClass: .liability, currency: "GBP", value: amount("5000"), counted: true),
                .init(
                    name: "Old pension", assetClass: .pension, currency: "GBP", value: amount("9000"), counted: false),
            ],
            history: history, rates: ["USD": amount("0.8"), "INR": amount("0.01")], linkAction: "/link")
    }

    static let paper = KnownSource(
        name: "stocks:portfolio/a@example.com", summary: "paper account",
        reading: .value(
            SourcedValue(
                amount: amount("1000"), currency: "USD", asOf: now,
                holdings: [
                    SourcedHolding(
                        name: "AAPL", assetClass: .equity, currency: "USD", value: amount("600"), dayChange: amount("6")
                    ),
                    SourcedHolding(name: "Cash", assetClass: .cash, currency: "USD", value: amount("400")),
                ])))

    static let funds = KnownSource(
        name: "funds:portfolio", summary: "funds",
        reading: .value(
            SourcedValue(
                amount: amount("10000"), currency: "INR", asOf: now,
                holdings: [
                    SourcedHolding(
                        name: "Flexi", assetClass: .equity, currency: "INR", value: amount("7000"),
                        dayChange: amount("-700")),
                    SourcedHolding(name: "Gilt", assetClass: .debt, currency: "INR", value: amount("3000")),
                ])))

    static func overview(
        books: HouseholdPosition? = books(), sources: [KnownSource] = [paper, funds], range: OverviewRange = .oneYear,
        alerts: [StoredAlert] = [], agenda: [AgendaItem] = []
    ) async throws -> OverviewReport {
        let service = OverviewService(
            inputs: OverviewService.Inputs(
                household: { books }, sources: { sources }, agenda: { agenda }, alerts: { alerts }),
            now: { now }, timeZone: TimeZone(identifier: "UTC")!)
        return try await service.overview(range: range)
    }

    @Test("the slices by class and by currency each add up to the total, debts apart")
    func allocationSumsToTotal() async throws {
        let report = try await Self.overview()
        let allocation = report.allocation
        #expect(allocation.total == Self.amount("1900"))
        #expect(try allocation.byClass.map(\.value).sum() == allocation.total)
        #expect(try allocation.byCurrency.map(\.value).sum() == allocation.total)
        #expect(allocation.liabilities == Self.amount("5000"))
        #expect(!allocation.byClass.contains { $0.key == "liability" })
        #expect(allocation.byClass.map(\.key) == ["cash", "equity", "debt"])
        #expect(allocation.byClass.map(\.value) == [Self.amount("1320"), Self.amount("550"), Self.amount("30")])
        #expect(allocation.byClass.first?.share == Self.amount("0.6947"))
    }

    @Test("an account that follows a source counts once: split by the source's holdings, never added again")
    func linkedValueCountedOnce() async throws {
        let report = try await Self.overview()
        // The paper account's £800 shared 600:400 between the share and the cash; the source itself adds nothing.
        let byCurrency = Dictionary(uniqueKeysWithValues: report.allocation.byCurrency.map { ($0.key, $0.value) })
        #expect(byCurrency["USD"] == Self.amount("800"))
        #expect(report.suggestions.map(\.source) == ["funds:portfolio"])
        #expect(report.allocation.outsideNetWorth == Self.amount("100"))
        // An excluded account (the old pension) is not held in the allocation either.
        #expect(!report.allocation.byClass.contains { $0.key == "pension" })
    }

    @Test("a source no account follows is converted with the books' rates; one without a rate is left out, said")
    func currencyConversion() async throws {
        let report = try await Self.overview()
        let byCurrency = Dictionary(uniqueKeysWithValues: report.allocation.byCurrency.map { ($0.key, $0.value) })
        #expect(byCurrency["INR"] == Self.amount("100"))  // ₹10,000 × 0.01

        var books = Self.books()
        books.rates = ["USD": Self.amount("0.8")]
        let unconverted = try await Self.overview(books: books)
        #expect(unconverted.allocation.total == Self.amount("1800"))
        #expect(unconverted.warnings.contains { $0.contains("no rate turns INR into GBP") })
        #expect(unconverted.suggestions.map(\.source) == ["funds:portfolio"])
    }

    @Test("parts of a linked value are rounded to the penny and still add up to it exactly")
    func sharesAddUpExactly() async throws {
        var books = Self.books()
        books.accounts[1].value = Self.amount("100")
        let thirds = KnownSource(
            name: "stocks:portfolio/a@example.com", summary: "paper account",
            reading: .value(
                SourcedValue(
                    amount: Self.amount("3"), currency: "USD", asOf: Self.now,
                    holdings: ["A", "B", "C"].map {
                        SourcedHolding(name: $0, assetClass: .equity, currency: "USD", value: Self.amount("1"))
                    })))
        let report = try await Self.overview(books: books, sources: [thirds])
        #expect(report.allocation.total == Self.amount("1100"))
        #expect(report.allocation.byClass.first { $0.key == "equity" }?.value == Self.amount("100"))
    }

    @Test("movers are the holdings that moved most in the base currency, with the move's fraction")
    func movers() async throws {
        let report = try await Self.overview()
        // ₹-700 is £7; $6 is £4.80.
        #expect(report.movers.map(\.name) == ["Flexi", "AAPL"])
        #expect(report.movers[0].fraction == Self.amount("-0.0909"))
        #expect(report.movers[1].fraction == Self.amount("0.0101"))
    }

    @Test("changes compare now with the last recorded day on or before yesterday, a month and a year ago")
    func changesAndTrend() async throws {
        let history = [
            HouseholdPosition.Point(date: Self.today.adding(years: -2), assets: 1, debts: 0, net: Self.amount("-4000")),
            HouseholdPosition.Point(date: Self.today.adding(days: -40), assets: 1, debts: 0, net: Self.amount("-3600")),
            HouseholdPosition.Point(date: Self.today.adding(days: -3), assets: 1, debts: 0, net: Self.amount("-3300")),
            HouseholdPosition.Point(date: Self.today, assets: 1, debts: 0, net: Self.amount("-3250")),
        ]
        let report = try await Self.overview(books: Self.books(history: history), range: .oneMonth)
        #expect(report.changes.map(\.period) == ["today", "1M", "1Y"])
        #expect(report.changes.map(\.change) == [Self.amount("100"), Self.amount("400"), Self.amount("800")])
        #expect(
            report.changes.map(\.since) == [
                Self.today.adding(days: -3), Self.today.adding(days: -40), Self.today.adding(years: -2),
            ])
        #expect(report.changes[0].fraction == Self.amount("0.0303"))
        // The month's line starts at its first day with the value carried to it, and ends with today's figure.
        #expect(
            report.trend.points.map(\.date) == [Self.today.adding(months: -1), Self.today.adding(days: -3), Self.today])
        #expect(report.trend.points.map(\.net) == [Self.amount("-3600"), Self.amount("-3300"), Self.amount("-3200")])
        let max = try await Self.overview(books: Self.books(history: history), range: .max)
        #expect(max.trend.points.count == 4)
    }

    @Test("alerts fired in the last day and the agenda's future items, soonest first")
    func alertsAndAgenda() async throws {
        func alert(_ id: Int, firedHoursAgo hours: Double?) throws -> StoredAlert {
            var alert = StoredAlert(
                id: id, uid: "u\(id)", featureID: "races",
                definition: try AlertDefinition(kind: "race", parameters: ["within": "5m"], summary: "race \(id)"),
                createdAt: Self.now.addingTimeInterval(-200_000))
            alert.lastFiredAt = hours.map { Self.now.addingTimeInterval(-$0 * 3600) }
            return alert
        }
        let agenda = [90.0, -30, 30].map {
            AgendaItem(
                featureID: "races", title: "R\(Int($0))", detail: nil, startsAt: Self.now.addingTimeInterval($0),
                link: nil)
        }
        let report = try await Self.overview(
            alerts: [
                try alert(1, firedHoursAgo: 2), try alert(2, firedHoursAgo: 30), try alert(3, firedHoursAgo: nil),
                try alert(4, firedHoursAgo: 1),
            ],
            agenda: agenda)
        #expect(report.alerts.map(\.id) == [4, 1])
        #expect(report.agenda.map(\.title) == ["R30", "R90"])
    }

    @Test("without books the overview still allocates the sources, in the first source's currency")
    func noBooks() async throws {
        let report = try await Self.overview(books: nil, sources: [Self.paper])
        #expect(report.netWorth == nil)
        #expect(report.changes.isEmpty)
        #expect(report.currency == "USD")
        #expect(report.allocation.total == Self.amount("1000"))
        #expect(report.suggestions.first?.accountName == "Stocks a@example.com")
    }

    @Test("a range is read as typed in any case; anything else is refused naming the field")
    func ranges() throws {
        #expect(try OverviewRange(parsing: "5y") == .fiveYears)
        #expect(try OverviewRange(parsing: "max") == .max)
        #expect(throws: FolioError.self) { try OverviewRange(parsing: "2W") }
        do {
            _ = try OverviewRange(parsing: "2W")
        } catch {
            #expect(error.field == "range")
        }
    }
}
