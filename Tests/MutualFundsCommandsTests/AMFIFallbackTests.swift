import Failures
import FeatureKitTesting
import Foundation
import Testing
import TimingTesting

/// `funds nav` and `funds show` when the MF API fails: AMFI's NAVAll.txt (of 25-Feb-2025, where 122639 is at
/// 84.5628 on 24-Feb-2025) gives the latest NAV in every format, marked; with both failing, exit 69 naming both.
@Suite struct AMFIFallbackTests {
    static let environment = ["FOLIO_AMFI_URL": "http://mfapi.test" + MFAPIReplay.amfiPath]

    @Test("nav without --on: the MF API failing, the latest NAV comes from AMFI in table, JSON and CSV, marked")
    func navFromAMFI() async throws {
        let harness = Harness()
        harness.set(.mfapiFailing(status: 503))
        let table = try await harness.run(["nav", "122639"], environment: Self.environment)
        #expect(table.output.contains("₹84.5628 on 2025-02-24 (latest NAV from AMFI)"))
        #expect(table.output.contains("Parag Parikh Flexi Cap Fund - Direct Plan - Growth (122639)"))
        #expect(
            table.errors.contains(
                "latest NAV from AMFI: the MF API's history of scheme 122639 is unavailable and nothing is cached — the MF API failed (HTTP 503)"
            ))
        let json = try await harness.json(["nav", "122639"], environment: Self.environment) as! [String: Any]
        #expect(
            json["source"] as? String == "amfi" && json["nav"] as? Double == 84.5628
                && json["date"] as? String == "2025-02-24")
        let csv = try await harness.run(["nav", "122639", "--format", "csv"], environment: Self.environment).output
        let lines = csv.split(whereSeparator: \.isNewline)
        #expect(lines.first == "code,name,requestedDate,date,nav,exact,source,stale,asOf")
        #expect(lines.count == 2 && lines[1].contains(",2025-02-24,84.5628,true,amfi,false,"))

        harness.set(.replay)
        let fresh =
            try await harness.json(["nav", "122639", "--refresh"], environment: Self.environment) as! [String: Any]
        #expect(
            fresh["source"] as? String == "mfapi" && fresh["date"] as? String != "2025-02-24",
            "the MF API, once it answers")
    }

    @Test(
        "show: the MF API failing, JSON has latestNAVSource amfi and null history figures, each with why; CSV and table say so"
    )
    func showFromAMFI() async throws {
        let harness = Harness()
        harness.set(.mfapiFailing(status: 500))
        let json = try await harness.json(["show", "122639"], environment: Self.environment) as! [String: Any]
        #expect(json["latestNAVSource"] as? String == "amfi")
        #expect(json["nav"] as? Double == 84.5628 && json["navDate"] as? String == "2025-02-24")
        #expect((json["mfapiFailure"] as? String)?.contains("the MF API failed (HTTP 500)") == true)
        #expect(json["fundHouse"] as? String == "PPFAS Mutual Fund" && json["category"] as? String == "equity")
        let returns = json["returns"] as! [String: Any]
        #expect(returns.count == 9 && returns.values.allSatisfy { $0 is NSNull })
        #expect(json["volatility"] is NSNull && json["sharpe"] is NSNull && json["dailyChange"] is NSNull)
        #expect((json["unavailable"] as? [String: String])?["1Y"]?.contains("MF API's history is unavailable") == true)

        let csv = try await harness.run(["show", "122639", "--format", "csv"], environment: Self.environment).output
        let lines = csv.split(whereSeparator: \.isNewline)
        #expect(lines.first == "period,absolute,annualized,fromDate,toDate,nav,navDate,latestNAVSource")
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(",,,,,84.5628,2025-02-24,amfi") }, "\(lines)")
        #expect(lines.count == 10)

        let table = try await harness.run(["show", "122639"], environment: Self.environment)
        #expect(table.output.contains("NAV ₹84.5628 on 2025-02-24 (latest NAV from AMFI)"))
        #expect(table.errors.contains("latest NAV from AMFI: the MF API's history of scheme 122639 is unavailable"))

        let svg = await folioError {
            try await harness.run(["show", "122639", "--svg", "/tmp/never-written.svg"], environment: Self.environment)
        }
        #expect(svg?.kind == .unavailable && svg?.what == "the chart of 122639 needs the MF API's history")
    }

    @Test("with the MF API and AMFI both failing, nav and show exit 69 saying why each failed")
    func bothDown() async throws {
        let harness = Harness()
        harness.set(.failing(status: 503))
        for arguments in [["nav", "122639"], ["show", "122639"], ["show", "122639", "--format", "json"]] {
            let error = await folioError { try await harness.run(arguments, environment: Self.environment) }
            #expect(error?.exitCode == 69, "\(arguments)")
            #expect(error?.what == "the MF API's history of scheme 122639 is unavailable and nothing is cached")
            #expect(
                error?.why == "the MF API failed (HTTP 503); AMFI's NAV file cannot stand in: AMFI answered HTTP 503")
        }
        let offline = await folioError {
            try await harness.run(["nav", "122639"], offline: true, environment: Self.environment)
        }
        #expect(offline?.exitCode == 69)
        #expect(
            offline?.why
                == "--offline never uses the network; AMFI's NAV file cannot stand in: no cached copy of AMFI's NAV file"
        )
        harness.set(.mfapiFailing(status: 503))
        let missing = await folioError { try await harness.run(["nav", "100027"], environment: Self.environment) }
        #expect(missing?.exitCode == 69)
        #expect(
            missing?.why
                == "the MF API failed (HTTP 503); AMFI's NAV file cannot stand in: AMFI's NAV file has no scheme 100027"
        )
    }

    @Test("cache status lists AMFI's NAV file beside the MF API entries: its date, age, schemes and freshness")
    func cacheStatus() async throws {
        let harness = Harness()
        let before = try await harness.json(["cache", "status"], environment: Self.environment) as! [String: Any]
        #expect(before["amfi"] is NSNull)
        #expect(try await harness.run(["cache", "status"]).output.contains("AMFI NAV file: not cached"))
        harness.set(.mfapiFailing(status: 503))
        _ = try await harness.run(["nav", "122639"], environment: Self.environment)
        let status = try await harness.json(["cache", "status"], environment: Self.environment) as! [String: Any]
        let amfi = try #require(status["amfi"] as? [String: Any])
        // 25-Feb-2025 to the harness's 5-Sep-2026: 557 days.
        #expect(amfi["date"] as? String == "2025-02-25" && amfi["ageDays"] as? Int == 557)
        #expect((amfi["schemes"] as? Int ?? 0) > 10_000 && amfi["stale"] as? Bool == false)
        let table = try await harness.run(["cache", "status"], environment: Self.environment).output
        #expect(table.contains("AMFI NAV file: ") && table.contains(" schemes of 2025-02-25 (1 year old)"))
        #expect(table.contains("fresh for 30m"))
        harness.wall.advance(by: 3600)
        let expired = try await harness.json(["cache", "status"], environment: Self.environment) as! [String: Any]
        #expect((expired["amfi"] as? [String: Any])?["stale"] as? Bool == true)
        #expect(
            try await harness.run(["cache", "status"], environment: Self.environment).output.contains(
                "stale (expired 30m ago)"))
    }
}
