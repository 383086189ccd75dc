import Foundation
import Money
import MutualFunds
import MutualFundsPortfolio
import Networking
import NetworkingTesting
import Persistence
import Testing
import Timing
import TimingTesting

@Suite("Portfolio valuation: units, invested at cost, value, XIRR, allocation")
struct FundsPortfolioValuationTests {
    static func statement() -> Data {
        // Scheme A (AMFI code given): 100 units at 10 on 2023-01-01, half sold at 11 on 2023-07-01.
        // Scheme B (ISIN only, matched through the list to 100033): 50 units at 20 on 2023-01-01.
        let json = #"""
            {"cas_type":"DETAILED","folios":[{"folio":"1 / 0","amc":"A","schemes":[
            {"scheme":"Fund A","isin":"INF000000A01","amfi":"900001","type":"EQUITY","open":"0","close":"50","transactions":[
             {"date":"2023-01-01","description":"p","amount":"1000","units":"100","nav":"10","balance":"100","type":"PURCHASE"},
             {"date":"2023-01-01","description":"s","amount":"0.05","units":null,"nav":null,"balance":null,"type":"STAMP_DUTY_TAX"},
             {"date":"2023-07-01","description":"r","amount":"-550","units":"-50","nav":"11","balance":"50","type":"REDEMPTION"}]},
            {"scheme":"Aditya Birla Sun Life Large & Mid Cap Fund","isin":"INF209K01165","amfi":null,"open":"0","close":"50","transactions":[
             {"date":"2023-01-01","description":"p","amount":"1000","units":"50","nav":"20","balance":"50","type":"PURCHASE"}]}
            ]}]}
            """#
        return Data(json.utf8)
    }

    static func app() throws -> PortfolioApp { PortfolioApp(answers: try answers()) }

    /// The list and the two schemes' histories.
    static func answers() throws -> [String: Data] {
        [
            "/mf": try Fixtures.data("mfapi/list_sample_first50.json"),
            "/mf/900001": PortfolioApp.historyBody(
                code: 900001, name: "Fund A - Direct Plan - Growth", house: "Alpha Mutual Fund",
                points: [("2023-01-01", "10"), ("2023-12-29", "11.5"), ("2024-01-01", "12")]),
            "/mf/100033": PortfolioApp.historyBody(
                code: 100033, name: "Aditya Birla Sun Life Large & Mid Cap Fund - Regular Plan - Growth",
                category: "Equity Scheme - Large & Mid Cap Fund", house: "Aditya Birla Sun Life Mutual Fund",
                points: [("2023-01-01", "20"), ("2024-01-01", "24")]),
        ]
    }

    @Test("per scheme and in total; the ISIN matched through the scheme list")
    func values() async throws {
        let app = try Self.app()
        _ = try await app.service.importStatement(Self.statement())
        let report = try await app.service.valuePortfolio()
        let a = try #require(report.holdings.first { $0.scheme == "Fund A" })
        let b = try #require(report.holdings.first { $0.isin == "INF209K01165" })
        #expect(a.code == 900001 && b.code == 100033)
        // Stamp duty is part of the cost, as in the gains: 1000.05 for 100 units, half sold with 500.02 of it.
        #expect(
            a.units == Amount(50) && a.invested == Amount("500.03")! && a.value == Amount(600)
                && a.gain == Amount("99.97")!)
        #expect(a.navDate == "2024-01-01" && a.nav == Amount(12))
        #expect(b.units == Amount(50) && b.invested == Amount(1000) && b.value == Amount(1200))
        // B: −1000 on 2023-01-01, +1200 on 2024-01-01 (365 days): exactly 20 %.
        #expect(abs(b.xirr! - 0.2) < 1e-9)
        // A: −1000 − 0.05 stamp duty, +550 on 2023-07-01 (181 days), +600 on 2024-01-01.
        let flows = [(-1000.05, 0.0), (550.0, 181.0), (600.0, 365.0)]
        let npv = flows.reduce(0) { $0 + $1.0 / pow(1 + a.xirr!, $1.1 / 365) }
        #expect(abs(npv) < 1e-6)
        #expect(
            report.invested == Amount("1500.03")! && report.value == Amount(1800) && report.gain == Amount("299.97")!)
        #expect(report.allocation.category.map(\.name) == ["equity"])
        #expect(report.allocation.fundHouse.map(\.name) == ["Aditya Birla Sun Life Mutual Fund", "Alpha Mutual Fund"])
        let fractions: [Double] = [1200.0 / 1800.0, 600.0 / 1800.0]
        #expect(report.allocation.fundHouse.map(\.fraction) == fractions)
        #expect(report.allocation.plan.map(\.name) == ["regular", "direct"])
    }

    @Test("the totals of value and gain read n/a when nothing was valued, and say how many holdings they leave out")
    func totalsSayWhatTheyLeaveOut() async throws {
        let app = try Self.app()
        _ = try await app.service.importStatement(Self.statement())
        var report = try await app.service.valuePortfolio()
        let plain: (Amount) -> String = { $0.plainText }
        #expect(report.totalText(report.value, format: plain) == "1800")
        report.holdings[0].value = nil
        #expect(report.totalText(report.value, format: plain) == "1800 (1 not valued)")
        for index in report.holdings.indices { report.holdings[index].value = nil }
        #expect(report.totalText(report.gain, format: plain) == "n/a")
    }

    @Test("--as-of values at the NAV on or before the date, with only the transactions until then")
    func asOf() async throws {
        let app = try Self.app()
        _ = try await app.service.importStatement(Self.statement())
        let report = try await app.service.valuePortfolio(asOf: CalendarDate(iso8601: "2023-12-31")!)
        let a = try #require(report.holdings.first { $0.scheme == "Fund A" })
        #expect(a.navDate == "2023-12-29" && a.value == Amount(575))
        let early = try await app.service.valuePortfolio(asOf: CalendarDate(iso8601: "2023-03-01")!)
        let before = try #require(early.holdings.first { $0.scheme == "Fund A" })
        #expect(before.units == Amount(100) && before.invested == Amount("1000.05")! && before.value == Amount(1000))
    }

    /// The app after importing `json`, and its first holding valued.
    static func firstHolding(_ json: String, answers: [String: Data]) async throws -> (PortfolioApp, HoldingRow) {
        let app = PortfolioApp(answers: answers)
        _ = try await app.service.importStatement(Data(json.utf8))
        return (app, try #require(try await app.service.valuePortfolio().holdings.first))
    }

    @Test("the plan comes from the statement's name when the NAV source's name does not say it")
    func planFromStatement() async throws {
        let json = #"""
            {"cas_type":"DETAILED","folios":[{"folio":"3 / 0","amc":"A","schemes":[
            {"scheme":"Fund C - Direct Plan - Growth","isin":"INF000000C01","amfi":"900003","type":"EQUITY","open":"0","close":"10","transactions":[
             {"date":"2023-01-02","description":"p","amount":"100","units":"10","nav":"10","balance":"10","type":"PURCHASE"}]}]}]}
            """#
        var answers = try Self.answers()
        answers["/mf/900003"] = PortfolioApp.historyBody(
            code: 900003, name: "Fund C", points: [("2023-01-02", "10"), ("2024-01-01", "12")])
        let (_, holding) = try await Self.firstHolding(json, answers: answers)
        #expect(holding.plan == "direct")
    }

    @Test("--as-of leaves out the schemes first bought after it")
    func asOfLeavesOutLaterSchemes() async throws {
        let app = try Self.app()
        _ = try await app.service.importStatement(Self.statement())
        let early = try await app.service.valuePortfolio(asOf: CalendarDate(iso8601: "2022-12-31")!)
        #expect(early.holdings.isEmpty)
        let later = try await app.service.valuePortfolio(asOf: CalendarDate(iso8601: "2023-01-01")!)
        #expect(later.holdings.count == 2)
    }

    @Test("a scheme opening with units counts them, at no known cost, and says so; gains skip it with the reason")
    func openingUnits() async throws {
        let json = #"""
            {"cas_type":"DETAILED","folios":[{"folio":"2 / 0","amc":"A","schemes":[
            {"scheme":"Fund A","isin":"INF000000A01","amfi":"900001","type":"EQUITY","open":"10","close":"110","transactions":[
             {"date":"2023-01-01","description":"p","amount":"1000","units":"100","nav":"10","balance":"110","type":"PURCHASE"}]}]}]}
            """#
        let (app, holding) = try await Self.firstHolding(json, answers: try Self.answers())
        #expect(holding.units == Amount(110) && holding.invested == Amount(1000) && holding.value == Amount(1320))
        #expect(holding.note?.contains("opens with units whose cost the statement does not give") == true)
        let gains = try await app.service.gains()
        #expect(
            gains.rows.isEmpty && gains.skipped.first?.contains("opens with 10 units it has no purchases for") == true)
    }

    @Test(
        "issue 27: the stored latest positions equal those worked out from the transactions after every change; without them the valuation is the same"
    )
    func storedPositions() async throws {
        let app = try Self.app()
        // The positions as stored, and as worked out again from the stored portfolio.
        func both() async throws -> (stored: [Position]?, derived: [Position]) {
            let stored = try await app.store.read { try PortfolioStore.positions(in: $0) }
            let derived = try await app.service.portfolio().schemes.map { try Position($0, asOf: nil) }
            return (stored, derived)
        }
        _ = try await app.service.importStatement(Self.statement())
        var now = try await both()
        #expect(now.stored == now.derived && now.derived.count == 2)
        let a = try #require(now.derived.first { $0.name == "Fund A" })
        #expect(a.units == Amount(50) && a.invested == Amount("500.03")! && a.flows.count == 3)
        #expect(a.flows.map(\.amount) == [Amount(-1000), Amount(-5, places: 2), Amount(550)])

        let bought = try await app.service.addManual(
            ManualEntry(side: .buy, code: 900001, date: CalendarDate(iso8601: "2024-01-01")!, amount: Amount(1200)))
        now = try await both()
        #expect(now.stored == now.derived && now.derived.count == 3)
        #expect(now.stored?.first { $0.folio == "manual" }?.units == Amount(100))
        _ = try await app.service.setTreatment(of: "900001", to: .debt)
        now = try await both()
        #expect(now.stored == now.derived && now.stored?.first { $0.name == "Fund A" }?.treatAs == .debt)
        _ = try await app.service.removeTransaction(id: bought.id)
        now = try await both()
        #expect(now.stored == now.derived && now.derived.count == 2)

        // A portfolio stored by a folio that kept no positions is valued the same, from its transactions.
        let withPositions = try await app.service.valuePortfolio()
        try await app.store.write { try $0.delete(PortfolioStore.positionsKey) }
        #expect(try await both().stored == nil)
        #expect(try await app.service.valuePortfolio() == withPositions)
        #expect(
            try await app.service.positions(asOf: CalendarDate(iso8601: "2023-03-01")!).first { $0.name == "Fund A" }?
                .units == Amount(100))
    }

    @Test(
        "issue 27: a NAV from an expired cached copy is marked stale, per holding and in total, when the sources fail")
    func staleMarker() async throws {
        // The day after the histories' last NAV, so that only the cached copy's expiry makes them stale.
        let app = PortfolioApp(answers: try Self.answers(), now: Date(timeIntervalSince1970: 1_704_171_600))
        _ = try await app.service.importStatement(Self.statement())
        let fresh = try await app.service.valuePortfolio()
        #expect(!fresh.stale && fresh.holdings.allSatisfy { !$0.stale && $0.value != nil })
        // Three hours on (the histories are fresh for 30 minutes) with every source answering 503.
        let later = FundsService(
            http: StubHTTPClient { request in
                throw NetworkError.status(code: 503, url: request.url, body: "", retryAfter: nil)
            },
            store: app.store, timing: .test(now: app.clock.addingTimeInterval(3 * 3600)),
            settings: FundsSettings(baseURL: URL(string: "http://mfapi.test")!))
        let stale = try await PortfolioService(funds: later).valuePortfolio()
        #expect(stale.stale && stale.holdings.allSatisfy { $0.stale && $0.value != nil })
        #expect(stale.value == fresh.value && stale.holdings.map(\.navDate) == fresh.holdings.map(\.navDate))
        #expect(stale.warnings.count == 1, "AMFI's failure is said once: \(stale.warnings)")
    }
}
