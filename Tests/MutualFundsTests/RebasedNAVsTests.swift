import Foundation
import MutualFunds
import NetworkingTesting
import Testing

/// The compare chart's lines: each scheme's NAV over a common period, divided by its NAV on the first day × 100.
@Suite("NAVs rebased to 100")
struct RebasedNAVsTests {
    static func history(_ path: String) throws -> NAVHistory {
        let body = try MFAPIDecoding.historyBody(from: Fixtures.data(path))
        return NAVHistory(code: body.meta.code, meta: body.meta, points: body.points, skippedRows: body.skippedRows)
    }

    @Test("every line starts at 100 on the same day and ends on the earliest latest NAV")
    func commonStart() throws {
        let parag = try Self.history("mfapi/scheme_122639_history_full_3266pts.json")
        let axis = try Self.history("mfapi/scheme_120505_axis_midcap_direct_100pts.json")
        let rebased = try #require(RebasedNAVs([parag, axis], range: .oneYear))
        #expect(rebased.lines.map(\.code) == [122639, 120505])
        #expect(rebased.lines.allSatisfy { $0.values.first == 100 })
        #expect(Set(rebased.lines.compactMap(\.days.first)).count == 1)
        // Axis's 100 NAVs start on 16-Apr-2026, later than a year before the common end: the period starts there.
        #expect(rebased.lines[0].days.first == axis.series.days.first)
        let end = min(parag.series.days.last!, axis.series.days.last!)
        #expect(rebased.lines.allSatisfy { $0.days.last! <= end })
        // The last value is the growth of ₹100 from the first day's NAV.
        let start = parag.series.index(onOrBefore: rebased.lines[0].days.first!)!
        let last = parag.series.index(onOrBefore: end)!
        #expect(
            abs(rebased.lines[0].values.last! - parag.series.values[last] / parag.series.values[start] * 100) < 1e-9)
    }
}
