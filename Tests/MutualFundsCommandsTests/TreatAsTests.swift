import Failures
import FeatureKitTesting
import Foundation
import Testing

/// `portfolio treat-as`: a scheme's tax treatment stored with the portfolio, used by `gains` without a flag,
/// overridden for one run by `gains --treat-as`, and shown wherever the scheme is.
@Suite struct TreatAsTests {
    /// 10 units of PPFAS Flexi Cap bought at 100 on 4-Jan-2021, 5 sold at 150 on 2-Jan-2023: no statement type and no
    /// STT, so the MF API category decides (equity: long-term, ₹250 LTCG); as debt the same lot is short-term.
    static let statement = #"""
        {"cas_type":"DETAILED","folios":[{"folio":"9 / 1","amc":"PPFAS Mutual Fund","schemes":[
        {"scheme":"Parag Parikh Flexi Cap Fund - Direct Plan - Growth","isin":"INF879O01027","amfi":"122639","type":null,"open":"0","close":"5","transactions":[
         {"date":"2021-01-04","description":"Purchase","amount":"1000","units":"10","nav":"100","balance":"10","type":"PURCHASE"},
         {"date":"2023-01-02","description":"Redemption","amount":"-750","units":"-5","nav":"150","balance":"5","type":"REDEMPTION"}]}]}]}
        """#

    /// The one lot's treatment, what decided it, and its term.
    static func lot(_ harness: Harness, _ extra: [String] = []) async throws -> String {
        let rows = try await harness.json(["portfolio", "gains"] + extra) as! [[String: Any]]
        try #require(rows.count == 1)
        return [rows[0]["treatment"], rows[0]["treatmentBasis"], rows[0]["term"]].map { "\($0 ?? "nil")" }.joined(
            separator: " ")
    }

    @Test("stored per scheme, used without the flag, overridden for one run, kept on re-import, undone with auto")
    func storedTreatment() async throws {
        let harness = Harness()
        try await harness.importStatement(Data(Self.statement.utf8))
        #expect(try await Self.lot(harness) == "equity category long")

        let set = try await harness.run(["portfolio", "treat-as", "122639", "debt"]).output
        #expect(
            set.contains(
                "Parag Parikh Flexi Cap Fund - Direct Plan - Growth (folio 9 / 1): taxed as debt from now on (was the rules)."
            ))
        #expect(try await Self.lot(harness) == "debt set short")
        let rows = try await harness.json(["portfolio", "gains"]) as! [[String: Any]]
        #expect(rows[0]["shortTermGain"] as? Double == 250 && rows[0]["longTermGain"] as? Double == 0)
        let table = try await harness.run(["portfolio", "gains"]).output
        #expect(
            table.contains(
                "Parag Parikh Flexi Cap Fund - Direct Plan - Growth (folio 9 / 1): taxed as debt (set with treat-as)"))
        let summary = try await harness.run(["portfolio", "gains", "--summary", "--format", "csv"]).output
        #expect(summary.hasPrefix("financialYear,scheme,isin,folio,treatment,treatmentBasis,longTermGain"))
        #expect(summary.contains(",debt,set,0.00,0.00,250.00") || summary.contains(",debt,set,0,0,250"), "\(summary)")

        #expect(try await Self.lot(harness, ["--treat-as", "122639=equity"]) == "equity override long")
        let overridden = try await harness.run(["portfolio", "gains", "--treat-as", "INF879O01027=equity"]).output
        #expect(overridden.contains("taxed as equity (--treat-as, this report only)"))
        #expect(try await Self.lot(harness) == "debt set short", "the override was for one run")

        let portfolio = try await harness.json(["portfolio"]) as! [String: Any]
        #expect((portfolio["holdings"] as? [[String: Any]])?.first?["treatAs"] as? String == "debt")
        #expect(try await harness.run(["portfolio"]).output.contains("gains taxed as debt (set with treat-as)"))

        try await harness.importStatement(Data(Self.statement.utf8))
        #expect(try await Self.lot(harness) == "debt set short", "a re-import keeps the choice")

        let undone = try await harness.json(["portfolio", "treat-as", "INF879O01027", "auto"]) as! [[String: Any]]
        #expect(undone.count == 1 && undone[0]["treatAs"] is NSNull && undone[0]["previous"] as? String == "debt")
        #expect(try await Self.lot(harness) == "equity category long")
        let holding = (try await harness.json(["portfolio"]) as! [String: Any])["holdings"] as? [[String: Any]]
        #expect(holding?.first?["treatAs"] is NSNull)
    }

    @Test("a code or ISIN the portfolio does not hold is not found, naming the scheme; an unknown kind is refused")
    func refusals() async throws {
        let harness = Harness()
        let missing = await folioError { try await harness.run(["portfolio", "treat-as", "999999", "equity"]) }
        #expect(missing?.kind == .notFound && missing?.field == "scheme")
        #expect(missing?.what == "no held scheme has the code or ISIN 999999")
        let kind = await folioError { try await harness.run(["portfolio", "treat-as", "122639", "gold"]) }
        #expect(kind != nil)
    }
}
