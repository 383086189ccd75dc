import Failures
import Timing

/// `report`: net worth per month or year end.
public struct ReportService: Sendable {
    private let dependencies: NetWorthDependencies

    /// Creates the service.
    public init(_ dependencies: NetWorthDependencies) {
        self.dependencies = dependencies
    }

    /// Rows from `start` (default the first counted update) to `end` (default today).
    /// - Throws: ``FolioError`` when `start` is after `end` (field `range`), or a counted balance needs a rate
    ///   that is not stored.
    public func report(
        _ period: ReportPeriod, from start: CalendarDate? = nil, to end: CalendarDate? = nil,
        inclusion: InclusionOverride = InclusionOverride()
    ) async throws -> NetWorthReport {
        try await periods(period, from: start, to: end, inclusion: inclusion).report
    }

    /// The report with the rows it was made from, whose changes keep their trend (good or bad news), for a face
    /// that draws them.
    /// - Throws: as ``report(_:from:to:inclusion:)``.
    public func periods(
        _ period: ReportPeriod, from start: CalendarDate? = nil, to end: CalendarDate? = nil,
        inclusion: InclusionOverride = InclusionOverride()
    ) async throws -> (periods: PeriodReport, report: NetWorthReport) {
        let end = end ?? dependencies.today
        if let start, start > end {
            throw FolioError(
                .usage, "the report range is empty", why: "it starts on \(start.iso8601), after its end \(end.iso8601)",
                field: "range")
        }
        var portfolio = try await dependencies.repository.portfolio()
        portfolio.inclusion = inclusion.resolve(portfolio.inclusion)
        let report: PeriodReport
        do {
            report = try portfolio.report(period: period, from: start, to: end)
        } catch {
            throw FolioError(error)
        }
        return (report, NetWorthReport(report, period: period, inclusion: portfolio.inclusion))
    }
}
