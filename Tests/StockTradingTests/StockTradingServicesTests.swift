import Failures
import Foundation
import Money
import NetworkingTesting
import Persistence
import StockTrading
import Testing
import Timing

/// The services over the bundled simulated market: no network (the HTTP client fails any call), the test's clocks.
private struct Services {
    let base = TestWorld()
    let services: StockTradingServices

    init() async throws {
        services = StockTradingServices(
            store: base.store, timing: base.timing,
            settings: StocksSettings(seed: 7, timeZone: TimeZone(identifier: "UTC")!), hasher: base.hasher)
        try await services.prepare()
    }

    func newUser(_ email: String = "ann@example.com") async throws -> Session {
        try await services.accounts.openAccount(email: email, password: "correct horse", confirmation: "correct horse")
    }
}

@Suite("StockTradingServices: the use cases from the domain and kernels alone")
struct StockTradingServicesTests {
    @Test("a buy and a sell move shares and cash; the portfolio and history report them")
    func tradeAndReport() async throws {
        let world = try await Services()
        let me = try await world.newUser()
        let bought = try await world.services.trading.trade(.buy, "aapl", quantity: 3, for: me).report
        #expect(bought.symbol == "AAPL" && bought.side == "buy" && bought.positionQuantity == 3)
        #expect(try bought.cashAfter == AccountService.defaultOpeningCash - bought.amount)
        let sold = try await world.services.trading.trade(.sell, "AAPL", quantity: 1, for: me).report
        #expect(sold.positionQuantity == 2)

        let portfolio = try await world.services.portfolio.portfolio(for: me).report
        #expect(portfolio.email == "ann@example.com")
        #expect(portfolio.holdings.map(\.symbol) == ["AAPL"] && portfolio.holdings.first?.quantity == 2)
        #expect(portfolio.totals.cash == sold.cashAfter)

        let history = try await world.services.portfolio.history(for: me)
        #expect(history.rows.map(\.side).suffix(2) == ["buy", "sell"])
        let sells = try await world.services.portfolio.history(for: me, filter: HistoryFilter(kind: .sell))
        #expect(sells.rows.map(\.side) == ["sell"] && sells.total == history.total)
    }

    @Test("buying beyond the cash or selling beyond the shares is refused naming quantity, and nothing is stored")
    func tradeRefusals() async throws {
        let world = try await Services()
        let me = try await world.newUser()
        _ = try await world.services.portfolio.portfolio(for: me)
        let before = try await world.base.dump()
        let tooDear = await refusal {
            _ = try await world.services.trading.trade(.buy, "AAPL", quantity: 1_000_000, for: me)
        }
        #expect(tooDear?.kind == .refused && tooDear?.field == "quantity")
        let tooMany = await refusal { _ = try await world.services.trading.trade(.sell, "AAPL", quantity: 1, for: me) }
        #expect(tooMany?.kind == .refused && tooMany?.field == "quantity")
        let unknown = await refusal { _ = try await world.services.trading.trade(.buy, "ZZZZ", quantity: 1, for: me) }
        #expect(unknown?.kind == .invalid && unknown?.field == "symbol")
        #expect(try await world.base.dump() == before)
    }

    @Test("a withdrawal beyond the cash is refused naming amount; a deposit adds to it")
    func cash() async throws {
        let world = try await Services()
        let me = try await world.newUser()
        let deposit = try await world.services.trading.deposit(250, for: me)
        #expect(try deposit.cashAfter == AccountService.defaultOpeningCash + 250)
        let refused = await refusal { _ = try await world.services.trading.withdraw(1_000_000, for: me) }
        #expect(refused?.kind == .refused && refused?.field == "amount")
        let withdrawal = try await world.services.trading.withdraw(50, for: me)
        #expect(try withdrawal.cashAfter == AccountService.defaultOpeningCash + 200)
    }

    @Test("the watchlist adds all or nothing and removes only what is watched")
    func watchlist() async throws {
        let world = try await Services()
        let me = try await world.newUser()
        let added = try await world.services.watchlist.add(["nvda", "AMD"], for: me)
        #expect(added.added.sorted() == ["AMD", "NVDA"] && added.alreadyWatched.isEmpty)
        let again = try await world.services.watchlist.add(["NVDA"], for: me)
        #expect(again.added.isEmpty && again.alreadyWatched == ["NVDA"])
        let unlisted = await refusal { _ = try await world.services.watchlist.add(["INTC", "ZZZZ"], for: me) }
        #expect(unlisted?.kind == .invalid && unlisted?.field == "symbol")
        #expect(try await world.services.watchlist.symbols(for: me) == ["AMD", "NVDA"])
        let notWatched = await refusal { try await world.services.watchlist.remove(["TSLA"], for: me) }
        #expect(notWatched?.kind == .notFound && notWatched?.field == "symbol")
        #expect(try await world.services.watchlist.remove(["amd"], for: me) == ["AMD"])
        #expect(try await world.services.watchlist.list(for: me).report.rows.map(\.symbol) == ["NVDA"])
    }

    @Test("accounts: a taken email is refused naming email; a wrong password naming password")
    func accounts() async throws {
        let world = try await Services()
        _ = try await world.newUser()
        let taken = await refusal { _ = try await world.services.accounts.availableEmail("Ann@Example.com") }
        #expect(taken?.kind == .refused && taken?.field == "email")
        let wrong = await refusal {
            _ = try await world.services.accounts.authenticate(
                email: "ann@example.com", password: "wrong horse", client: nil)
        }
        #expect(wrong?.kind == .refused && wrong?.field == "password")
        let me = try await world.services.accounts.authenticate(
            email: AccountService.demoEmail, password: AccountService.demoPassword, client: nil)
        #expect(me.email == AccountService.demoEmail)
    }

    @Test("typed numbers are refused as FolioError naming the field a form shows the refusal beside")
    func typedInput() async throws {
        #expect(try TypedInput.quantity("1,000") == 1_000)
        #expect(try TypedInput.cashAmount("$1,250.50") == Amount("1250.50"))
        #expect(try TypedInput.priceLevel("180") == 180)
        let quantity = await refusal { _ = try TypedInput.quantity("2.5") }
        #expect(quantity?.kind == .invalid && quantity?.field == "quantity")
        let amount = await refusal { _ = try TypedInput.cashAmount("0") }
        #expect(amount?.kind == .invalid && amount?.field == "amount")
        #expect(try TypedInput.cashAmount("0", allowZero: true) == 0)
        let level = await refusal { _ = try TypedInput.priceLevel("12x") }
        #expect(level?.kind == .invalid && level?.field == "level")
    }
}
