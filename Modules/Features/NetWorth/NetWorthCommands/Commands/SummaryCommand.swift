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
        let date = try asOf.map { try Input.date($0, option: "--as-of") } ?? services.today
        let saved = try await services.repository.portfolio()
        var portfolio = saved.asOf(date)
        portfolio.inclusion = inclusion.resolve(saved.inclusion)
        let summary = try Summary(portfolio: portfolio, date: date)
        switch formatting.format {
        case .json: try formatting.emit(JSONOutput.string(try summary.json), to: services.terminal)
        case .csv:
            try formatting.emit(
                CSVOutput.rows(try summary.json.accounts, columns: SummaryAccountRow.columns), to: services.terminal)
        case .table:
            try formatting.emit(
                try summary.text(style: services.style, width: services.tableWidth(formatting)),
                to: services.terminal)
        }
    }
}

/// The summary's numbers, worked out once for every output format.
private struct Summary {
    let portfolio: Portfolio
    let date: CalendarDate
    let totals: Totals
    let change: PortfolioChange?
    let lines: [Line]
    /// How each counted foreign currency was converted on `date`.
    let conversions: [Conversion]

    struct Line {
        var account: Account
        var value: Amount?
        var excludedBecause: String?
    }

    init(portfolio: Portfolio, date: CalendarDate) throws {
        self.portfolio = portfolio
        self.date = date
        totals = try portfolio.totals(on: date)
        change = try portfolio.changeSinceLastUpdate(asOf: date)
        lines = try portfolio.accounts.map { account in
            let reason = portfolio.inclusion.exclusionReason(account)
            return Line(
                account: account, value: reason == nil ? try portfolio.value(of: account, on: date) : nil,
                excludedBecause: reason)
        }
        let foreign = Set(
            lines.filter { $0.value != nil && $0.account.currency != portfolio.baseCurrency }.map(\.account.currency))
        conversions = foreign.sorted().compactMap { portfolio.rates.conversion(for: $0, on: date) }
    }

    var currency: String { portfolio.baseCurrency }

    func money(_ value: Amount) -> String { NumberFormat.money(value, currency: currency) }

    func text(style: Style, width: Int) throws -> String {
        guard !portfolio.accounts.isEmpty else {
            return "No accounts yet. Add one with `folio networth accounts add --name NAME --type TYPE`, "
                + "or load example data with `folio networth sample`."
        }
        var out: [String] = []
        let labels = [
            ("Net worth", style.bold(money(totals.netWorth))), ("Assets", money(totals.assets)),
            ("Debts", money(totals.debts)),
        ]
        for (label, value) in labels {
            out.append(TextWidth.pad(label, to: 10, alignRight: false) + TextWidth.pad(value, to: 16, alignRight: true))
        }
        out[0] += "   as of \(date.iso8601), \(currency)"
        if let change {
            out.append("")
            out.append("Change since last update (\(change.previousDate.iso8601) → \(change.latestDate.iso8601)):")
            out.append("  Net worth  " + ChangeFormatting.text(change.netWorth, currency: currency, style: style))
            out.append("  Assets     " + ChangeFormatting.text(change.assets, currency: currency, style: style))
            out.append("  Debts      " + ChangeFormatting.text(change.debts, currency: currency, style: style))
        } else {
            out.append("")
            out.append("Change since last update: needs updates on two different dates.")
        }
        out.append(style.dim("Counting: \(portfolio.inclusion.phrase)"))
        // A rate that is not stored into the base currency is derived; say how, so the figure can be checked.
        for conversion in conversions where conversion.method != "direct" {
            out.append(style.dim("Rate used: \(conversion.explanation)"))
        }
        out.append("")
        var table = TextTable(columns: [
            .text("ACCOUNT", truncatable: true), .text("TYPE"), .text("UPDATED"), .number("VALUE (\(currency))"),
            .text("CHANGE SINCE LAST UPDATE"),
        ])
        for line in lines {
            let account = line.account
            let valueCell: TextTable.Cell
            if line.excludedBecause != nil {
                valueCell = TextTable.Cell("not counted", color: .gray)
            } else if let value = line.value {
                valueCell = TextTable.Cell(account.type.isDebt ? "-" + money(value) : money(value))
            } else {
                valueCell = "—"
            }
            var name = account.name
            if let reason = line.excludedBecause { name += " (\(reason))" }
            table.append([
                TextTable.Cell(name), TextTable.Cell(account.type.rawValue),
                TextTable.Cell(account.latestUpdate?.date.iso8601 ?? "never"), valueCell,
                ChangeFormatting.cell(try account.changeSinceLastUpdate, currency: account.currency, style: style),
            ])
        }
        table.footer = [["Net worth", "", "", TextTable.Cell(money(totals.netWorth)), ""]]
        out.append(table.render(style: style, maxWidth: width))
        return out.joined(separator: "\n")
    }

    var json: SummaryJSON {
        get throws {
            try jsonValue()
        }
    }

    private func jsonValue() throws -> SummaryJSON {
        SummaryJSON(
            asOf: date.iso8601, currency: currency, includePensions: portfolio.inclusion.includePensions,
            includeMortgages: portfolio.inclusion.includeMortgages, netWorth: totals.netWorth, assets: totals.assets,
            debts: totals.debts, changeSinceLastUpdate: change.map(PortfolioChangeJSON.init),
            accounts: try lines.map(SummaryAccountRow.init), conversions: conversions.map(ConversionJSON.init))
    }
}

/// `summary --format json`.
private struct SummaryJSON: Encodable {
    var asOf: String
    var currency: String
    var includePensions: Bool
    var includeMortgages: Bool
    var netWorth: Amount
    var assets: Amount
    var debts: Amount
    @NullEncodable var changeSinceLastUpdate: PortfolioChangeJSON?
    var accounts: [SummaryAccountRow]
    var conversions: [ConversionJSON]
}

/// How a foreign currency was converted into the base currency on the summary's date.
private struct ConversionJSON: Encodable {
    var currency: String
    /// `direct`, `inverse` or `cross`.
    var method: String
    @NullEncodable var via: String?
    /// Base units per unit of `currency`, to six places.
    var rate: Amount
    var explanation: String

    init(_ conversion: Conversion) {
        currency = conversion.currency
        method = conversion.method
        via = conversion.via
        rate = conversion.effectiveRate
        explanation = conversion.explanation
    }
}

/// The portfolio change as JSON.
private struct PortfolioChangeJSON: Encodable {
    var latestDate: String
    var previousDate: String
    var netWorth: ChangeJSON
    var assets: ChangeJSON
    var debts: ChangeJSON

    init(_ change: PortfolioChange) {
        latestDate = change.latestDate.iso8601
        previousDate = change.previousDate.iso8601
        netWorth = ChangeJSON(change.netWorth)
        assets = ChangeJSON(change.assets)
        debts = ChangeJSON(change.debts)
    }
}

/// One account of the summary as JSON and CSV.
private struct SummaryAccountRow: Encodable {
    var name: String
    var type: String
    var debt: Bool
    var currency: String
    var counted: Bool
    @NullEncodable var excludedBecause: String?
    @NullEncodable var balance: Amount?
    @NullEncodable var value: Amount?
    @NullEncodable var lastUpdate: String?
    @NullEncodable var previousBalance: Amount?
    @NullEncodable var change: Amount?
    @NullEncodable var changePercent: Amount?
    @NullEncodable var trend: String?

    static let columns = [
        "name", "type", "debt", "currency", "counted", "excludedBecause", "balance", "value", "lastUpdate",
        "previousBalance", "change", "changePercent", "trend",
    ]

    init(_ line: Summary.Line) throws {
        let account = line.account
        name = account.name
        type = account.type.rawValue
        debt = account.type.isDebt
        currency = account.currency
        counted = line.excludedBecause == nil
        excludedBecause = line.excludedBecause
        balance = account.latestUpdate?.amount
        value = line.value
        lastUpdate = account.latestUpdate?.date.iso8601
        previousBalance = account.previousUpdate?.amount
        let change = try account.changeSinceLastUpdate
        self.change = change?.amount
        changePercent = change?.fraction.map(Rounding.fraction)
        trend = change?.trend.rawValue
    }
}
