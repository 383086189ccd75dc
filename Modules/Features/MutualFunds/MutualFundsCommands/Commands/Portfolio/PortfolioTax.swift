import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Money
import MutualFunds
import MutualFundsPortfolio

/// `folio funds portfolio tax`.
struct PortfolioTax: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "tax",
        abstract: "A financial year's capital-gains tax: Schedule 112A, Schedule CG, set-off, estimate.",
        discussion: """
            Built from the gains of folio funds portfolio gains (see its --help for holding periods, \
            grandfathering and indexation), every year's, so that losses carry forward.

            Schedule 112A: equity-oriented long-term transfers from 1-Apr-2018 with the ITR form's columns: units \
            acquired after 31-Jan-2018 one row per scheme (and, in FY 2024-25, per side of 23-Jul-2024), each lot \
            acquired by then a row of its own (grandfathered, s. 55(2)(ac)), or every lot with --details; \
            --schedule 112a --format csv writes exactly the header of the e-filing utility's CSV template (column \
            1b only on FY 2024-25's), rupee amounts in whole rupees worked as the form works them.

            Schedule CG lines, by provision and rate (FY 2024-25 split at 23-Jul-2024, Finance (No. 2) Act \
            2024): s. 111A equity short-term 15% (10% before 1-Apr-2008), 20% from 23-Jul-2024; s. 112A equity \
            long-term 10%, 12.5% from 23-Jul-2024, above the exemption of Rs 1 lakh a year to FY 2023-24 and \
            Rs 1.25 lakh from FY 2024-25; s. 10(38) equity long-term before 1-Apr-2018 exempt; s. 112 other \
            long-term 20% with indexation, 12.5% without from 23-Jul-2024; short-term gains of other funds at \
            the slab rate of --slab, else left out of the estimate.

            Set-off (s. 70): long-term losses only against long-term gains, short-term losses against any, the \
            highest-rated gains first; then losses of the eight years before (s. 74, among the years the \
            portfolio holds), oldest first; what is left carries forward. The tax is an estimate before \
            surcharge and the 4% cess. Gains by advance-tax period (to 15-Jun, 15-Sep, 15-Dec, 15-Mar, 31-Mar) \
            are listed as Schedule CG asks.

            Examples:
              folio funds portfolio tax --fy 2024-25 --slab 30%
              folio funds portfolio tax --fy 2024-25 --schedule 112a --format csv -o 112a.csv
            """
    )

    @Option(help: ArgumentHelp("The financial year (2024-25).", valueName: "year"))
    var fy: String

    @Option(help: ArgumentHelp("Only one schedule: 112a.", valueName: "schedule"))
    var schedule: String?

    @Flag(help: "Schedule 112A per lot instead of per scheme.")
    var details = false

    @Option(help: ArgumentHelp("Your slab rate for short-term gains of non-equity funds (30%).", valueName: "rate"))
    var slab: String?

    @Option(
        parsing: .singleValue,
        help: ArgumentHelp(
            "Tax a scheme as equity, debt or other for this report only (repeatable).", valueName: "scheme=kind"))
    var treatAs: [String] = []

    @Option(parsing: .singleValue, help: FairValueOptions.help)
    var fmv: [String] = []

    @OptionGroup var cache: CacheOptions
    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        if let schedule, schedule.lowercased() != "112a" {
            throw FolioError(
                .usage, "invalid --schedule \"\(schedule)\"", hint: "the one schedule listed alone is 112a")
        }
        let services = FundsServices(context: context)
        let mode = try services.mode(refresh: cache.refresh)
        let report: TaxReport
        do {
            report = try await services.portfolio().tax(
                financialYear: fy, slab: slab, details: details,
                overrides: try TreatAsOverrides.parse(treatAs), fairValues: try FairValueOptions.parse(fmv), mode: mode)
        } catch let error as FolioError where error.field == "fy" || error.field == "slab" {
            let name = error.field == "fy" ? "--fy" : "--slab"
            throw FolioError(
                .usage, "invalid \(name) \"\(error.field == "fy" ? fy : (slab ?? ""))\"", why: error.why,
                hint: error.hint,
                field: error.field)
        }
        for line in report.skipped { context.terminal.warn(line) }
        let only112A = schedule != nil
        switch formatting.format {
        case .json:
            let text = only112A ? try JSONOutput.string(report.schedule112A) : try JSONOutput.string(report)
            try formatting.emit(text, to: context.terminal)
        case .csv:
            let text: String
            if only112A {
                let table = try Self.forFiling(report)
                text = CSVOutput.document(header: table.header, rows: table.rows)
            } else {
                text = try CSVOutput.rows(report.lines, columns: TaxLine.columns)
            }
            try formatting.emit(text, to: context.terminal)
        case .table:
            try formatting.emit(
                TaxText.render(
                    report, only112A: only112A, width: formatting.tableWidth(on: context.terminal), context: context),
                to: context.terminal)
        }
    }
}

extension PortfolioTax {
    /// Schedule 112A for the utility's CSV, refused while a grandfathered lot lacks its fair market value; the
    /// refusal says how to give it.
    static func forFiling(_ report: TaxReport) throws -> (header: [String], rows: [[String]]) {
        do {
            return try report.schedule112AFilingTable()
        } catch {
            var refusal = error
            refusal.hint =
                "run it again when the MF API answers, or give the NAV: --fmv CODE=NAV (AMFI's NAV history has it)"
            throw refusal
        }
    }
}

/// `--fmv CODE=NAV`, shared by `gains` and `tax`: the NAV of 31-Jan-2018 of a scheme whose history cannot be read.
enum FairValueOptions {
    /// The help both commands show.
    static let help = ArgumentHelp(
        "A scheme's NAV of 31-Jan-2018, for grandfathering when its history cannot be read: CODE=NAV or ISIN=NAV "
            + "(repeatable).", valueName: "scheme=nav")

    static func parse(_ texts: [String]) throws -> [String: Amount] {
        var result: [String: Amount] = [:]
        for text in texts {
            do {
                result.merge(try FairValues.parse(text, named: "--fmv")) { _, given in given }
            } catch {
                throw FolioError(.usage, error.what, why: error.why, hint: error.hint, field: "fmv")
            }
        }
        return result
    }
}

/// `--treat-as CODE=equity|debt|other`, shared by `gains` and `tax`.
enum TreatAsOverrides {
    static func parse(_ texts: [String]) throws -> [String: TaxTreatment] {
        var result: [String: TaxTreatment] = [:]
        for text in texts {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let treatment = TaxTreatment(rawValue: parts[1].lowercased()) else {
                throw FolioError(
                    .usage, "invalid --treat-as \"\(text)\"",
                    hint: "write CODE=equity, CODE=debt or CODE=other, e.g. 120503=debt")
            }
            result[parts[0]] = treatment
        }
        return result
    }
}
