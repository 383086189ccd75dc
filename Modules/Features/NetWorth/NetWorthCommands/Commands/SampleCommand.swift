import ArgumentParser
import Failures
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
        let loaded: SampleLoaded
        do {
            loaded = try await SampleService(services.dependencies).load(force: force)
        } catch var error as FolioError where error.kind == .refused {
            error.hint = "pass --force to replace everything with the sample"
            throw error
        }
        services.terminal.print(
            "Loaded \(loaded.accounts) sample accounts with \(loaded.updates) balance updates and \(loaded.rates) "
                + "exchange rates. Try `folio networth summary`.")
    }
}
