import Failures
import Timing

/// How far back the overview's trend reaches: the range buttons of `/` and `folio overview --range`.
public enum OverviewRange: String, Sendable, Hashable, Codable, CaseIterable {
    /// One month.
    case oneMonth = "1M"
    /// Six months.
    case sixMonths = "6M"
    /// One year (the default).
    case oneYear = "1Y"
    /// Five years.
    case fiveYears = "5Y"
    /// Everything recorded.
    case max = "Max"

    /// Reads a range as typed (`1m`, `1Y`, `max`).
    /// - Throws: ``FolioError`` (invalid, field `range`) for any other word.
    public init(parsing text: String) throws(FolioError) {
        guard let range = Self.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
            throw FolioError(
                .invalid, "\"\(text)\" is not a range", why: "a range is 1M, 6M, 1Y, 5Y or Max", field: "range")
        }
        self = range
    }

    /// The first day the trend shows, counted back from `today`; nil for everything.
    public func start(before today: CalendarDate) -> CalendarDate? {
        switch self {
        case .oneMonth: today.adding(months: -1)
        case .sixMonths: today.adding(months: -6)
        case .oneYear: today.adding(years: -1)
        case .fiveYears: today.adding(years: -5)
        case .max: nil
        }
    }
}
