import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// `folio networth rate …`
struct RateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate",
        abstract: "Set, list and remove exchange rates into the base currency.",
        discussion: """
            A rate says how much one unit of a currency is worth in the base currency, from its date until \
            the next rate: `rate set USD 0.79 --date 2024-01-01` means $1 = £0.79 from that day.
              value = balance × the rate in force on the balance's date
            Without a stored rate into the base currency, the inverse of a stored rate out of it is used \
            (1 / rate), else a cross rate through a third currency when both legs are stored; the summary \
            says which.
            A balance dated before a currency's first rate cannot be valued: commands stop with an error \
            naming the currency rather than assume 1.

            Examples:
              folio networth rate set USD 0.79 --date 2024-01-01
              folio networth rate list USD
            """,
        subcommands: [RateSetCommand.self, RateListCommand.self, RateRemoveCommand.self])
}

/// `folio networth rate set CUR RATE [--date]`
struct RateSetCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set a currency's rate from a date on (replacing a rate of the same date).",
        discussion: """
            RATE = base-currency units per 1 unit of CURRENCY, greater than zero.

            Examples:
              folio networth rate set USD 0.79
              folio networth rate set EUR 0.8512 --date 2023-12-31
            """)

    @Argument(help: "The ISO 4217 currency code, e.g. USD.", completion: .currencies)
    var currency: String

    @Argument(help: "Base-currency units per 1 unit of the currency, e.g. 0.79.")
    var rate: String

    @Option(help: ArgumentHelp("The first day the rate is in force, YYYY-MM-DD (default today).", valueName: "date"))
    var date: String?

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let value = try Input.amount(rate, what: "rate", example: "0.79 or 1.2745")
        let day = try date.map { try Input.date($0, option: "--date") } ?? services.today
        let (set, replaced) = try await RateService(services.dependencies).set(currency, rate: value, on: day)
        var message = "Set 1 \(set.currency) = \(value) \(set.base) from \(day.iso8601)"
        if let replaced { message += " (was \(replaced.rate))" }
        services.terminal.print(message + ".")
    }
}

/// `folio networth rate list [CUR]`
struct RateListCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the exchange rates, oldest first.",
        discussion: """
            Each rate is in force from its date until the next rate of the same currency.

            Examples:
              folio networth rate list
              folio networth rate list USD --format csv
            """)

    @Argument(help: "Only this currency.", completion: .currencies)
    var currency: String?

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let code = try currency.map { try CurrencyCode.validate($0) }
        let listed = try await RateService(services.dependencies).list(code)
        let rows = listed.rates.map(RateRow.init)
        try formatting.render(rows: rows, columns: RateRow.columns, to: services.terminal) {
            guard !rows.isEmpty else {
                return "No \(code.map { "\($0) " } ?? "")rates into \(listed.base) yet. Set one with "
                    + "`folio networth rate set \(code ?? "USD") RATE --date YYYY-MM-DD`."
            }
            var table = TextTable(columns: [.text("CURRENCY"), .text("FROM"), .number("RATE")])
            for row in rows {
                table.append([
                    TextTable.Cell(row.currency), TextTable.Cell(row.date), TextTable.Cell("\(row.rate) \(row.base)"),
                ])
            }
            return table.render(style: services.style, maxWidth: formatting.tableWidth(on: services.terminal))
        }
    }
}

/// `folio networth rate remove CUR --date D`
struct RateRemoveCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove the rate of a currency dated --date.",
        discussion: """
            The previous rate (if any) is then in force until the next one.

            Examples:
              folio networth rate remove USD --date 2024-01-01
              folio networth rate list USD
            """)

    @Argument(help: "The ISO 4217 currency code.", completion: .currencies)
    var currency: String

    @Option(help: ArgumentHelp("The date of the rate to remove, YYYY-MM-DD.", valueName: "date"))
    var date: String

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let day = try Input.date(date, option: "--date")
        let removed = try await RateService(services.dependencies).remove(currency, on: day)
        services.terminal.print(
            "Removed the \(removed.currency) rate of \(removed.date.iso8601) (\(removed.rate) \(removed.base)).")
    }
}
