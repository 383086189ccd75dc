import Failures
import Money
import Timing

/// `chart`: the lines of an account's balance, or of net worth (with assets and debts when broken down), for
/// every face to draw the same picture.
public struct ChartService: Sendable {
    private let dependencies: NetWorthDependencies

    /// Creates the service.
    public init(_ dependencies: NetWorthDependencies) {
        self.dependencies = dependencies
    }

    /// `account`'s balance at each update, or (without one) net worth wherever a counted account was updated or a
    /// rate it uses changed; `breakdown` adds the assets and debts lines. Only points from `start` to `end`.
    /// - Throws: ``FolioError`` for an unknown account, `breakdown` with an account (field `breakdown`), `start`
    ///   after `end` (field `range`), or a counted balance without its rate.
    public func chart(
        account: String? = nil, from start: CalendarDate? = nil, to end: CalendarDate? = nil, breakdown: Bool = false,
        inclusion: InclusionOverride = InclusionOverride()
    ) async throws -> ChartLines {
        if let start, let end, start > end {
            throw FolioError(
                .usage, "the chart range is empty", why: "it starts on \(start.iso8601), after its end \(end.iso8601)",
                field: "range")
        }
        if breakdown, account != nil {
            throw FolioError(
                .usage, "the breakdown is for the net worth chart", hint: "chart net worth, or drop the breakdown",
                field: "breakdown")
        }
        func inRange(_ date: CalendarDate) -> Bool {
            (start.map { date >= $0 } ?? true) && (end.map { date <= $0 } ?? true)
        }
        do {
            if let account {
                let found = try await dependencies.repository.account(named: account)
                let points = found.updates.filter { inRange($0.date) }.map {
                    ChartLines.Point(date: $0.date, value: $0.amount)
                }
                return ChartLines(
                    title: "\(found.name) (\(found.currency))", currency: found.currency,
                    lines: [ChartLines.Line(name: found.name, points: points)])
            }
            var portfolio = try await dependencies.repository.portfolio()
            portfolio.inclusion = inclusion.resolve(portfolio.inclusion)
            let values = try portfolio.netWorthSeries(from: start, to: end)
            func line(_ name: String, _ pick: (Totals) -> Amount) -> ChartLines.Line {
                ChartLines.Line(
                    name: name, points: values.map { ChartLines.Point(date: $0.date, value: pick($0.totals)) })
            }
            var lines = [line("Net worth", \.netWorth)]
            if breakdown { lines += [line("Assets", \.assets), line("Debts", \.debts)] }
            return ChartLines(
                title: "Net worth (\(portfolio.baseCurrency); \(portfolio.inclusion.phrase))",
                currency: portfolio.baseCurrency, lines: lines)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }
}

/// What a chart draws: its title, the currency of its values and one or more dated lines.
public struct ChartLines: Sendable, Equatable {
    /// One dated value.
    public struct Point: Sendable, Equatable {
        /// The day.
        public var date: CalendarDate
        /// The value on that day, in ``ChartLines/currency``.
        public var value: Amount
    }

    /// One named line.
    public struct Line: Sendable, Equatable {
        /// The legend's name.
        public var name: String
        /// The points, oldest first.
        public var points: [Point]
    }

    /// `Net worth (GBP; pensions included · mortgages included)` or `Monzo (GBP)`.
    public var title: String
    /// The currency of every value.
    public var currency: String
    /// The lines, net worth (or the account) first.
    public var lines: [Line]

    /// Whether any line has a point to draw.
    public var isEmpty: Bool { lines.allSatisfy(\.points.isEmpty) }
}
