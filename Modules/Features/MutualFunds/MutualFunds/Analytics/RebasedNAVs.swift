/// Schemes' NAVs over a common period, each divided by its NAV on the period's first day and times 100: what
/// ₹100 invested in each on that day became. The period is the latest of the schemes' range starts to the
/// earliest of their latest NAVs, so every line starts at 100 on the same day.
public struct RebasedNAVs: Sendable, Hashable {
    /// One scheme's line.
    public struct Line: Sendable, Hashable {
        /// The scheme code.
        public var code: Int
        /// The scheme's name.
        public var name: String
        /// Day numbers, increasing; the first is the common start.
        public var days: [Int]
        /// The value of ₹100 on each day.
        public var values: [Double]
    }

    /// The lines, in the order of the histories.
    public var lines: [Line]

    /// The lines of `histories` over `range`, or nil when their NAVs share no period (or one has none).
    public init?(_ histories: [NAVHistory], range: HistoryRange) {
        let spans = histories.compactMap { history -> (Int, Int)? in
            guard let last = history.series.days.last else { return nil }
            return (history.series.days[Coverage(history.series).span(of: range.period).start], last)
        }
        guard spans.count == histories.count, let start = spans.map(\.0).max(), let end = spans.map(\.1).min(),
            start < end
        else { return nil }
        lines = histories.map { history in
            let series = history.series
            let first = series.index(onOrBefore: start) ?? 0
            let base = series.values[first]
            let indices = (first..<series.count).prefix { series.days[$0] <= end }
            return Line(
                code: history.code, name: history.name, days: indices.map { max(series.days[$0], start) },
                values: indices.map { series.values[$0] / base * 100 })
        }
    }
}
