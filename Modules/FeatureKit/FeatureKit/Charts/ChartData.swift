import Timing

/// One point of a chart series: x is any increasing number (a day number for dates), y the value.
public struct ChartPoint: Sendable, Hashable {
    /// The position along the x axis.
    public var x: Double
    /// The value.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// A point at a calendar date.
    public init(date: CalendarDate, y: Double) {
        self.init(x: Double(date.dayNumber), y: y)
    }
}

/// A named line.
public struct ChartSeries: Sendable {
    /// The legend label.
    public var name: String
    /// The points, in increasing x.
    public var points: [ChartPoint]

    /// Creates a series; points are sorted by x.
    public init(name: String, points: [ChartPoint]) {
        self.name = name
        self.points = points.sorted { $0.x < $1.x }
    }
}

/// The axis decisions shared by the terminal and SVG charts, so both show the same picture.
public enum ChartScale {
    /// The y range of the data widened by `padding` of its span on each side (not from zero, so small moves
    /// stay visible); a flat line gets ±1 % of its value (or ±1 at zero).
    public static func yRange(_ values: [Double], padding: Double = 0.1) -> ClosedRange<Double> {
        guard let low = values.min(), let high = values.max() else { return 0...1 }
        let span = high - low
        if span == 0 {
            let pad = low == 0 ? 1 : abs(low) * 0.01
            return (low - pad)...(high + pad)
        }
        return (low - span * padding)...(high + span * padding)
    }

    /// Up to `maxCount` x positions taken from the real data points (never invented between them), spread
    /// evenly, always including the first and last.
    public static func xTicks(_ xs: [Double], maxCount: Int) -> [Double] {
        let unique = Array(Set(xs)).sorted()
        guard unique.count > maxCount, maxCount >= 2 else { return unique }
        let step = Double(unique.count - 1) / Double(maxCount - 1)
        return (0..<maxCount).map { unique[Int((Double($0) * step).rounded())] }
    }

    /// A date label that always carries the year: `Mar 2024`; `2024-03-15` when the range is under two months.
    public static func dateLabel(_ x: Double, spanDays: Double) -> String {
        let date = CalendarDate(dayNumber: Int(x.rounded()))
        if spanDays < 62 { return date.iso8601 }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(months[date.month - 1]) \(date.year)"
    }
}
