import Money
import Timing

/// One published NAV: the calendar date in India it is for, and the value per unit in rupees.
public struct NAVPoint: Sendable, Hashable, Codable {
    /// The NAV date (a calendar date in India; weekends occur, e.g. financial-year end).
    public var date: CalendarDate
    /// The net asset value per unit, exact as published.
    public var nav: Amount

    /// Creates a point.
    public init(date: CalendarDate, nav: Amount) {
        self.date = date
        self.nav = nav
    }
}
