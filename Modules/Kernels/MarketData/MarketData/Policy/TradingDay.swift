import Foundation
import Timing

/// Which session's data a fetch at some moment can hold: the last weekday on or before that day in the
/// exchange's time zone. Stored bars are refreshed when this moves on, so a weekend asks nothing new.
/// Exchange holidays are not known here; on one, the bars are simply fetched again once.
public enum TradingDay {
    /// The trading day of `date` at the exchange in `timeZone`.
    public static func of(_ date: Date, in timeZone: TimeZone) -> CalendarDate {
        let day = CalendarDate(date, in: timeZone)
        switch day.weekday {
        case 6: return day.adding(days: -1)
        case 7: return day.adding(days: -2)
        default: return day
        }
    }

    /// The zone named `identifier`, or UTC when the name is unknown.
    public static func zone(_ identifier: String) -> TimeZone {
        TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)!
    }
}
