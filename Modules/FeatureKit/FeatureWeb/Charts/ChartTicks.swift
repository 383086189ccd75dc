import Foundation
import Timing

/// Axis ticks people can read at a glance: values on 1-2-5 steps (10, 20, 50, 100…) and dates on whole months,
/// quarters or years, chosen by the span so that no more than a rendering's room of ticks are drawn.
public enum ChartTicks {
    /// At most about `count` round values covering `low...high`, and the axis range they span.
    public static func values(
        _ low: Double, _ high: Double, count: Int
    ) -> (range: ClosedRange<Double>, ticks: [Double]) {
        var low = low
        var high = high
        if !(high > low) {
            let pad = low == 0 ? 1 : abs(low) * 0.01
            low -= pad
            high += pad
        }
        let rough = (high - low) / Double(max(count - 1, 1))
        let exponent = Int(log10(rough).rounded(.down))
        let magnitude = pow(10, Double(exponent))
        let multiple = [1, 2, 5, 10].first { Double($0) * magnitude >= rough * 0.999 } ?? 10
        let step = Double(multiple) * magnitude
        // A tick is a whole number of steps, scaled by an exact power of ten: 0.3, never 0.30000000000000004.
        func tick(_ index: Int) -> Double {
            exponent < 0 ? Double(index * multiple) / pow(10, Double(-exponent)) : Double(index * multiple) * magnitude
        }
        let ticks = (Int((low / step).rounded(.down))...Int((high / step).rounded(.up))).map(tick)
        return (ticks[0]...ticks[ticks.count - 1], ticks)
    }

    /// Dates between day numbers `from` and `to` on a regular calendar step (days under two months, else 1, 2, 3
    /// or 6 months, then whole years), at most `maxCount` of them, with their labels (`5 Mar`, `Mar 2024`, `2024`).
    public static func dates(from: Int, to: Int, maxCount: Int) -> [(day: Int, label: String)] {
        let start = CalendarDate(dayNumber: from)
        let end = CalendarDate(dayNumber: to)
        let months = (end.year - start.year) * 12 + end.month - start.month
        if months < 2 {
            let step = [1, 2, 7, 14, 28].first { (to - from) / $0 + 1 <= maxCount } ?? 28
            return stride(from: from, through: to, by: step).map { day in
                let date = CalendarDate(dayNumber: day)
                return (day, "\(date.day) \(monthNames[date.month - 1])")
            }
        }
        let step = [1, 2, 3, 6, 12, 24, 60, 120, 240].first { months / $0 + 1 <= maxCount } ?? 240
        var result: [(day: Int, label: String)] = []
        // The first first-of-month on the step (January for yearly steps, so ticks fall on years people name).
        var date = CalendarDate(year: start.year, month: start.month, day: 1) ?? start
        if date.dayNumber < from { date = date.adding(months: 1) }
        while (step >= 12 ? (date.month != 1 || date.year % (step / 12) != 0) : (date.month - 1) % step != 0) {
            date = date.adding(months: 1)
        }
        while date.dayNumber <= to {
            result.append((date.dayNumber, step >= 12 ? "\(date.year)" : "\(monthNames[date.month - 1]) \(date.year)"))
            date = date.adding(months: step)
        }
        return result
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
