import ArgumentParser
import ETFAnalyzer
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Money
import Timing

/// `folio etf list`: the saved portfolios.
struct ListCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the saved portfolios.",
        discussion: """
            INVESTED = Σ shares × purchase price over the portfolio's ETFs, in
            the prices' own currency.

            Examples:
              folio etf list
              folio etf list --format json
            """
    )

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let rows = try await ETFAnalyzerServices(context: context).analysis.list()
        try formatting.render(
            rows: rows, columns: ["name", "etfs", "invested", "savedAt", "source"], to: context.terminal
        ) {
            guard !rows.isEmpty else { return "No saved portfolios. Save one with `folio etf save NAME FILE`." }
            let table = TextTable(
                columns: [
                    .text("NAME"), .number("ETFS"), .number("INVESTED"), .text("SAVED"),
                    .text("SOURCE", truncatable: true),
                ],
                rows: rows.map { row in
                    [
                        .init(row.name), .init("\(row.etfs)"), .init(NumberFormat.decimal(row.invested)),
                        .init(CalendarDate(row.savedAt, in: .current).iso8601), .init(row.source),
                    ]
                })
            let style = formatting.output == nil ? context.style : Style(colorEnabled: false)
            return table.render(style: style, maxWidth: formatting.tableWidth(on: context.terminal))
        }
    }
}
