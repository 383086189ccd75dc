import Foundation

/// A line chart as a standalone SVG document, with the same scale rules as the terminal chart.
public struct SVGChart: Sendable {
    /// The lines to draw.
    public var series: [ChartSeries]
    /// The title at the top.
    public var title: String
    /// Formats y axis values.
    public var yLabel: @Sendable (Double) -> String
    /// Formats x axis values.
    public var xLabel: @Sendable (Double) -> String
    /// The image width in pixels.
    public var width: Int
    /// The image height in pixels.
    public var height: Int

    /// Creates a chart.
    public init(
        series: [ChartSeries], title: String, width: Int = 900, height: Int = 420,
        yLabel: @escaping @Sendable (Double) -> String, xLabel: @escaping @Sendable (Double) -> String
    ) {
        self.series = series
        self.title = title
        self.width = width
        self.height = height
        self.yLabel = yLabel
        self.xLabel = xLabel
    }

    /// A chart of dated values with year-carrying date labels.
    public static func dated(
        series: [ChartSeries], title: String, yLabel: @escaping @Sendable (Double) -> String
    )
        -> SVGChart
    {
        let xs = series.flatMap { $0.points.map(\.x) }
        let span = (xs.max() ?? 0) - (xs.min() ?? 0)
        return SVGChart(
            series: series, title: title, yLabel: yLabel, xLabel: { ChartScale.dateLabel($0, spanDays: span) })
    }

    private static let colors = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"]

    /// The SVG document.
    public func render() -> String {
        let points = series.flatMap(\.points)
        let left = 90.0
        let right = 30.0
        let top = 50.0
        let bottom = 60.0
        let plotWidth = Double(width) - left - right
        let plotHeight = Double(height) - top - bottom
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Int(left))" y="28" font-size="16" font-weight="bold">\(Self.escape(title))</text>

            """
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max() else {
            return svg + "<text x=\"\(Int(left))\" y=\"\(Int(top + 20))\">No data</text>\n</svg>\n"
        }
        let range = ChartScale.yRange(points.map(\.y))
        func px(_ x: Double) -> Double { left + (maxX == minX ? 0.5 : (x - minX) / (maxX - minX)) * plotWidth }
        func py(_ y: Double) -> Double {
            top + plotHeight - (y - range.lowerBound) / (range.upperBound - range.lowerBound) * plotHeight
        }
        for step in 0...4 {
            let value = range.lowerBound + Double(step) / 4 * (range.upperBound - range.lowerBound)
            let y = py(value)
            svg +=
                "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y))\" stroke=\"#e5e5e5\"/>\n"
            svg +=
                "<text x=\"\(f(left - 8))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(Self.escape(yLabel(value)))</text>\n"
        }
        for tick in ChartScale.xTicks(points.map(\.x), maxCount: 8) {
            let x = px(tick)
            svg +=
                "<line x1=\"\(f(x))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(x))\" y2=\"\(f(top + plotHeight + 5))\" stroke=\"#333\"/>\n"
            svg +=
                "<text x=\"\(f(x))\" y=\"\(f(top + plotHeight + 20))\" text-anchor=\"middle\">\(Self.escape(xLabel(tick)))</text>\n"
        }
        svg +=
            "<line x1=\"\(f(left))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(top + plotHeight))\" stroke=\"#333\"/>\n"
        svg +=
            "<line x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left))\" y2=\"\(f(top + plotHeight))\" stroke=\"#333\"/>\n"
        for (index, line) in series.enumerated() {
            let color = Self.colors[index % Self.colors.count]
            let path = line.points.map { "\(tenths(px($0.x))),\(tenths(py($0.y)))" }.joined(separator: " ")
            svg +=
                "<polyline transform=\"scale(0.1)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"18\" points=\"\(path)\"/>\n"
            let legendY = Double(height) - 18
            let legendX = left + Double(index) * 180
            svg += "<rect x=\"\(f(legendX))\" y=\"\(f(legendY - 9))\" width=\"14\" height=\"4\" fill=\"\(color)\"/>\n"
            svg += "<text x=\"\(f(legendX + 20))\" y=\"\(f(legendY - 4))\">\(Self.escape(line.name))</text>\n"
        }
        return svg + "</svg>\n"
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A coordinate in tenths of a pixel, for a line drawn at `scale(0.1)`: integers print without a C format
    /// string, which for a fund's 6,532 coordinates was a sixth of its page's cost.
    private func tenths(_ value: Double) -> Int { Int((value * 10).rounded()) }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
