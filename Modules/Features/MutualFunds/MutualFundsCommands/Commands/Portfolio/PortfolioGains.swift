import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Money
import MutualFunds
import MutualFundsPortfolio

/// `folio funds portfolio gains`.
struct PortfolioGains: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "gains",
        abstract: "Capital gains, first in first out, by Indian financial year: short and long term.",
        discussion: """
            Every redemption and switch out is matched first in first out against the purchase lots, as \
            casparser's gains report does: a scheme's same-day transactions are merged first; purchase value = \
            units × purchase NAV; the purchase's stamp duty is shown per lot; sale value = units × sale NAV; STT \
            is shown, not deducted; each lot's values are rounded to the paisa. Gains are grouped by the \
            financial year of the sale (April–March). A scheme whose statement opens with units it has no \
            purchases for gets no gains, with that reason; the others are computed.

            Each lot is taxed by the law in force on its transfer (sale) date:

            Equity-oriented schemes (the statement's type, else STT on its redemptions, else the MF API \
            category): long-term when held more than 12 months (s. 2(42A)); long-term gains on sales before \
            1-Apr-2018 are exempt (s. 10(38)); lots acquired on or before 31-Jan-2018 are grandfathered (s. \
            55(2)(ac), Finance Act 2018): cost max(cost, min(units × the NAV of 31-Jan-2018, sale value)), the \
            NAV from the scheme's history, or --fmv CODE=NAV when the history cannot be read (without either, \
            such lots are taken at cost and a warning says the gain is overstated).

            Other schemes (debt; other = gold, silver, overseas funds of funds, balanced hybrids): transferred \
            on or before 10-Jul-2014, long-term after 12 months; from 11-Jul-2014, 36 months (Finance (No. 2) \
            Act 2014); from 23-Jul-2024, 24 months (Finance (No. 2) Act 2024). Long-term transfers before \
            23-Jul-2024 index the cost (s. 48: cost × CII of the sale's year / CII of the purchase's year, to \
            the paisa, CBDT's notified index); none from then. Specified mutual funds (s. 50AA): units bought \
            on or after 1-Apr-2023 are always short-term — debt funds (more than 65% in debt) throughout, other \
            funds only for transfers before FY 2025-26, when the definition changed from "at most 35% in \
            domestic equity" to "more than 65% in debt" (Finance (No. 2) Act 2024). Debt-oriented: MF API \
            categories of debt, money market, liquid, overnight and gilt schemes, conservative hybrids; other: \
            gold, silver and overseas funds of funds. Where the category misleads, folio funds portfolio \
            treat-as CODE equity|debt|other stores a scheme's treatment, and --treat-as CODE=equity|debt|other \
            (a code or ISIN) overrides it for one report; both are marked (JSON treatmentBasis "set" or \
            "override").

            Cost = purchase value + stamp duty. Realised gain = sale value − cost; taxable long-term gain = sale \
            value − acquisition value (the cost after grandfathering or indexation).

            Examples:
              folio funds portfolio gains --fy 2024-25
              folio funds portfolio gains --summary --treat-as 120503=equity --format csv
            """
    )

    @Option(help: ArgumentHelp("Only this financial year (2024-25).", valueName: "year"))
    var fy: String?

    @Flag(help: "Totals per financial year and scheme instead of every lot.")
    var summary = false

    @Option(
        parsing: .singleValue,
        help: ArgumentHelp(
            "Tax a scheme as equity, debt or other for this report only: CODE=equity or ISIN=debt (repeatable).",
            valueName: "scheme=kind"))
    var treatAs: [String] = []

    @Option(parsing: .singleValue, help: FairValueOptions.help)
    var fmv: [String] = []

    @OptionGroup var cache: CacheOptions
    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let mode = try services.mode(refresh: cache.refresh)
        let report: GainsReport
        do {
            report = try await services.portfolio().gains(
                financialYear: fy, overrides: try TreatAsOverrides.parse(treatAs),
                fairValues: try FairValueOptions.parse(fmv), mode: mode)
        } catch let error as FolioError where error.field == "fy" {
            throw FolioError(.usage, "invalid --fy \"\(fy ?? "")\"", why: error.why, hint: error.hint, field: "fy")
        }
        for line in report.skipped { context.terminal.warn(line) }
        switch (formatting.format, summary) {
        case (.json, false): try formatting.emit(try JSONOutput.string(report.rows), to: context.terminal)
        case (.json, true): try formatting.emit(try JSONOutput.string(report.summary), to: context.terminal)
        case (.csv, false):
            try formatting.emit(try CSVOutput.rows(report.rows, columns: GainRow.columns), to: context.terminal)
        case (.csv, true):
            try formatting.emit(
                try CSVOutput.rows(report.summary, columns: GainsSummaryRow.columns), to: context.terminal)
        case (.table, _):
            try formatting.emit(
                GainsText.render(
                    report, summary: summary, financialYear: fy, width: formatting.tableWidth(on: context.terminal),
                    context: context), to: context.terminal)
        }
    }
}

/// The `gains` tables.
enum GainsText {
    static func render(
        _ report: GainsReport, summary: Bool, financialYear: String?, width: Int, context: FeatureContext
    ) -> String {
        guard !report.rows.isEmpty else {
            return financialYear.map { "No sales in \(report.financialYear ?? $0).\n" }
                ?? "No capital gains: nothing was sold.\n"
        }
        let style = context.style
        let chosen = chosenTreatments(report).map { style.dim($0) + "\n" }.joined()
        let money = { (value: Amount) in TextTable.Cell(FundsFormat.money(value)) }
        if summary {
            let table = TextTable(
                columns: [
                    .text("FY"), .text("SCHEME", truncatable: true), .text("TAX"), .number("LTCG"),
                    .number("LTCG TAXABLE"), .number("STCG"),
                ],
                rows: report.summary.map { row in
                    [
                        TextTable.Cell(row.financialYear), TextTable.Cell(row.scheme),
                        TextTable.Cell(row.treatment.rawValue),
                        money(row.longTermGain), money(row.longTermTaxableGain), money(row.shortTermGain),
                    ]
                })
            return table.render(style: style, maxWidth: width) + chosen
        }
        let table = TextTable(
            columns: [
                .text("FY"), .text("SCHEME", truncatable: true), .text("TERM"), .number("UNITS"), .text("BOUGHT"),
                .number("COST"), .number("ACQUISITION"), .text("SOLD"), .number("SALE"), .number("STT"),
                .number("GAIN"), .number("TAXABLE"),
            ],
            rows: report.rows.map { row in
                [
                    TextTable.Cell(row.financialYear), TextTable.Cell(row.scheme), TextTable.Cell(row.term),
                    TextTable.Cell(row.units.plainText), TextTable.Cell(row.purchaseDate),
                    money((try? row.purchaseValue + row.stampDuty) ?? row.purchaseValue), money(row.acquisitionValue),
                    TextTable.Cell(row.saleDate), money(row.saleValue), money(row.stt),
                    money(row.term == "long" ? row.longTermGain : row.shortTermGain),
                    money(row.term == "long" ? row.longTermTaxableGain : row.shortTermGain),
                ]
            })
        return table.render(style: style, maxWidth: width) + chosen
    }

    /// One line per scheme whose treatment a person chose rather than the rules.
    static func chosenTreatments(_ report: GainsReport) -> [String] {
        report.chosen.map { row in
            let how = row.treatmentBasis == .set ? row.treatmentBasis.wording : "--treat-as, this report only"
            return "\(row.scheme) (folio \(row.folio)): taxed as \(row.treatment.rawValue) (\(how))"
        }
    }
}
