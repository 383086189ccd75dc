import FeatureKit
import Foundation
import Timing

/// A dated line chart for a page, readable at every width without JavaScript: two renderings of one chart, a
/// wide one and a narrow one drawn at about a phone's width, and the stylesheet shows the one that fits, so its
/// 12 px labels are never scaled down to unreadable. Values sit on round 1-2-5 ticks, dates on whole months,
/// quarters or years. `/assets/chart.js` shows the date and value of the point nearest the pointer or a tap, and
/// of the point chosen with the arrow keys once the chart has focus.
public struct WebChart: Sendable {
    /// The title, also the charts' accessible name.
    public var title: String
    /// The points (x a day number), in increasing x.
    public var points: [ChartPoint]
    /// An axis value as a label (`₹90`, `£48,000`).
    public var axisLabel: @Sendable (Double) -> String
    /// A point's value as the hover shows it.
    public var valueText: @Sendable (Double) -> String

    /// Creates a chart.
    public init(
        title: String, points: [ChartPoint], axisLabel: @escaping @Sendable (Double) -> String,
        valueText: (@Sendable (Double) -> String)? = nil
    ) {
        self.title = title
        self.points = points.sorted { $0.x < $1.x }
        self.axisLabel = axisLabel
        self.valueText = valueText ?? axisLabel
    }

    /// The script that shows the nearest point; pages with a chart list it.
    public static let scriptPath = "/assets/chart.js"

    /// The two sizes drawn: width, height, and how many ticks fit on each axis.
    struct Size {
        var width: Double
        var height: Double
        var dateTicks: Int
        var valueTicks: Int
        var className: String
        /// The labels' size: a narrow rendering may be drawn a little smaller than it is, on the narrowest phones.
        var fontSize: Int
        /// How many points the line keeps at most (nil: every point).
        var pointLimit: Int?
    }

    static let wide = Size(
        width: 900, height: 380, dateTicks: 9, valueTicks: 6, className: "chart-wide", fontSize: 12, pointLimit: nil)
    static let narrow = Size(
        width: 300, height: 220, dateTicks: 4, valueTicks: 5, className: "chart-narrow", fontSize: 13, pointLimit: 300)

    /// The figure: both renderings, the hover readout and `caption`.
    public func figure(id: String, caption: HTML) -> HTML {
        guard points.count > 1 else { return Components.notice("Not enough history for a chart.") }
        let hover = sampled(400).map { point -> String in
            let date = CalendarDate(dayNumber: Int(point.x.rounded()))
            return
                "\(point.x),\(point.y),\(date.day) \(ChartTicks.monthNames[date.month - 1]) \(date.year): \(valueText(point.y))"
        }.joined(separator: ";")
        return """
            <figure class="chart web-chart" id="\(id)" data-points="\(points.count)" data-hover="\(hover)">\
            \(render(Self.wide))\(render(Self.narrow))\
            <p class="chart-value" aria-live="polite"></p>\
            <p class="chart-keys stamp" hidden>Focus the chart, then Left and Right read each point, Home and End the first and last.</p>\
            <figcaption>\(caption)</figcaption></figure>
            """
    }

    /// At most `count` points, evenly picked, always the first and the last: a phone has no room for more.
    func sampled(_ count: Int) -> [ChartPoint] {
        guard points.count > count else { return points }
        let step = Double(points.count - 1) / Double(count - 1)
        return (0..<count).map { points[Int((Double($0) * step).rounded())] }
    }

    func render(_ size: Size) -> HTML {
        let values = ChartTicks.values(points.map(\.y).min() ?? 0, points.map(\.y).max() ?? 1, count: size.valueTicks)
        let labels = values.ticks.map(axisLabel)
        // Room for the longest value label (about 0.62 em a character in a sans-serif face).
        let left = min(Double(labels.map(\.count).max() ?? 4) * Double(size.fontSize) * 0.62 + 10, size.width / 3)
        let right = 16.0
        let top = 12.0
        let bottom = 30.0
        let plotWidth = size.width - left - right
        let plotHeight = size.height - top - bottom
        let minX = points[0].x
        let maxX = points[points.count - 1].x
        func px(_ x: Double) -> Double { left + (maxX == minX ? 0.5 : (x - minX) / (maxX - minX)) * plotWidth }
        func py(_ y: Double) -> Double {
            top + plotHeight - (y - values.range.lowerBound) / (values.range.upperBound - values.range.lowerBound)
                * plotHeight
        }
        let plot = [left, top, plotWidth, plotHeight, minX, maxX, values.range.lowerBound, values.range.upperBound]
            .map { String($0) }.joined(separator: " ")
        var svg: HTML = """
            <svg class="\(size.className)" viewBox="0 0 \(Int(size.width)) \(Int(size.height))" width="\(Int(size.width))" \
            height="\(Int(size.height))" role="img" aria-label="\(title)" font-family="sans-serif" font-size="\(size.fontSize)" \
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
        for tick in ChartTicks.dates(
            from: Int(minX.rounded(.up)), to: Int(maxX.rounded(.down)), maxCount: size.dateTicks)
        {
            let x = f(px(Double(tick.day)))
            svg +=
                "<line x1=\"\(x)\" y1=\"\(f(top + plotHeight))\" x2=\"\(x)\" y2=\"\(f(top + plotHeight + 5))\" stroke=\"#333\" class=\"chart-axis\"/>"
            // The label's centre is kept half its width from the box's edges, so the first and last stay inside.
            let half = Double(tick.label.count) * Double(size.fontSize) * 0.31 + 2
            let labelX = f(min(max(px(Double(tick.day)), half), size.width - half))
            svg +=
                "<text x=\"\(labelX)\" y=\"\(f(top + plotHeight + 19))\" text-anchor=\"middle\" fill=\"#333\" class=\"chart-text\">\(tick.label)</text>"
        }
        // Tenths of a pixel drawn at scale(0.1): integers print without a format string, which matters for thousands.
        let line = (size.pointLimit.map(sampled) ?? points)
            .map { String(Int((px($0.x) * 10).rounded())) + "," + String(Int((py($0.y) * 10).rounded())) }.joined(
                separator: " ")
        svg +=
            "<polyline class=\"chart-line\" transform=\"scale(0.1)\" fill=\"none\" stroke=\"#1d4ed8\" stroke-width=\"20\" points=\"\(line)\"/>"
        svg +=
            "<line x1=\"\(Int(left))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(top + plotHeight))\" stroke=\"#333\" class=\"chart-axis\"/>"
        svg += "<circle class=\"chart-marker\" r=\"4\" cx=\"0\" cy=\"0\" fill=\"#1d4ed8\" visibility=\"hidden\"/>"
        return svg + "</svg>"
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }
}
