import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import NetWorth
import Timing

/// `folio networth sample [--force]`
struct SampleCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Load realistic example data: 10 accounts with 6 weeks to 7 years of history.",
        discussion: """
            The sample has a current account, savings, an ISA, a pension, a general investment account, a \
            crypto wallet, a US dollar account (with monthly USD rates), a mortgage, a credit card and a car \
            loan: steady growth, market falls, volatility and debts being paid down, ending today. It \
            refuses to replace existing accounts or rates unless --force is given; settings are kept.

            Examples:
              folio networth sample
              folio networth sample --force && folio networth summary
            """)

    @Flag(help: "Replace every existing account and rate with the sample.")
    var force = false

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let settings = try await services.repository.settings()
        let sample = SampleData.generate(today: services.today, base: settings.baseCurrency)
        try await services.repository.load(sample, force: force)
        let updates = sample.accounts.reduce(0) { $0 + $1.updates.count }
        services.terminal.print(
            "Loaded \(sample.accounts.count) sample accounts with \(updates) balance updates and \(sample.rates.count) "
                + "exchange rates. Try `folio networth summary`.")
    }
}
