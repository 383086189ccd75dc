import ArgumentParser
import Caching
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Money
import MutualFunds
import Networking
import Persistence
import Timing

/// `folio funds history`: the NAVs between two dates, oldest first, for reading or export.
struct HistoryCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List a scheme's NAVs, oldest first (CSV or JSON for export).",
        discussion: """
            Dates are the NAV dates published (business days and some weekend dates); --from and --to are \
            inclusive. Malformed rows in the API's answer are skipped and counted on stderr. The table's CHANGE \
            column is each NAV / the previous NAV listed − 1.

            Examples:
              folio funds history 122639 --from 2024-01-01 --to 2024-03-31
              folio funds history 122639 --format csv --output ppfas.csv
            """
    )

    @Argument(help: "The scheme code, e.g. 122639.")
    var code: SchemeCode

    @Option(help: ArgumentHelp("The first date (YYYY-MM-DD), inclusive.", valueName: "date"))
    var from: ISODate?

    @Option(help: ArgumentHelp("The last date (YYYY-MM-DD), inclusive.", valueName: "date"))
    var to: ISODate?

    @OptionGroup var cache: CacheOptions
    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let start = try from?.date(for: "--from")
        let end = try to?.date(for: "--to")
        if let start, let end, start > end {
            throw FolioError(.usage, "--from \(start.iso8601) is after --to \(end.iso8601)")
        }
        let services = FundsServices(context: context)
        let cached = try await services.history(code: code.value, refresh: cache.refresh)
        services.warnIfStale(cached, what: "NAV history of \(code.value)")
        let history = cached.value
        if history.skippedRows > 0 {
            context.terminal.warn("\(history.skippedRows) malformed NAV rows from the API were skipped")
        }
        let points = history.points(from: start, to: end)
        try formatting.render(rows: NAVHistoryRow.rows(points), columns: NAVHistoryRow.columns, to: context.terminal) {
            guard !points.isEmpty else {
                let span = "\(history.points.first?.date.iso8601 ?? "?") to \(history.latest?.date.iso8601 ?? "?")"
                return "No NAVs of \(code.value) in that range; its history runs \(span)."
            }
            var previous: Amount?
            var rows: [[TextTable.Cell]] = []
            rows.reserveCapacity(points.count)
            for point in points {
                var change = TextTable.Cell("")
                if let previous, previous.isPositive, let ratio = point.nav.ratio(to: previous) {
                    let fraction = ratio - 1
                    change = FundsFormat.trendCell(fraction)
                }
                rows.append([TextTable.Cell(point.date.iso8601), TextTable.Cell(FundsFormat.nav(point.nav)), change])
                previous = point.nav
            }
            var text = TextTable(columns: [.text("DATE"), .number("NAV"), .number("CHANGE")], rows: rows)
                .render(style: context.style, maxWidth: formatting.tableWidth(on: context.terminal))
            text += context.style.dim(
                "\(points.count) NAVs of \(history.name) (\(history.code)); data as of "
                    + FundsFormat.asOf(cached.asOf, now: context.timing.now()) + (cached.isStale ? ", stale" : "") + "."
            )
            return text
        }
    }
}
