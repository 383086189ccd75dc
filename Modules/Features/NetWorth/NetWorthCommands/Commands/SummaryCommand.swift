import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// `folio networth summary`
struct SummaryCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Net worth, assets, debts, the change since the last update, and every account.",
        discussion: """
            net worth = Σ counted assets − Σ counted debts, each account at its latest balance on or before \
            the date, converted at the rate in force on that date: a stored rate to the base currency, else \
            the inverse of a stored rate from it (after the base currency changed), else a cross rate through \
            a third currency when both legs are stored; the summary says which was used.
            change since last update = total on the most recent update date (any account) − total on the \
            update date before it, each with every account's balance as of that date.
            Pensions and mortgages count unless excluded by the saved settings or by the flags here.
            A counted foreign account whose currency has no rate in force is left out of the totals and marked \
            (JSON: value null, unvaluedBecause names the missing rate); a warning on stderr says so, exit 0.

            Examples:
              folio networth summary
              folio networth summary --exclude-pension --exclude-mortgage --format json
            """)

    @OptionGroup var inclusion: InclusionOptions

    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp("Value the portfolio on this date (default today).", valueName: "date"))
    var asOf: String?

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let date = try asOf.map { try Input.date($0, option: "--as-of") }
        let summary = try await SummaryService(services.dependencies).summary(asOf: date, inclusion: inclusion.override)
        for warning in summary.warnings { services.terminal.warn(warning) }
        try formatting.render(
            summary, to: services.terminal,
            csv: { try CSVOutput.rows(summary.accounts, columns: SummaryAccount.columns) },
            table: {
                SummaryText(summary: summary, style: services.style).render(
                    width: formatting.tableWidth(on: services.terminal))
            })
    }
}

/// The summary as a terminal table.
private struct SummaryText {
    let summary: SummaryReport
    let style: Style

    var currency: String { summary.currency }

    func money(_ value: Amount) -> String { NumberFormat.money(value, currency: currency) }

    func render(width: Int) -> String {
        guard !summary.accounts.isEmpty else {
            return "No accounts yet. Add one with `folio networth accounts add --name NAME --type TYPE`, "
                + "or load example data with `folio networth sample`."
        }
        var out: [String] = []
        let labels = [
            ("Net worth", style.bold(money(summary.netWorth))), ("Assets", money(summary.assets)),
            ("Debts", money(summary.debts)),
        ]
        for (label, value) in labels {
            out.append(TextWidth.pad(label, to: 10, alignRight: false) + TextWidth.pad(value, to: 16, alignRight: true))
        }
        out[0] += "   as of \(summary.asOf.iso8601), \(currency)"
        if let change = summary.changeSinceLastUpdate {
            out.append("")
            out.append("Change since last update (\(change.previousDate.iso8601) → \(change.latestDate.iso8601)):")
            out.append("  Net worth  " + line(change.netWorth, isDebt: false))
            out.append("  Assets     " + line(change.assets, isDebt: false))
            out.append("  Debts      " + line(change.debts, isDebt: true))
        } else {
            out.append("")
            out.append("Change since last update: needs updates on two different dates.")
        }
        let inclusion = Inclusion(includePensions: summary.includePensions, includeMortgages: summary.includeMortgages)
        out.append(style.dim("Counting: \(inclusion.phrase)"))
        // A rate that is not stored into the base currency is derived; say how, so the figure can be checked.
        for conversion in summary.conversions where conversion.method != "direct" {
            out.append(style.dim("Rate used: \(conversion.explanation)"))
        }
        out.append("")
        var table = TextTable(columns: [
            .text("ACCOUNT", truncatable: true), .text("TYPE"), .text("UPDATED"), .number("VALUE (\(currency))"),
            .text("CHANGE SINCE LAST UPDATE"),
        ])
        for account in summary.accounts {
            let valueCell: TextTable.Cell
            if account.excludedBecause != nil {
                valueCell = TextTable.Cell("not counted", color: .gray)
            } else if account.unvaluedBecause != nil {
                valueCell = TextTable.Cell("no rate", color: .gray)
            } else if let value = account.value {
                valueCell = TextTable.Cell(account.debt ? "-" + money(value) : money(value))
            } else {
                valueCell = "—"
            }
            var name = account.name
            if let reason = account.excludedBecause { name += " (\(reason))" }
            let change = account.balance.flatMap { balance in
                account.previousBalance.flatMap { try? BalanceChange(from: $0, to: balance, isDebt: account.debt) }
            }
            table.append([
                TextTable.Cell(name), TextTable.Cell(account.type.rawValue),
                TextTable.Cell(account.sourceStatus == "live" ? "live" : account.lastUpdate?.iso8601 ?? "never"),
                valueCell,
                ChangeFormatting.cell(change, currency: account.currency, style: style),
            ])
        }
        table.footer = [["Net worth", "", "", TextTable.Cell(money(summary.netWorth)), ""]]
        out.append(table.render(style: style, maxWidth: width))
        out += summary.accounts.compactMap(SourceLine.text)
        return out.joined(separator: "\n")
    }

    private func line(_ change: ChangeReport, isDebt: Bool) -> String {
        ChangeFormatting.text(change.balanceChange(isDebt: isDebt), currency: currency, style: style)
    }
}
