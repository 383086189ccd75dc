import Foundation

/// What every dated chart on a page draws on: the box, the value grid with its labels, the date ticks and the
/// baseline, and where a day and a value fall in it. ``WebChart`` draws its one line on it; a feature's chart of
/// several lines (the funds' comparison) draws them on the same frame, so both look and scale alike.
public struct ChartFrame: Sendable {
    /// One rendering's room: its size, how many ticks fit on each axis, and the class the stylesheet picks by.
    public struct Size: Sendable {
        var width: Double
        var height: Double
        var dateTicks: Int
        var valueTicks: Int
        var className: String
        /// The labels' size: a narrow rendering may be drawn a little smaller than it is, on the narrowest phones.
        var fontSize: Int
        /// How many points a line keeps at most (nil: every point).
        public var pointLimit: Int?
    }

    /// The rendering shown on a wide screen.
    public static let wide = Size(
        width: 900, height: 380, dateTicks: 9, valueTicks: 6, className: "chart-wide", fontSize: 12, pointLimit: nil)
    /// The rendering shown at about a phone's width, with labels still 12 px or more once scaled down.
    public static let narrow = Size(
        width: 300, height: 220, dateTicks: 4, valueTicks: 5, className: "chart-narrow", fontSize: 13, pointLimit: 300)

    /// The rendering's size.
    public let size: Size
    /// The plot's left edge: room for the longest value label.
    public let left: Double
    /// The plot's width in pixels.
    public let plotWidth: Double
    let top = 12.0
    let plotHeight: Double
    let days: ClosedRange<Double>
    let values: (range: ClosedRange<Double>, ticks: [Double])
    let labels: [String]

    /// A frame spanning `days` (day numbers) and `low...high` on round ticks labelled by `axisLabel`.
    public init(
        _ size: Size, days: ClosedRange<Double>, low: Double, high: Double, axisLabel: (Double) -> String
    ) {
        self.size = size
        self.days = days
        values = ChartTicks.values(low, high, count: size.valueTicks)
        labels = values.ticks.map(axisLabel)
        // Room for the longest value label (about 0.62 em a character in a sans-serif face).
        left = min(Double(labels.map(\.count).max() ?? 4) * Double(size.fontSize) * 0.62 + 10, size.width / 3)
        plotWidth = size.width - left - 16
        plotHeight = size.height - top - 30
    }

    /// The pixel column of a day.
    public func x(_ day: Double) -> Double {
        left
            + (days.upperBound == days.lowerBound ? 0.5 : (day - days.lowerBound) / (days.upperBound - days.lowerBound))
            * plotWidth
    }

    /// The pixel row of a value.
    public func y(_ value: Double) -> Double {
        top + plotHeight - (value - values.range.lowerBound) / (values.range.upperBound - values.range.lowerBound)
            * plotHeight
    }

    /// The whole SVG: the frame, then `lines` over its grid and ticks, the baseline over them, and `markers`
    /// (what the chart's script moves to the point read out) on top. `data-plot` tells the script the plot's
    /// left, top, width and height, then the days and values it spans.
    public func svg(title: String, lines: HTML, markers: HTML) -> HTML {
        let plot = [
            left, top, plotWidth, plotHeight, days.lowerBound, days.upperBound, values.range.lowerBound,
            values.range.upperBound,
        ].map { String($0) }.joined(separator: " ")
        var svg: HTML = """
            <svg class="\(size.className)" viewBox="0 0 \(Int(size.width)) \(Int(size.height))" width="\(Int(size.width))" \
            height="\(Int(size.height))" role="img" aria-label="\(title)" font-family="sans-serif" font-size="\(size.fontSize)" \
            data-plot="\(plot)">\
            <rect class="chart-bg" width="100%" height="100%" fill="#fff"/>
            """
        let bottom = top + plotHeight
        for (value, label) in zip(values.ticks, labels) {
            let row = Self.pixel(y(value))
            svg +=
                "<line x1=\"\(Int(left))\" y1=\"\(row)\" x2=\"\(Self.pixel(left + plotWidth))\" y2=\"\(row)\" stroke=\"#e2e2e2\" class=\"chart-grid\"/>"
            svg +=
                "<text x=\"\(Int(left - 6))\" y=\"\(Self.pixel(y(value) + 4))\" text-anchor=\"end\" fill=\"#333\" class=\"chart-text\">\(label)</text>"
        }
        for tick in ChartTicks.dates(
            from: Int(days.lowerBound.rounded(.up)), to: Int(days.upperBound.rounded(.down)), maxCount: size.dateTicks)
        {
            let column = Self.pixel(x(Double(tick.day)))
            svg +=
                "<line x1=\"\(column)\" y1=\"\(Self.pixel(bottom))\" x2=\"\(column)\" y2=\"\(Self.pixel(bottom + 5))\" stroke=\"#333\" class=\"chart-axis\"/>"
            // The label's centre is kept half its width from the box's edges, so the first and last stay inside.
            let half = Double(tick.label.count) * Double(size.fontSize) * 0.31 + 2
            let labelX = Self.pixel(min(max(x(Double(tick.day)), half), size.width - half))
            svg +=
                "<text x=\"\(labelX)\" y=\"\(Self.pixel(bottom + 19))\" text-anchor=\"middle\" fill=\"#333\" class=\"chart-text\">\(tick.label)</text>"
        }
        svg += lines
        svg +=
            "<line x1=\"\(Int(left))\" y1=\"\(Self.pixel(bottom))\" x2=\"\(Self.pixel(left + plotWidth))\" y2=\"\(Self.pixel(bottom))\" stroke=\"#333\" class=\"chart-axis\"/>"
        return svg + markers + "</svg>"
    }

    /// A coordinate to a tenth of a pixel (`12.3`, `40.0`): the rounded value as Swift prints it, where a C format
    /// string cost more than the rest of a chart's drawing.
    public static func pixel(_ value: Double) -> String { "\((value * 10).rounded() / 10)" }
}
