/// A report with the prices it was valued at, so a face can say whether they are current (the report is
/// what `--format json` prints; the prices' age and failure are for warnings beside it).
public struct Priced<Report: Sendable>: Sendable {
    /// The report.
    public var report: Report
    /// The quotes used: their source, age, staleness and the failure that made them stale.
    public var quotes: QuoteSet

    /// Pairs a report with its quotes.
    public init(report: Report, quotes: QuoteSet) {
        self.report = report
        self.quotes = quotes
    }
}
