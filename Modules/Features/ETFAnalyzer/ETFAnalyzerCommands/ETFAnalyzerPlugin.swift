import ArgumentParser
import FeatureCLI
import FeatureKit

/// The `etf` plug-in: ETF portfolio returns net of expenses, yield income, annualized and weighted figures.
public enum ETFAnalyzerPlugin {
    /// What the host registers.
    public static let descriptor = FeatureDescriptor(
        id: "etf",
        summary: ETFCommand.configuration.abstract,
        requirements: [.persistence, .timing, .marketData],
        command: ETFCommand.self
    ).contributing(valueSources: ETFValueSources.kinds)
}

/// `folio etf`: the feature's root; its subcommands do the work.
struct ETFCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "etf",
        abstract: "Analyze an ETF portfolio: returns net of expenses, yield income, annualized and weighted.",
        discussion: """
            A portfolio is a CSV file with the header
              name,expense_ratio,yield,shares,purchase_price,purchase_date,
              current_price[,analysis_date]
            (columns in any order), or a JSON array of objects with the same
            fields in camelCase. Expense ratio and yield are percentages as on
            a fact sheet: 0.07 means 0.07 %.

            Per ETF (years = days held / 365):
              initial = shares × purchase price
              current value = shares × current price
              capital appreciation = current value − initial
              yield income = initial × yield % × years
              expenses = initial × expense ratio % × years
              net return = capital appreciation + yield income − expenses
              annualized = (final / initial)^(365 / days) − 1
            Portfolio:
              weight = initial / Σ initial
              weighted annual return = Σ weight × annualized
              allocation = current value / Σ current value

            Examples:
              folio etf template > portfolio.csv
              folio etf analyze portfolio.csv --details
            """,
        subcommands: [
            AnalyzeCommand.self, NewCommand.self, TemplateCommand.self, SaveCommand.self, ListCommand.self,
            DeleteCommand.self,
        ]
    )
}
