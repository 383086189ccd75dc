import FeatureWeb
import Money
import MutualFunds
import Testing
import Timing

@testable import MutualFundsWeb

/// What the compare chart's readout offers: every line's days, each line's value the one on or before the day.
@Suite("The compare chart's readings")
struct CompareChartReadingsTests {
    static func history(_ code: Int, _ points: [(String, String)]) -> NAVHistory {
        NAVHistory(
            code: code, meta: SchemeMeta(code: code, name: "Fund \(code)"),
            points: points.map { NAVPoint(date: CalendarDate(iso8601: $0.0)!, nav: Amount($0.1)!) })
    }

    @Test("a day one scheme has no NAV on reads its last before; markers and titles for each line")
    func carried() throws {
        let first = Self.history(1, [("2024-01-01", "10"), ("2024-01-02", "11"), ("2024-01-03", "12")])
        let second = Self.history(2, [("2024-01-01", "20"), ("2024-01-03", "30")])
        let rebased = try #require(RebasedNAVs([first, second], range: .max))
        let chart = CompareChart(rebased: rebased, range: .max)
        let day = { (text: String) in CalendarDate(iso8601: text)!.dayNumber }
        let readings = chart.readings()
        #expect(readings.map(\.day) == [day("2024-01-01"), day("2024-01-02"), day("2024-01-03")])
        #expect(readings.map { $0.values.map { ($0 * 10).rounded() / 10 } } == [[100, 100], [110, 100], [120, 150]])
        #expect(chart.readings(limit: 2).map(\.day) == [day("2024-01-01"), day("2024-01-03")], "the first and last")
        let html = chart.figure().description
        #expect(html.contains("data-compare=\"\(day("2024-01-01")),100.0,100.0;\(day("2024-01-02")),110.0,100.0;"))
        #expect(html.contains("<title>Fund 2 (2): 100 on 2024-01-01, 150.0 on 2024-01-03</title>"))
    }
}
