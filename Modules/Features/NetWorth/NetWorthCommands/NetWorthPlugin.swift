import ArgumentParser
import FeatureCLI
import FeatureKit
import NetWorth

/// The `networth` plug-in: accounts, balance updates, net worth with inclusion toggles, reports and charts.
public enum NetWorthPlugin {
    /// What the host registers.
    public static let descriptor = FeatureDescriptor(
        id: "networth",
        summary: NetWorthCommand.configuration.abstract,
        requirements: [.persistence, .timing],
        command: NetWorthCommand.self,
        migrations: { _ in NetWorthRepository.migrations },
        alertKinds: [NetWorthAlerts.networth]
    ).contributing(household: NetWorthHousehold.read)
}

/// `folio networth …`
struct NetWorthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "networth",
        abstract: "Track accounts and balances; net worth, change since last update, reports and charts.",
        discussion: """
            Record the balance of each account from time to time; folio works out net worth, what changed \
            since the last update and how things moved over time.

              net worth = Σ counted assets − Σ counted debts
              an account's balance on a date = its latest update on or before that date

            Debts (credit-card, loan, mortgage) are entered as the positive amount owed. An account counts \
            unless it is excluded, it is a pension and pensions are excluded, or it is a mortgage and \
            mortgages are excluded. Foreign balances are converted with the rate in force on each date.

            Examples:
              folio networth accounts add --name Monzo --type savings --balance 1200
              folio networth update monzo 1350.50 --date 2024-06-30
              folio networth summary --exclude-pension
            """,
        subcommands: [
            AccountsCommand.self, UpdateCommand.self, HistoryCommand.self, SummaryCommand.self, ReportCommand.self,
            ChartCommand.self, RateCommand.self, SettingsCommand.self, SampleCommand.self, ImportCommand.self,
            SyncCommand.self,
        ])
}
