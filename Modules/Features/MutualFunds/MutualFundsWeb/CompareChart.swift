import FeatureKit
import FeatureWeb
import Foundation
import MutualFunds
import Timing

/// The compare page's chart: each scheme's NAV rebased to 100 on a common first day, one line per scheme, drawn
/// like FeatureWeb's ``FeatureWeb/WebChart`` (its ticks, a wide and a narrow rendering the stylesheet picks from)
/// with a legend, since that chart draws one line.
struct CompareChart {
    var rebased: RebasedNAVs
    var range: HistoryRange

    /// Line colours told apart in colour-blind palettes (Okabe–Ito), and by the legend's order.
    static let colors = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"]

    struct Size {
        var width: Double
        var height: Double
        var dateTicks: Int
        var valueTicks: Int
        var className: String
    }

    static let wide = Size(width: 900, height: 380, dateTicks: 9, valueTicks: 6, className: "chart-wide")
    static let narrow = Size(width: 300, height: 220, dateTicks: 4, valueTicks: 5, className: "chart-narrow")

    /// The script that reads out the day nearest the pointer, or the one chosen with the arrow keys.
    static let scriptPath = "/funds/compare.js"

    /// The figure, its legend naming each line, and a caption saying what 100 means; `data-compare` carries the
    /// days and values the script reads out, and each line's `<title>` says its start and end without it.
    func figure() -> HTML {
        let start = CalendarDate(dayNumber: rebased.lines.first?.days.first ?? 0)
        let legend = rebased.lines.enumerated().html { index, line in
            let last = line.values.last.map { String(format: "%.1f", $0) } ?? "—"
            // A swatch drawn, not styled: the pages' content security policy allows no inline style.
            let swatch: HTML =
                "<svg width=\"12\" height=\"12\" aria-hidden=\"true\"><rect width=\"12\" height=\"12\" fill=\"\(Self.colors[index % Self.colors.count])\"/></svg>"
            return "<li>\(swatch) <span class=\"compare-name\">\(line.name) (\(line.code))</span>: \(last)</li>"
        }
        let hover = readings().map { day, values in
            ([String(day)] + values.map { String(format: "%.1f", $0) }).joined(separator: ",")
        }.joined(separator: ";")
        // The legend sits outside the figure, whose stylesheet rules frame every svg in it.
        return """
            <figure class="chart web-chart" id="compare-chart" data-lines="\(rebased.lines.count)" \
            data-compare="\(hover)" data-legend="compare-legend">\
            \(render(Self.wide))\(render(Self.narrow))\
            <p class="chart-value" aria-live="polite"></p>\
            <p class="chart-keys stamp" hidden>Focus the chart, then Left and Right read each day, Home and End the first and last.</p>\
            <figcaption>₹100 invested on \(start.iso8601) in each scheme, over \(range.rawValue).</figcaption></figure>\
            <ul class="chart-legend" id="compare-legend" aria-label="Lines of the chart">\(legend)</ul>
            """
    }

    /// The days the readout offers (every line's, at most `limit` evenly picked with the first and the last) and
    /// each line's value on the day: its NAV's on that day or the last before it.
    func readings(limit: Int = 400) -> [(day: Int, values: [Double])] {
        let days = Array(Set(rebased.lines.flatMap(\.days))).sorted()
        guard !days.isEmpty else { return [] }
        let picked =
            days.count <= limit
            ? days
            : (0..<limit).map { days[Int((Double($0) * Double(days.count - 1) / Double(limit - 1)).rounded())] }
        return picked.map { day in
            (
                day,
                rebased.lines.map { line in
                    // The last index whose day is on or before `day` (the first when none is).
                    var low = 0
                    var high = line.days.count - 1
                    while low < high {
                        let middle = (low + high + 1) / 2
                        if line.days[middle] <= day { low = middle } else { high = middle - 1 }
                    }
                    return line.values.isEmpty ? 0 : line.values[low]
                }
            )
        }
    }

    func render(_ size: Size) -> HTML {
        let all = rebased.lines.flatMap(\.values)
        let days = rebased.lines.flatMap(\.days)
        guard let minX = days.min(), let maxX = days.max(), let low = all.min(), let high = all.max() else {
            return .empty
        }
        let values = ChartTicks.values(low, high, count: size.valueTicks)
        let labels = values.ticks.map { String(format: "%.0f", $0) }
        let left = Double(labels.map(\.count).max() ?? 3) * 12 * 0.62 + 10
        let (right, top, bottom) = (16.0, 12.0, 30.0)
        let plotWidth = size.width - left - right
        let plotHeight = size.height - top - bottom
        func px(_ x: Int) -> Double {
            left + (maxX == minX ? 0.5 : Double(x - minX) / Double(maxX - minX)) * plotWidth
        }
        func py(_ y: Double) -> Double {
            top + plotHeight - (y - values.range.lowerBound) / (values.range.upperBound - values.range.lowerBound)
                * plotHeight
        }
        let title = "NAVs rebased to 100, \(range.rawValue)"
        // Where the script puts its markers: the plot's left, top, width and height, then the days and values it spans.
        let plot = [
            left, top, plotWidth, plotHeight, Double(minX), Double(maxX), values.range.lowerBound,
            values.range.upperBound,
        ].map { String($0) }.joined(separator: " ")
        var svg: HTML = """
            <svg class="\(size.className)" viewBox="0 0 \(Int(size.width)) \(Int(size.height))" width="\(Int(size.width))" \
            height="\(Int(size.height))" role="img" aria-label="\(title)" font-family="sans-serif" font-size="12" \
            data-plot="\(plot)">\
            <rect class="chart-bg" width="100%" height="100%" fill="#fff"/>
            """
        for (value, label) in zip(values.ticks, labels) {
            let y = f(py(value))
            svg +=
                "<line x1=\"\(Int(left))\" y1=\"\(y)\" x2=\"\(f(left + plotWidth))\" y2=\"\(y)\" stroke=\"#e2e2e2\" class=\"chart-grid\"/>"
            svg +=
                "<text x=\"\(Int(left - 6))\" y=\"\(f(py(value) + 4))\" text-anchor=\"end\" fill=\"#333\" class=\"chart-text\">\(label)</text>"
        }
        for tick in ChartTicks.dates(from: minX, to: maxX, maxCount: size.dateTicks) {
            let x = f(px(tick.day))
            svg +=
                "<line x1=\"\(x)\" y1=\"\(f(top + plotHeight))\" x2=\"\(x)\" y2=\"\(f(top + plotHeight + 5))\" stroke=\"#333\" class=\"chart-axis\"/>"
            svg +=
                "<text x=\"\(x)\" y=\"\(f(top + plotHeight + 19))\" text-anchor=\"middle\" fill=\"#333\" class=\"chart-text\">\(tick.label)</text>"
        }
        for (index, line) in rebased.lines.enumerated() {
            // A pixel's worth of points at most: a 10-year line of daily NAVs would weigh the page for nothing.
            let count = line.days.count
            let step = max(1, count / Int(plotWidth))
            let kept =
                Array(stride(from: 0, to: count, by: step)) + (count > 0 && (count - 1) % step != 0 ? [count - 1] : [])
            let points = kept.map { f(px(line.days[$0])) + "," + f(py(line.values[$0])) }.joined(separator: " ")
            svg +=
                "<polyline fill=\"none\" stroke=\"\(Self.colors[index % Self.colors.count])\" stroke-width=\"2\" points=\"\(points)\"><title>\(lineTitle(line))</title></polyline>"
        }
        svg +=
            "<line x1=\"\(Int(left))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(top + plotHeight))\" stroke=\"#333\" class=\"chart-axis\"/>"
        // One marker a line, hidden until the script places it; ringed so it shows on its line in either scheme.
        for index in rebased.lines.indices {
            svg +=
                "<circle class=\"compare-marker\" r=\"4\" cx=\"0\" cy=\"0\" fill=\"\(Self.colors[index % Self.colors.count])\" stroke=\"#fff\" stroke-width=\"1.5\" visibility=\"hidden\"/>"
        }
        return svg + "</svg>"
    }

    /// A line's name with its first and last day and value, read where the script does not run.
    func lineTitle(_ line: RebasedNAVs.Line) -> String {
        guard let firstDay = line.days.first, let lastDay = line.days.last, let last = line.values.last else {
            return "\(line.name) (\(line.code))"
        }
        return
            "\(line.name) (\(line.code)): 100 on \(CalendarDate(dayNumber: firstDay).iso8601), \(String(format: "%.1f", last)) on \(CalendarDate(dayNumber: lastDay).iso8601)"
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }
}
