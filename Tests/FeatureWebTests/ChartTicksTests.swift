import FeatureKit
import FeatureWeb
import Foundation
import Testing
import Timing

@Suite("chart ticks and the page chart")
struct ChartTicksTests {
    @Test("values fall on 1-2-5 steps covering the data, never 84.21 and 87.36")
    func roundValues() {
        let nav = ChartTicks.values(84.21, 97.36, count: 6)
        #expect(nav.ticks == [80, 85, 90, 95, 100])
        #expect(nav.range == 80...100)
        let pounds = ChartTicks.values(-48_032.32, 512_000, count: 5)
        #expect(pounds.ticks == [-200_000, 0, 200_000, 400_000, 600_000])
        let small = ChartTicks.values(0.1, 0.33, count: 5)
        #expect(small.ticks == [0.1, 0.2, 0.3, 0.4])
        for ticks in [nav.ticks, pounds.ticks, small.ticks] {
            let steps = Set(zip(ticks.dropFirst(), ticks).map { (($0 - $1) * 1e6).rounded() })
            #expect(steps.count == 1, "evenly spaced: \(ticks)")
        }
        #expect(ChartTicks.values(5, 5, count: 5).ticks.count >= 2, "a flat line still gets an axis")
    }

    @Test("dates fall on whole months, quarters or years by span, at most as many as fit")
    func regularDates() {
        func day(_ year: Int, _ month: Int, _ day: Int) -> Int {
            CalendarDate(year: year, month: month, day: day)!.dayNumber
        }
        let year = ChartTicks.dates(from: day(2024, 1, 15), to: day(2025, 1, 10), maxCount: 9)
        #expect(year.map(\.label) == ["Mar 2024", "May 2024", "Jul 2024", "Sep 2024", "Nov 2024", "Jan 2025"])
        let phone = ChartTicks.dates(from: day(2024, 1, 15), to: day(2025, 1, 10), maxCount: 4)
        #expect(phone.map(\.label) == ["Jul 2024", "Jan 2025"])
        let decade = ChartTicks.dates(from: day(2013, 1, 2), to: day(2025, 11, 27), maxCount: 9)
        #expect(decade.map(\.label) == ["2014", "2016", "2018", "2020", "2022", "2024"])
        let month = ChartTicks.dates(from: day(2025, 3, 1), to: day(2025, 3, 31), maxCount: 5)
        #expect(month.map(\.label) == ["1 Mar", "8 Mar", "15 Mar", "22 Mar", "29 Mar"])
        for ticks in [year, decade] {
            #expect(ticks.allSatisfy { CalendarDate(dayNumber: $0.day).day == 1 }, "on the first of a month")
        }
    }

    @Test("the page chart draws a wide and a narrow rendering with 12 and 13 px labels, and the points for the readout")
    func twoRenderings() {
        let points = (0..<500).map {
            ChartPoint(x: Double(CalendarDate(year: 2024, month: 1, day: 1)!.dayNumber + $0), y: 100 + Double($0 % 37))
        }
        let html = WebChart(title: "NAV", points: points, axisLabel: { "₹\(Int($0))" }).figure(id: "c", caption: "NAV")
            .description
        #expect(html.contains("class=\"chart-wide\"") && html.contains("class=\"chart-narrow\""))
        #expect(html.contains("class=\"chart-wide\" viewBox=\"0 0 900 380\"") && html.contains("font-size=\"12\""))
        #expect(html.contains("class=\"chart-narrow\" viewBox=\"0 0 300 220\"") && html.contains("font-size=\"13\""))
        #expect(html.contains("data-hover=\"") && html.contains(": ₹"))
        #expect(html.contains(">₹100</text>") && html.contains(">Jan 2025</text>"))
    }
}

@Suite("chart labels")
struct ChartLabelsTests {
    @Test("money on an axis puts the sign before the symbol, as tables and cards do")
    func signBeforeSymbol() {
        #expect(ChartLabels.money(-48_032.32, symbol: "£") == "-£48,032")
        #expect(ChartLabels.money(200_000, symbol: "£") == "£200,000")
        #expect(ChartLabels.money(0, symbol: "$") == "$0")
    }
}
