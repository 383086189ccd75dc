import FeatureKit
import FeatureWeb
import Synchronization
import Testing

@Suite("charts kept between views")
struct RenderedChartsTests {
    /// Counts the labels a drawing asks for, so a test sees whether a chart was drawn or reused.
    final class LabelCount: Sendable {
        let calls = Mutex(0)
        var value: Int { calls.withLock { $0 } }

        func chart(_ points: [ChartPoint], title: String = "NAV") -> WebChart {
            WebChart(
                title: title, points: points,
                axisLabel: { value in
                    self.calls.withLock { $0 += 1 }
                    return "₹\(value)"
                })
        }
    }

    /// One place in the code that shows a chart, as a page's handler is.
    static func view(_ charts: RenderedCharts, _ chart: WebChart, id: String, caption: HTML) -> HTML {
        charts.figure(chart, id: id, caption: caption)
    }

    static func points(_ values: [Double]) -> [ChartPoint] {
        values.enumerated().map { ChartPoint(x: Double(20_000 + $0.offset), y: $0.element) }
    }

    @Test("the same points from the same place are drawn once and give the same page")
    func reused() {
        let charts = RenderedCharts()
        let labels = LabelCount()
        let values = (0..<500).map { 80 + Double($0 % 37) / 4 }
        let first = Self.view(charts, labels.chart(Self.points(values)), id: "nav", caption: "NAV")
        let drawn = labels.value
        #expect(drawn > 0)
        let second = Self.view(charts, labels.chart(Self.points(values)), id: "nav", caption: "NAV")
        #expect(second == first)
        #expect(labels.value == drawn, "the second view reuses the drawing")
        #expect(
            second == labels.chart(Self.points(values)).figure(id: "nav", caption: "NAV"), "equal to a fresh drawing")
    }

    @Test("one changed point, another title or caption, or another id is drawn anew")
    func changesAreDrawn() {
        let charts = RenderedCharts()
        let labels = LabelCount()
        var values = (0..<300).map { 100 + Double($0) / 10 }
        let first = Self.view(charts, labels.chart(Self.points(values)), id: "nav", caption: "NAV")
        values[150] += 40
        var drawn = labels.value
        let revised = Self.view(charts, labels.chart(Self.points(values)), id: "nav", caption: "NAV")
        #expect(labels.value > drawn)
        #expect(revised != first)
        #expect(revised == labels.chart(Self.points(values)).figure(id: "nav", caption: "NAV"))
        for (title, id, caption) in [
            ("NAV 1Y", "nav", "NAV"), ("NAV", "other", "NAV"), ("NAV", "nav", "NAV, 300 points"),
        ] {
            drawn = labels.value
            _ = Self.view(charts, labels.chart(Self.points(values), title: title), id: id, caption: HTML(raw: caption))
            #expect(labels.value > drawn, "\(title) \(id) \(caption)")
        }
    }

    @Test("at most `capacity` drawings are kept, the least recently used going first")
    func bounded() {
        let charts = RenderedCharts(capacity: 2)
        let labels = LabelCount()
        let a = Self.points([1, 2, 3]), b = Self.points([4, 5, 6]), c = Self.points([7, 8, 9])
        _ = Self.view(charts, labels.chart(a), id: "a", caption: "a")
        _ = Self.view(charts, labels.chart(b), id: "b", caption: "b")
        _ = Self.view(charts, labels.chart(a), id: "a", caption: "a")
        _ = Self.view(charts, labels.chart(c), id: "c", caption: "c")
        #expect(charts.count == 2)
        let drawn = labels.value
        _ = Self.view(charts, labels.chart(a), id: "a", caption: "a")
        #expect(labels.value == drawn, "a was used last, so b went")
        _ = Self.view(charts, labels.chart(b), id: "b", caption: "b")
        #expect(labels.value > drawn)
    }

    @Test("the same chart asked for from another line of code (other formatting) is drawn anew")
    func otherPlace() {
        let charts = RenderedCharts()
        let labels = LabelCount()
        let points = Self.points([1, 2, 3])
        _ = Self.view(charts, labels.chart(points), id: "a", caption: "a")
        let drawn = labels.value
        _ = charts.figure(labels.chart(points), id: "a", caption: "a")
        #expect(labels.value > drawn)
        #expect(charts.count == 2)
    }
}
