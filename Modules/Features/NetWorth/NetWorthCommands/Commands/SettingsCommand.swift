import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import NetWorth
import Timing

/// `folio networth settings`
struct SettingsCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the saved pension/mortgage toggles and the base currency.",
        discussion: """
            The toggles apply to every command that values the portfolio unless it is given \
            --include-/--exclude-pension or --include-/--exclude-mortgage itself. Both are on by default; \
            the base currency is GBP by default. Rates are kept as stored; after the base currency changes, \
            a stored rate is used inverted (GBP→USD values USD→GBP), or crossed through a third currency.

            Examples:
              folio networth settings --exclude-pension
              folio networth settings --base-currency EUR --format json
            """)

    @OptionGroup var inclusion: InclusionOptions

    @Option(help: ArgumentHelp("The currency totals are reported in.", valueName: "code"), completion: .currencies)
    var baseCurrency: String?

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let service = RateService(services.dependencies)
        let changing = !inclusion.isEmpty || baseCurrency != nil
        let settings: NetWorthSettings
        if changing {
            // Validated here so a bad code reads as the option's error, not the form field's.
            let base = try baseCurrency.map { try CurrencyCode.validate($0) }
            settings = try await service.saveSettings(inclusion.override, baseCurrency: base)
        } else {
            settings = try await service.settings()
        }
        let row = SettingsRow(settings)
        try formatting.render(
            row, to: services.terminal, csv: { try CSVOutput.rows([row], columns: SettingsRow.columns) }
        ) {
            var lines = [
                "Pensions   \(settings.inclusion.includePensions ? "included" : "excluded")",
                "Mortgages  \(settings.inclusion.includeMortgages ? "included" : "excluded")",
                "Currency   \(settings.baseCurrency)",
            ]
            if changing { lines.insert("Saved.", at: 0) }
            return lines.joined(separator: "\n")
        }
        if changing, baseCurrency != nil { try await warnAboutRates(settings, in: services) }
    }

    private func warnAboutRates(_ settings: NetWorthSettings, in services: NetWorthServices) async throws {
        let portfolio = try await services.repository.portfolio()
        let missing = Set(
            portfolio.accounts.filter {
                !portfolio.rates.canConvert($0.currency)
            }
            .map(\.currency)
        ).sorted()
        if !missing.isEmpty {
            services.terminal.warn(
                "no rates into \(settings.baseCurrency) for \(missing.joined(separator: ", ")); set them with "
                    + "`folio networth rate set \(missing[0]) RATE --date YYYY-MM-DD`")
        }
    }
}
