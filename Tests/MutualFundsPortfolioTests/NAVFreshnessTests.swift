import Foundation
import Money
import MutualFunds
import MutualFundsPortfolio
import NetworkingTesting
import Testing
import Timing

/// Issue 39, item 4: each holding valued at the newest NAV Folio has among AMFI's file and the MF API's histories,
/// with its date and source; a NAV older than 7 days is stale with its age; a scheme that stopped publishing long
/// ago is flagged; plan and option come from AMFI's or the MF API's scheme name when the statement's short name
/// does not say them. On the recorded NAVAll.txt of 18-Aug-2026 and the MF API's history of 122639 (to 4-Sep-2026).
@Suite("Portfolio valuation: how current each NAV is")
struct NAVFreshnessTests {
    /// 7-Sep-2026, 12:00 in India.
    static let now = Date(timeIntervalSince1970: 1_788_762_600)

    /// Short names, as older statements print them: Parag Parikh (122639), Axis Midcap (120505), and Nippon India's
    /// gilt fund's bonus option (133264), whose NAV in the file is of 2-Jul-2018.
    static func statement() -> Data {
        func scheme(_ name: String, _ code: Int, _ nav: String) -> String {
            """
            {"scheme":"\(name)","isin":null,"amfi":"\(code)","type":"EQUITY","open":"0","close":"10","transactions":[
             {"date":"2018-01-01","description":"p","amount":"\(nav)0","units":"10","nav":"\(nav)","balance":"10","type":"PURCHASE"}]}
            """
        }
        let json = """
            {"cas_type":"DETAILED","folios":[{"folio":"9 / 0","amc":"A","schemes":[
            \(scheme("Parag Parikh Flexi Cap Fund", 122639, "20")),
            \(scheme("Axis Midcap Fund", 120505, "30")),
            \(scheme("Nippon India Gilt Fund", 133264, "12"))
            ]}]}
            """
        return Data(json.utf8)
    }

    static func app() throws -> PortfolioApp {
        PortfolioApp(
            answers: [
                "/spages/NAVAll.txt": try Fixtures.data("amfi/amfiindiamirror_NAVAll_2026-08-18_6col.txt"),
                "/mf/122639": try Fixtures.data("mfapi/scheme_122639_history_full_3266pts.json"),
            ], now: now)
    }

    @Test("the newest NAV wins whichever source has it; stale after 7 days; a scheme that stopped is flagged")
    func newestAndAge() async throws {
        let app = try Self.app()
        // `funds show 122639` earlier stored its history, whose last NAV (4-Sep) is newer than AMFI's file (18-Aug).
        _ = try await app.funds.history(code: 122639)
        _ = try await app.service.importStatement(Self.statement())
        let report = try await app.service.valuePortfolio()
        let rows = Dictionary(uniqueKeysWithValues: report.holdings.map { ($0.code ?? 0, $0) })

        let parag = try #require(rows[122639])
        #expect(parag.source == "mfapi" && parag.navDate == "2026-09-04" && parag.nav == Amount("90.52890")!)
        #expect(parag.navAgeDays == 3 && parag.navStatus == .fresh && !parag.stale && parag.navStatusText == nil)
        #expect(parag.value == Amount("905.29")!)

        let axis = try #require(rows[120505])
        #expect(axis.source == "amfi" && axis.navDate == "2026-08-18" && axis.nav == Amount("144.67")!)
        #expect(axis.navAgeDays == 20 && axis.navStatus == .stale && axis.stale)
        #expect(axis.navStatusSentence == "the NAV is of 2026-08-18 (AMFI's daily file): stale, 20 days old")

        let gilt = try #require(rows[133264])
        #expect(gilt.navDate == "2018-07-02" && gilt.navStatus == .inactive && gilt.stale)
        #expect(gilt.navStatusText?.hasSuffix("old: probably wound up or merged") == true)
        #expect(report.stale)

        // The statement's names say no plan or option; the sources' names do.
        #expect(parag.plan == "direct" && parag.option == "growth")
        #expect(axis.plan == "direct" && axis.option == "growth")
        // The gilt fund's name (a pre-2013 scheme) says neither, and it is left unknown rather than guessed.
        #expect(gilt.plan == nil && gilt.option == "growth")
        #expect(report.allocation.plan.first?.name == "direct")
    }

    @Test("a scheme sold out is worth nothing whatever its NAV: an old NAV makes neither it nor the portfolio stale")
    func soldOut() async throws {
        let app = try Self.app()
        let json = """
            {"cas_type":"DETAILED","folios":[{"folio":"9 / 0","amc":"A","schemes":[
            {"scheme":"Parag Parikh Flexi Cap Fund","isin":null,"amfi":"122639","type":"EQUITY","open":"0","close":"10","transactions":[
             {"date":"2018-01-01","description":"p","amount":"200","units":"10","nav":"20","balance":"10","type":"PURCHASE"}]},
            {"scheme":"Axis Midcap Fund","isin":null,"amfi":"120505","type":"EQUITY","open":"0","close":"0","transactions":[
             {"date":"2018-01-01","description":"p","amount":"300","units":"10","nav":"30","balance":"10","type":"PURCHASE"},
             {"date":"2019-01-01","description":"r","amount":"-400","units":"-10","nav":"40","balance":"0","type":"REDEMPTION"}]}
            ]}]}
            """
        _ = try await app.funds.history(code: 122639)
        _ = try await app.service.importStatement(Data(json.utf8))
        let report = try await app.service.valuePortfolio()
        let axis = try #require(report.holdings.first { $0.code == 120505 })
        // Its NAV (AMFI's, 20 days old) is still shown, but it makes no figure stale.
        #expect(axis.units == .zero && axis.navStatus == .stale && axis.value == .zero)
        #expect(!axis.stale && axis.navStatusSentence == nil)
        #expect(!report.stale)
    }

    @Test("without a newer history, AMFI's NAV is used, and within 7 days it is fresh")
    func amfiFresh() async throws {
        // 20-Aug-2026: two days after the file's NAVs.
        let app = PortfolioApp(
            answers: [
                "/spages/NAVAll.txt": try Fixtures.data("amfi/amfiindiamirror_NAVAll_2026-08-18_6col.txt")
            ], now: Date(timeIntervalSince1970: 1_787_218_200))
        _ = try await app.service.importStatement(Self.statement())
        let report = try await app.service.valuePortfolio()
        let parag = try #require(report.holdings.first { $0.code == 122639 })
        #expect(parag.source == "amfi" && parag.navDate == "2026-08-18" && parag.nav == Amount("90.4982")!)
        #expect(parag.navAgeDays == 2 && parag.navStatus == .fresh && !parag.stale)
        let gilt = try #require(report.holdings.first { $0.code == 133264 })
        #expect(gilt.navStatus == .inactive)
    }

    @Test("AMFI's Plan and Option columns are read where a file has them, the name otherwise")
    func planAndOptionColumns() throws {
        let text = """
            Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Plan;Option;Net Asset Value;Date\r
            Open Ended Schemes(Equity Scheme - Flexi Cap Fund)\r
            PPFAS Mutual Fund\r
            122639;INF879O01027;-;Parag Parikh Flexi Cap Fund;Direct;Growth;90.4982;18-Aug-2026\r
            122640;INF879O01035;-;Parag Parikh Flexi Cap Fund;Regular;IDCW;80.1;18-Aug-2026\r
            """
        let file = try AMFINAVAll.parse(text)
        #expect(file.entries.map(\.plan) == [.direct, .regular])
        #expect(file.entries.map(\.option) == [.growth, .idcw])
        let sixColumns = try AMFINAVAll.parse(
            "Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Net Asset Value;Date\n"
                + "122639;INF879O01027;-;Parag Parikh Flexi Cap Fund - Direct Plan - Growth;90.4982;18-Aug-2026\n")
        #expect(sixColumns.entries.first?.plan == nil, "no column: the valuation reads the name")
    }
}
