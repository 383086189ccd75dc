import Foundation

/// A line chart drawn in the terminal with Braille dots (2×4 per character cell), y labels on the left and
/// x labels under real data points.
public struct LineChart: Sendable {
    /// The lines to draw.
    public var series: [ChartSeries]
    /// Plot height in text rows.
    public var height: Int
    /// Plot width in text columns (excluding the y labels).
    public var width: Int
    /// Formats a y value for the axis.
    public var yLabel: @Sendable (Double) -> String
    /// Formats an x value for the axis.
    public var xLabel: @Sendable (Double) -> String

    /// Creates a chart.
    public init(
        series: [ChartSeries], height: Int = 12, width: Int = 60,
        yLabel: @escaping @Sendable (Double) -> String = { String(format: "%.2f", $0) },
        xLabel: @escaping @Sendable (Double) -> String = { String(format: "%.0f", $0) }
    ) {
        self.series = series
        self.height = max(3, height)
        self.width = max(10, width)
        self.yLabel = yLabel
        self.xLabel = xLabel
    }

    /// A chart of dated values whose x labels are dates carrying the year.
    public static func dated(
        series: [ChartSeries], height: Int = 12, width: Int = 60,
        yLabel: @escaping @Sendable (Double) -> String
    ) -> LineChart {
        let xs = series.flatMap { $0.points.map(\.x) }
        let span = (xs.max() ?? 0) - (xs.min() ?? 0)
        return LineChart(
            series: series, height: height, width: width, yLabel: yLabel,
            xLabel: { ChartScale.dateLabel($0, spanDays: span) })
    }

    private static let colors: [Style.Color] = [.cyan, .yellow, .magenta, .green, .blue, .red]

    /// The chart as text lines; "no data" when every series is empty.
    public func render(style: Style) -> String {
        let points = series.flatMap(\.points)
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max() else { return "(no data to chart)\n" }
        let range = ChartScale.yRange(points.map(\.y))
        let dotsWide = width * 2
        let dotsHigh = height * 4
        var cells = [[UInt8]](repeating: [UInt8](repeating: 0, count: width), count: height)
        var owner = [[Int]](repeating: [Int](repeating: -1, count: width), count: height)
        func dot(_ x: Int, _ y: Int, series index: Int) {
            guard x >= 0, x < dotsWide, y >= 0, y < dotsHigh else { return }
            let row = (dotsHigh - 1 - y) / 4
            let subRow = (dotsHigh - 1 - y) % 4
            let column = x / 2
            let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
            cells[row][column] |= bits[subRow][x % 2]
            owner[row][column] = index
        }
        func position(_ point: ChartPoint) -> (Int, Int) {
            let fx = maxX == minX ? 0.5 : (point.x - minX) / (maxX - minX)
            let fy = (point.y - range.lowerBound) / (range.upperBound - range.lowerBound)
            return (Int((fx * Double(dotsWide - 1)).rounded()), Int((fy * Double(dotsHigh - 1)).rounded()))
        }
        for (index, line) in series.enumerated() {
            var previous: (Int, Int)?
            for point in line.points {
                let current = position(point)
                if let previous { Self.segment(from: previous, to: current) { dot($0, $1, series: index) } }
                dot(current.0, current.1, series: index)
                previous = current
            }
        }
        let labels = (0..<height).map { row -> String in
            guard row == 0 || row == height - 1 || row == height / 2 else { return "" }
            let fraction = 1 - (Double(row) + 0.5) / Double(height)
            return yLabel(range.lowerBound + fraction * (range.upperBound - range.lowerBound))
        }
        let labelWidth = labels.map(TextWidth.of).max() ?? 0
        var lines: [String] = []
        for row in 0..<height {
            var text = TextWidth.pad(labels[row], to: labelWidth, alignRight: true) + " ┤"
            for column in 0..<width {
                let glyph = String(UnicodeScalar(0x2800 + UInt32(cells[row][column]))!)
                let index = owner[row][column]
                text +=
                    index >= 0 && series.count > 1
                    ? style.apply(Self.colors[index % Self.colors.count], glyph)
                    : index >= 0 ? style.apply(.cyan, glyph) : glyph
            }
            lines.append(text)
        }
        lines.append(String(repeating: " ", count: labelWidth) + " └" + String(repeating: "─", count: width))
        lines.append(String(repeating: " ", count: labelWidth + 2) + xAxisLabels(minX: minX, maxX: maxX))
        if series.count > 1 {
            lines.append(
                series.enumerated().map {
                    style.apply(Self.colors[$0.offset % Self.colors.count], "━ " + $0.element.name)
                }
                .joined(separator: "   "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func xAxisLabels(minX: Double, maxX: Double) -> String {
        let xs = series.flatMap { $0.points.map(\.x) }
        let sampleWidth = TextWidth.of(xLabel(maxX)) + 2
        let ticks = ChartScale.xTicks(xs, maxCount: max(2, width / max(1, sampleWidth)))
        var line = [Character](repeating: " ", count: width + sampleWidth)
        var nextFree = 0
        for tick in ticks {
            let fx = maxX == minX ? 0 : (tick - minX) / (maxX - minX)
            let label = Array(xLabel(tick))
            var start = Int((fx * Double(width - 1)).rounded()) - label.count / 2
            start = max(start, 0)
            start = min(start, line.count - label.count)
            guard start >= nextFree else { continue }
            for (offset, character) in label.enumerated() { line[start + offset] = character }
            nextFree = start + label.count + 1
        }
        // Trimmed by hand: a regular expression here built ICU's regex tables, an eighth of `funds show`.
        let end = line.lastIndex { !$0.isWhitespace }.map { $0 + 1 } ?? 0
        return String(line[..<end])
    }

    /// Bresenham's line between two dots.
    private static func segment(from start: (Int, Int), to end: (Int, Int), plot: (Int, Int) -> Void) {
        var (x0, y0) = start
        let (x1, y1) = end
        let dx = abs(x1 - x0)
        let dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1
        let sy = y0 < y1 ? 1 : -1
        var error = dx + dy
        while true {
            plot(x0, y0)
            if x0 == x1 && y0 == y1 { break }
            let e2 = 2 * error
            if e2 >= dy {
                error += dy
                x0 += sx
            }
            if e2 <= dx {
                error += dx
                y0 += sy
            }
        }
    }
}

/// A one-line chart: `▁▂▄▆█▇▅`, each character the mean of its share of the values.
public enum Sparkline {
    private static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The sparkline of `values`, at most `width` characters wide.
    public static func render(_ values: [Double], width: Int = 20) -> String {
        let finite = values.filter(\.isFinite)
        guard !finite.isEmpty, width > 0 else { return "" }
        let buckets: [Double]
        if finite.count <= width {
            buckets = finite
        } else {
            buckets = (0..<width).map { index in
                let start = index * finite.count / width
                let end = max(start + 1, (index + 1) * finite.count / width)
                let slice = finite[start..<end]
                return slice.reduce(0, +) / Double(slice.count)
            }
        }
        guard let low = buckets.min(), let high = buckets.max(), high > low else {
            return String(repeating: bars[3], count: buckets.count)
        }
        return String(buckets.map { bars[min(7, Int(((($0 - low) / (high - low)) * 7).rounded()))] })
    }
}
