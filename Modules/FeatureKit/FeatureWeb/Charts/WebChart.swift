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
            \(render(ChartFrame.wide))\(render(ChartFrame.narrow))\
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

    func render(_ size: ChartFrame.Size) -> HTML {
        let frame = ChartFrame(
            size, days: points[0].x...points[points.count - 1].x, low: points.map(\.y).min() ?? 0,
            high: points.map(\.y).max() ?? 1, axisLabel: axisLabel)
        // Tenths of a pixel drawn at scale(0.1): integers print without a format string, which matters for thousands.
        let line = (size.pointLimit.map(sampled) ?? points)
            .map { String(Int((frame.x($0.x) * 10).rounded())) + "," + String(Int((frame.y($0.y) * 10).rounded())) }
            .joined(separator: " ")
        return frame.svg(
            title: title,
            lines:
                "<polyline class=\"chart-line\" transform=\"scale(0.1)\" fill=\"none\" stroke=\"#1d4ed8\" stroke-width=\"20\" points=\"\(line)\"/>",
            markers: "<circle class=\"chart-marker\" r=\"4\" cx=\"0\" cy=\"0\" fill=\"#1d4ed8\" visibility=\"hidden\"/>"
        )
    }
}
