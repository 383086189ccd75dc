import Failures
import Foundation
import Money
import NetworkingTesting
import StockTrading
import Testing
import Timing

/// `stocks:portfolio/<EMAIL>` as another feature reads it: the named account's cash + holdings at current prices,
/// without a login and without recording the analytics snapshot.
@Suite struct AccountValueTests {
    @Test(
        "the value is the portfolio's total, for the named account, in USD; it writes nothing; an unknown email is notFound"
    )
    func valuesTheNamedAccount() async throws {
        let world = TestWorld()
        let services = StockTradingServices(
            store: world.store, timing: world.timing,
            settings: StocksSettings(seed: 7, timeZone: TimeZone(identifier: "UTC")!), hasher: world.hasher)
        try await services.prepare()
        let ann = try await services.accounts.openAccount(
            email: "ann@example.com", password: "correct horse", confirmation: "correct horse")
        _ = try await services.trading.trade(.buy, "AAPL", quantity: 3, for: ann)
        let before = try await world.dump()
        let value = try await services.portfolio.currentValue(ofAccount: "Ann@Example.com")
        #expect(try await world.dump() == before)
        let total = try await services.portfolio.portfolio(for: ann).report.totals.totalValue
        #expect(value.amount == total)
        #expect(value.currency == "USD")
        #expect(value.staleBecause == nil)
        // issue 38: what it is made of, each share (equity, with its day's move) and the cash, adding up to it.
        #expect(value.holdings.map(\.name) == ["AAPL", "Cash"])
        #expect(value.holdings.map(\.assetClass) == [.equity, .cash])
        #expect(value.holdings.map(\.value).reduce(Amount.zero) { (try? $0 + $1) ?? $0 } == value.amount)
        #expect(value.holdings.last?.dayChange == nil)
        #expect(try await services.portfolio.paperAccounts().contains("ann@example.com"))
        // The demo account, not the one logged in on this machine.
        let demo = try await services.portfolio.currentValue(ofAccount: AccountService.demoEmail)
        #expect(demo.amount != value.amount)
        let unknown = await refusal { _ = try await services.portfolio.currentValue(ofAccount: "nobody@example.com") }
        #expect(unknown?.kind == .notFound)
        #expect(unknown?.field == "email")
    }
}
