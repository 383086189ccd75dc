import ArgumentParser
import FeatureCLI
import FeatureKit
import MutualFunds
import MutualFundsPortfolio

/// `folio funds portfolio treat-as`: a held scheme's tax treatment chosen by hand and stored with the portfolio.
struct PortfolioTreatAs: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "treat-as",
        abstract:
            "Tax a held scheme as equity, debt or other where its category misleads; auto returns it to the rules.",
        discussion: """
            The choice is stored with the portfolio (every folio holding the scheme) and used by every later \
            gains report, which marks such schemes (JSON treatmentBasis "set"); a report's own --treat-as still \
            overrides it for that run. The portfolio lists the choice per scheme (JSON treatAs). Without a choice \
            the rules of folio funds portfolio gains --help decide.

            Examples:
              folio funds portfolio treat-as 122639 equity
              folio funds portfolio treat-as INF209KA12Z1 debt
              folio funds portfolio treat-as 122639 auto
            """
    )

    @Argument(help: "The scheme's code or ISIN, as the portfolio lists it.")
    var scheme: String

    @Argument(help: "equity, debt, other (gold, silver, overseas, balanced hybrids), or auto (the rules decide).")
    var treatment: Choice<TreatAsChoice>

    @OptionGroup var cache: CacheOptions
    @OptionGroup var formatting: FormatOptions

    /// The CSV columns.
    static let columns = ["folio", "scheme", "isin", "code", "treatAs", "previous"]

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let changes = try await services.portfolio().setTreatment(
            of: scheme, to: treatment.value.treatment, mode: services.mode(refresh: cache.refresh))
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(changes), to: context.terminal)
        case .csv: try formatting.emit(try CSVOutput.rows(changes, columns: Self.columns), to: context.terminal)
        case .table:
            let lines = changes.map { change in
                let now = change.treatAs.map { "taxed as \($0.rawValue)" } ?? "taxed as the rules decide"
                let before = change.previous.map { "was \($0.rawValue)" } ?? "was the rules"
                return "\(change.scheme) (folio \(change.folio)): \(now) from now on (\(before))."
            }
            try formatting.emit(lines.joined(separator: "\n"), to: context.terminal)
        }
    }
}

/// `equity`, `debt` or `auto` on the command line.
enum TreatAsChoice: String, ChoiceValue {
    case equity, debt, other, auto

    /// The treatment to store; nil lets the rules decide.
    var treatment: TaxTreatment? {
        switch self {
        case .equity: .equity
        case .debt: .debt
        case .other: .other
        case .auto: nil
        }
    }
}
