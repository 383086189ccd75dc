import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Money
import StockTrading

struct DepositCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "deposit",
        abstract: "Add paper cash to your account.",
        discussion: """
            A deposit is an external cash flow: it raises cash and the amount invested (deposits − withdrawals), \
            so it does not count as a gain in ROI, and it enters the XIRR as money put in. Amounts are dollars \
            with at most two decimals, up to $1,000,000,000.00.

            Examples:
              folio stocks deposit 500
              folio stocks deposit 1,250.50
            """)

    @Argument(help: "Dollars to add.")
    var amount: String

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let value = try TypedInput.cashAmount(amount)
        let report = try await stocks.services.trading.deposit(value, for: owner)
        context.terminal.print(
            "Deposited \(Formatting.money(report.amount)). Cash: \(Formatting.money(report.cashAfter)).")
    }
}

struct WithdrawCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "withdraw",
        abstract: "Take paper cash out of your account.",
        discussion: """
            A withdrawal is an external cash flow: it lowers cash and the amount invested (deposits − \
            withdrawals), and enters the XIRR as money taken out. It cannot exceed your cash; nothing changes \
            when it is refused.

            Examples:
              folio stocks withdraw 200
              folio stocks withdraw 99.99
            """)

    @Argument(help: "Dollars to take out.")
    var amount: String

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let value = try TypedInput.cashAmount(amount)
        let report = try await stocks.services.trading.withdraw(value, for: owner)
        context.terminal.print(
            "Withdrew \(Formatting.money(report.amount)). Cash: \(Formatting.money(report.cashAfter)).")
    }
}
