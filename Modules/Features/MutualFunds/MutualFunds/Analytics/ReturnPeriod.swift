import Timing

/// The periods of the returns table. Periods are calendar periods counted back from the latest NAV date.
public enum ReturnPeriod: String, Sendable, Hashable, Codable, CaseIterable {
    /// 7 calendar days.
    case oneWeek = "1W"
    /// One calendar month.
    case oneMonth = "1M"
    /// Three calendar months.
    case threeMonths = "3M"
    /// Six calendar months.
    case sixMonths = "6M"
    /// One calendar year.
    case oneYear = "1Y"
    /// Three calendar years.
    case threeYears = "3Y"
    /// Five calendar years.
    case fiveYears = "5Y"
    /// Ten calendar years.
    case tenYears = "10Y"
    /// Since inception: from the first NAV.
    case sinceInception = "SI"

    /// The date the period starts when it ends on `end`; nil for since-inception, which starts at the first NAV.
    /// Month arithmetic clamps to the month's end (31 Mar − 1 month = 28/29 Feb).
    public func start(endingOn end: CalendarDate) -> CalendarDate? {
        switch self {
        case .oneWeek: end.adding(days: -7)
        case .oneMonth: end.adding(months: -1)
        case .threeMonths: end.adding(months: -3)
        case .sixMonths: end.adding(months: -6)
        case .oneYear: end.adding(years: -1)
        case .threeYears: end.adding(years: -3)
        case .fiveYears: end.adding(years: -5)
        case .tenYears: end.adding(years: -10)
        case .sinceInception: nil
        }
    }
}

/// How much history a chart, drawdown or comparison covers, counted back from the latest NAV date.
public enum HistoryRange: String, Sendable, Hashable, Codable, CaseIterable {
    /// One calendar month.
    case oneMonth = "1M"
    /// Six calendar months.
    case sixMonths = "6M"
    /// One calendar year.
    case oneYear = "1Y"
    /// Three calendar years.
    case threeYears = "3Y"
    /// Five calendar years.
    case fiveYears = "5Y"
    /// The whole history.
    case max = "MAX"

    /// Parses `1m`, `1Y`, `max` and so on, case-insensitively.
    public init?(text: String) {
        self.init(rawValue: text.uppercased())
    }

    /// The equivalent returns period (`MAX` is since inception).
    public var period: ReturnPeriod {
        switch self {
        case .oneMonth: .oneMonth
        case .sixMonths: .sixMonths
        case .oneYear: .oneYear
        case .threeYears: .threeYears
        case .fiveYears: .fiveYears
        case .max: .sinceInception
        }
    }
}
