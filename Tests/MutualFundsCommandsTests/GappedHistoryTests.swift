import ArgumentParser
import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing
import Timing
import TimingTesting

@testable import MutualFundsCommands

/// The gapped history: `scheme_122639_history_full_3266pts.json` with only its three newest and three oldest NAVs
/// kept (2026-09-02…04 and 2013-05-28…30), as recorders trim real payloads. Made by `data = data[:3] + data[-3:]`
/// on the recorded file (newest first, meta and status unchanged), saved as
/// `Tests/Fixtures/mfapi-derived/derived_122639_gapped_first3_last3_NOT_raw_response.json` (a folder of its own:
/// `mfapi/` holds the recorded answers, copied unedited); served under its own code.
enum GappedFixture {
    static let code = "900122"
    static let path = "mfapi-derived/derived_122639_gapped_first3_last3_NOT_raw_response.json"
    static let gap = "the history has no NAV between 2013-05-30 and 2026-09-02"
}

@Suite("folio funds over a gapped NAV history")
struct GappedHistoryTests {
    @Test("show: periods without a start NAV within the tolerance are null with the reason; the chart says so")
    func show() async throws {
        let harness = Harness()
        let json = try await harness.json(["show", GappedFixture.code]) as! [String: Any]
        let returns = try #require(json["returns"] as? [String: Any])
        for period in ["1W", "1M", "3M", "6M", "1Y", "3Y", "5Y", "10Y"] {
            #expect(returns[period] is NSNull, "\(period)")
        }
        let inception = try #require(returns["SI"] as? [String: Any])
        #expect(inception["fromDate"] as? String == "2013-05-28")
        #expect(json["volatility"] is NSNull)
        #expect(json["maxDrawdown"] is NSNull)
        #expect(json["sharpe"] is NSNull)
        let unavailable = try #require(json["unavailable"] as? [String: String])
        #expect(unavailable["1Y"] == GappedFixture.gap)
        #expect(unavailable["volatility"] == GappedFixture.gap)
        #expect(unavailable["maxDrawdown"] == GappedFixture.gap)

        let table = try await harness.run(["show", GappedFixture.code]).output
        #expect(!table.contains("2013-05-30  2026-09-04"), "no period may start at the far side of the gap")
        #expect(
            table.contains(
                "n/a 1W, 1M, 3M, 6M, 1Y, 3Y, 5Y, 10Y, volatility, max drawdown, Sharpe: \(GappedFixture.gap)"))
        #expect(table.contains("NAV, 1Y (3 points, only those inside the range: \(GappedFixture.gap))"))
        #expect(table.contains("Volatility (1Y) n/a"))
    }

    @Test("compare: the gapped scheme's figures are null, with notes; the chart starts where both are covered")
    func compare() async throws {
        let harness = Harness()
        let rows = try await harness.json(["compare", "122639", GappedFixture.code]) as! [[String: Any]]
        #expect(rows[1]["return1Y"] is NSNull)
        #expect(rows[1]["volatility"] is NSNull)
        #expect(rows[1]["maxDrawdown"] is NSNull)
        #expect(rows[1]["notes"] as? String == "1Y, 3Y, 5Y, volatility, max drawdown, Sharpe: \(GappedFixture.gap)")
        #expect(rows[0]["notes"] is NSNull)
        #expect(rows[0]["return1Y"] is NSNumber)
        let table = try await harness.run(["compare", "122639", GappedFixture.code]).output
        #expect(table.contains("₹100 invested, 1Y from 2026-09-02"))
        #expect(table.contains("\(GappedFixture.code) n/a 1Y, 3Y, 5Y"))
    }

    @Test("rolling: no window is covered, and the command says why")
    func rolling() async throws {
        let harness = Harness()
        let error = await folioError { try await harness.run(["rolling", GappedFixture.code, "--window", "1Y"]) }
        #expect(error?.exitCode == 1)
        #expect(error?.why == "none of its 3 windows is covered: \(GappedFixture.gap)")
    }

    @Test("--help of show and compare states the rule")
    func help() {
        for command in [ShowCommand.self, CompareCommand.self] as [any ParsableCommand.Type] {
            let help = FundsCommand.helpMessage(for: command, columns: 1000)
            #expect(help.contains("at most 7 days before it (periods up to 1 year) or at most 5 % of the period"))
            #expect(help.contains("10 times the scheme's usual spacing"))
        }
    }

    @Test("end to end over the loopback server: show and compare of the gapped history")
    func endToEnd() async throws {
        let server = try await LoopbackServer.start { request in
            let (status, body) = try MFAPIReplay.answer(path: request.path)
            return .json(body, status: status)
        }
        defer { Task { await server.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            let environment = ["FOLIO_MFAPI_URL": server.baseURL.absoluteString]
            let show = try await FolioProcess.run(
                ["funds", "show", GappedFixture.code, "--format", "json"], home: home, environment: environment)
            #expect(show.exitCode == 0, "\(show.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as! [String: Any]
            let returns = try #require(json["returns"] as? [String: Any])
            #expect(returns["1Y"] is NSNull)
            #expect(returns["10Y"] is NSNull)
            #expect(json["volatility"] is NSNull)
            #expect((json["unavailable"] as? [String: String])?["1W"] == GappedFixture.gap)
            let table = try await FolioProcess.run(
                ["funds", "show", GappedFixture.code], home: home, environment: environment)
            #expect(table.stdout.contains("NAV, 1Y (3 points, only those inside the range"))
            let compare = try await FolioProcess.run(
                ["funds", "compare", "122639", GappedFixture.code, "--format", "csv"], home: home,
                environment: environment)
            #expect(compare.exitCode == 0, "\(compare.stderr)")
            #expect(compare.stdout.contains("1Y, 3Y, 5Y, volatility, max drawdown, Sharpe: \(GappedFixture.gap)"))
        }
    }
}
