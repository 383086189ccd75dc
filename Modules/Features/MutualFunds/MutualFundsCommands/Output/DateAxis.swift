import FeatureKit
import Foundation

/// Terminal charts of dated values with an x axis whose labels never run together.
///
/// FeatureKit's line chart leaves one space between date labels, so `Sep 2023 Apr 2024` reads as one label; the
/// funds charts draw the plot with it and write their own label line: as many labels as fit with at least
/// ``gap`` spaces between them, under real NAV dates, the first and last always shown.
enum DateAxis {
    /// The fewest spaces between two labels.
    static let gap = 3

    /// The chart with the spaced axis.
    static func chart(
        series: [ChartSeries], height: Int, width: Int, style: Style, yLabel: @escaping @Sendable (Double) -> String
    ) -> String {
        let plot = LineChart(series: series, height: height, width: width, yLabel: yLabel, xLabel: { _ in "" })
        var lines = plot.render(style: style).components(separatedBy: "\n")
        guard let axis = lines.firstIndex(where: { $0.contains("└") }), axis + 1 < lines.count,
            let corner = lines[axis].firstIndex(of: "└")
        else { return lines.joined(separator: "\n") }
        let indent = TextWidth.of(String(lines[axis][..<corner])) + 1
        let xs = series.flatMap { $0.points.map(\.x) }
        lines[axis + 1] = String(repeating: " ", count: indent) + labels(xs, width: width)
        return lines.joined(separator: "\n")
    }

    /// The label line for x values `xs` over a plot `width` columns wide.
    static func labels(_ xs: [Double], width: Int) -> String {
        guard let minX = xs.min(), let maxX = xs.max() else { return "" }
        let span = maxX - minX
        let text = { (x: Double) in ChartScale.dateLabel(x, spanDays: span) }
        let labelWidth = text(maxX).count
        let count = max(2, (width + gap) / (labelWidth + gap))
        let ticks = ChartScale.xTicks(xs, maxCount: count)
        let lineWidth = width + labelWidth
        func start(_ tick: Double, _ label: String) -> Int {
            let fraction = maxX == minX ? 0 : (tick - minX) / (maxX - minX)
            let centre = Int((fraction * Double(width - 1)).rounded())
            return min(max(0, centre - label.count / 2), lineWidth - label.count)
        }
        let candidates = ticks.map { tick in (start: start(tick, text(tick)), label: text(tick)) }
        guard let first = candidates.first, let last = candidates.last else { return "" }
        var placed = [first]
        // The first and last dates always show; a label between them only with room on both sides.
        if candidates.count > 1, last.label != first.label, last.start >= first.start + first.label.count + gap {
            for candidate in candidates.dropFirst().dropLast() {
                let previous = placed[placed.count - 1]
                guard candidate.label != previous.label, candidate.label != last.label,
                    candidate.start >= previous.start + previous.label.count + gap,
                    candidate.start + candidate.label.count + gap <= last.start
                else { continue }
                placed.append(candidate)
            }
            placed.append(last)
        }
        var line = [Character](repeating: " ", count: lineWidth)
        for (position, label) in placed {
            for (offset, character) in label.enumerated() { line[position + offset] = character }
        }
        let end = line.lastIndex { $0 != " " }.map { $0 + 1 } ?? 0
        return String(line[..<end])
    }
}
