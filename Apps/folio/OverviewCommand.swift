import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Overview

/// `folio overview`: the household at a glance, as `/` shows it and `/api/overview` answers.
struct OverviewCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview",
        abstract: "The household at a glance: net worth, its trend, allocation, today's movers, alerts, what is next.",
        discussion: """
            Net worth comes from folio networth (linked accounts at their sources' current values) in its base \
            currency: assets, debts and net now, and the change since the last recorded day before today, over a \
            month and over a year (change = now − the recorded net worth then). The trend shows recorded net worth \
            over the range, today's figure last.

            The allocation covers everything held, each value once: an account that follows a source is split by \
            the source's holdings (stocks per holding, funds per scheme by category, ETFs per ETF) in proportion to \
            their values; a source no account follows is converted with the stored rates and counted outside net \
            worth, and listed as a suggestion to link; every other account counts by its type. Debts are apart. \
            Movers are the holdings whose value moved most today; alerts are those fired in the last 24 hours.

            Examples:
              folio overview
              folio overview --range 5Y --format json
            """)

    @Option(help: ArgumentHelp("The trend's range: 1M, 6M, 1Y, 5Y or Max.", valueName: "range"))
    var range: String = OverviewRange.oneYear.rawValue

    @OptionGroup var formatting: FormatOptions

    func run(host: HostEnvironment) async throws {
        let range: OverviewRange
        do {
            range = try OverviewRange(parsing: self.range)
        } catch {
            var named = error
            named.what = "--range: \(named.what)"
            throw named
        }
        let alerts = try? await AlertsHost.start(host).store
        let report = try await OverviewWiring.service(host: host, alerts: alerts).overview(range: range)
        try formatting.render(
            report, to: host.terminal,
            csv: { CSVOutput.document(header: OverviewReport.csvColumns, rows: report.csvRows) },
            table: { OverviewText.render(report) })
    }

    func run() async throws { throw FolioError(.internal, "folio overview runs through the host") }
}
