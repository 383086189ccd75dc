import FeatureKit
import Money
import Timing

/// Net worth over time from the books' recorded history, with today's figure as the last point: the trend of a
/// range and the changes over a day, a month and a year.
struct OverviewTrend {
    let history: [HouseholdPosition.Point]
    let today: CalendarDate
    /// Net worth now (linked accounts at their sources' current values); nil without books.
    let net: Amount?

    /// The recorded net worth on `date`: the latest point on or before it.
    func point(onOrBefore date: CalendarDate) -> HouseholdPosition.Point? {
        history.last { $0.date <= date }
    }

    /// The points from `start` (the value then carried to it, so the line starts at the range's edge) to today.
    func points(from start: CalendarDate?) throws(MoneyError) -> [OverviewReport.Point] {
        var points: [OverviewReport.Point] = []
        if let start, let carried = point(onOrBefore: start) {
            points.append(OverviewReport.Point(date: start, net: carried.net))
        }
        points += history.filter { point in (start.map { point.date > $0 } ?? true) && point.date < today }
            .map { OverviewReport.Point(date: $0.date, net: $0.net) }
        if let net {
            points.append(OverviewReport.Point(date: today, net: net))
        } else if let last = point(onOrBefore: today), last.date == today {
            points.append(OverviewReport.Point(date: today, net: last.net))
        }
        return points
    }

    /// The change today (since the last recorded day before today), over a month and over a year.
    func changes() throws(MoneyError) -> [OverviewReport.Change] {
        [("today", today.adding(days: -1)), ("1M", today.adding(months: -1)), ("1Y", today.adding(years: -1))].map {
            period, date in
            guard let net, let then = point(onOrBefore: date) else {
                return OverviewReport.Change(period: period, change: nil, fraction: nil, then: nil, since: nil)
            }
            let change = try? net - then.net
            let fraction = then.net.isZero ? nil : change.flatMap { try? $0.divided(by: then.net.magnitude, places: 4) }
            return OverviewReport.Change(
                period: period, change: change, fraction: fraction, then: then.net, since: then.date)
        }
    }
}
