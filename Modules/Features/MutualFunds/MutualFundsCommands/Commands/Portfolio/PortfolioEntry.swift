import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Money
import MutualFunds
import MutualFundsPortfolio

/// `folio funds portfolio add`.
struct PortfolioAdd: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Record a purchase made outside any statement.",
        discussion: """
            Units = amount / NAV, rounded to 3 decimals as AMCs allot them; the NAV is --nav or the scheme's NAV \
            on --date (the next one published when the date has none). With --units instead of --amount, the \
            amount is units × NAV rounded to the paisa. The folio is "manual" unless --folio names one.

            Examples:
              folio funds portfolio add 122639 --amount 5000 --date 2024-01-10
              folio funds portfolio add 122639 --units 52.3 --nav 71.1010 --date 2024-01-10 --folio 1234567
            """
    )

    @OptionGroup var entry: EntryOptions

    func run(in context: FeatureContext) async throws {
        try await entry.record(.buy, in: context)
    }
}

/// `folio funds portfolio sell`.
struct PortfolioSell: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "sell",
        abstract: "Record a redemption made outside any statement.",
        discussion: """
            Give --units, or --amount (units = amount / NAV, rounded to 3 decimals). Refused when the folio holds \
            fewer units.

            Examples:
              folio funds portfolio sell 122639 --units 10 --date 2024-06-03
              folio funds portfolio sell 122639 --amount 20000 --date 2024-06-03 --nav 75.2
            """
    )

    @OptionGroup var entry: EntryOptions

    func run(in context: FeatureContext) async throws {
        try await entry.record(.sell, in: context)
    }
}

/// What `add` and `sell` take.
struct EntryOptions: ParsableArguments, Sendable {
    @Argument(help: "The scheme code, e.g. 122639.")
    var code: SchemeCode

    @Option(help: ArgumentHelp("Rupees.", valueName: "rupees"))
    var amount: String?

    @Option(help: ArgumentHelp("Units.", valueName: "units"))
    var units: String?

    @Option(help: ArgumentHelp("The NAV it was made at (default: the scheme's NAV of --date).", valueName: "nav"))
    var nav: String?

    @Option(help: ArgumentHelp("The date (YYYY-MM-DD).", valueName: "date"))
    var date: ISODate

    @Option(help: ArgumentHelp("The folio number (default: manual).", valueName: "folio"))
    var folio: String = "manual"

    @OptionGroup var formatting: FormatOptions

    func record(_ side: ManualEntry.Side, in context: FeatureContext) async throws {
        let entry = ManualEntry(
            side: side, code: code.value, date: try date.date(for: "--date"),
            amount: try ManualEntry.figure(amount, field: "amount", named: "--amount"),
            units: try ManualEntry.figure(units, field: "units", named: "--units"),
            nav: try ManualEntry.figure(nav, field: "nav", named: "--nav"), folio: folio)
        let services = FundsServices(context: context)
        let row = try await services.portfolio().addManual(entry, mode: try services.mode(refresh: false))
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(row), to: context.terminal)
        case .csv: try formatting.emit(try CSVOutput.rows([row], columns: TransactionRow.columns), to: context.terminal)
        case .table:
            try formatting.emit(
                "Recorded \(row.units?.plainText ?? "") units of \(row.scheme) at NAV \(row.nav?.plainText ?? "") on "
                    + "\(row.date) (\(row.amount.map(FundsFormat.money) ?? "")) in folio \(row.folio); id \(row.id).",
                to: context.terminal)
        }
    }
}
