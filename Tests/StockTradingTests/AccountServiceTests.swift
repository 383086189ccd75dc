import Foundation
import Money
import Persistence
import StockTrading
import Testing

@Suite struct AccountServiceTests {
    let world = TestWorld()

    @Test func signUpOpensTheAccountWithPaperCashAndLogsIn() async throws {
        let session = try await world.accounts.signUp(
            email: " NewUser@Example.com", password: "NewPassword123", confirmation: "NewPassword123")
        #expect(session.email == "newuser@example.com")
        #expect(try await world.accounts.session() == session)
        let holdings = try await world.brokerage(session).holdings()
        #expect(holdings.state.cash == 10_000)
        #expect(holdings.state.netDeposits == 10_000)
        #expect(holdings.positions.isEmpty)
        let history = try await world.brokerage(session).history()
        #expect(history.map(\.kind) == [.deposit])
        #expect(history.first?.note == "opening balance")
    }

    @Test func signUpWithOtherCashAndWithNone() async throws {
        let rich = try await world.user("rich@example.com", cash: Amount("2500.5")!)
        #expect(try await world.brokerage(rich).holdings().state.cash == Amount("2500.5")!)
        let broke = try await world.user("broke@example.com", cash: 0)
        #expect(try await world.brokerage(broke).holdings().state.cash == 0)
        #expect(try await world.brokerage(broke).history().isEmpty)
    }

    @Test func signUpValidatesAndRefusesDuplicates() async throws {
        await #expect(throws: StockTradingError.invalidEmail("nope")) {
            try await world.accounts.signUp(email: "nope", password: "long enough", confirmation: "long enough")
        }
        await #expect(throws: StockTradingError.passwordTooShort(minimum: 8)) {
            try await world.accounts.signUp(email: "a@example.com", password: "short", confirmation: "short")
        }
        await #expect(throws: StockTradingError.passwordMismatch) {
            try await world.accounts.signUp(
                email: "a@example.com", password: "long enough", confirmation: "long enougH")
        }
        #expect(try await world.dump().isEmpty)
        _ = try await world.user("a@example.com")
        let before = try await world.dump()
        await #expect(throws: StockTradingError.accountExists("a@example.com")) {
            try await world.accounts.signUp(
                email: "A@example.com", password: "another one", confirmation: "another one")
        }
        #expect(try await world.dump() == before)
    }

    @Test func loginChecksThePasswordAndSaysNothingAboutWhichPartIsWrong() async throws {
        _ = try await world.user("ann@example.com")
        _ = try await world.accounts.logOut()
        await #expect(throws: StockTradingError.invalidCredentials) {
            try await world.accounts.logIn(email: "ann@example.com", password: "wrong horse")
        }
        await #expect(throws: StockTradingError.invalidCredentials) {
            try await world.accounts.logIn(email: "bob@example.com", password: "correct horse")
        }
        #expect(try await world.accounts.session() == nil)
        let session = try await world.accounts.logIn(email: "ANN@example.com", password: "correct horse")
        #expect(session.email == "ann@example.com")
    }

    @Test func sessionPersistsAcrossServiceInstancesUntilLogout() async throws {
        let session = try await world.user()
        let later = AccountService(store: world.store, hasher: world.hasher, timing: world.timing)
        #expect(try await later.requireSession() == session)
        #expect(try await later.logOut() == session)
        #expect(try await later.logOut() == nil)
        await #expect(throws: StockTradingError.notLoggedIn) { try await world.accounts.requireSession() }
    }

    @Test func passwordsAreStoredOnlyAsHashes() async throws {
        _ = try await world.accounts.signUp(
            email: "ann@example.com", password: "plaintext-secret", confirmation: "plaintext-secret")
        try await world.accounts.prepare()
        for record in try await world.dump() {
            let text = String(decoding: record.value, as: UTF8.self)
            #expect(!text.contains("plaintext-secret"), "record \(record.key)")
            #expect(!text.contains("Test@123"), "record \(record.key)")
        }
        let account = try #require(try await world.accounts.account(email: "ann@example.com"))
        #expect(account.passwordHash.algorithm == "pbkdf2-sha256")
    }

    @Test func loginUpgradesWeakHashes() async throws {
        _ = try await world.user("ann@example.com")
        let stronger = PBKDF2PasswordHasher(insecureRoundsForTesting: 2_000)
        let service = AccountService(store: world.store, hasher: stronger, timing: world.timing)
        try await service.logIn(email: "ann@example.com", password: "correct horse")
        #expect(try await service.account(email: "ann@example.com")?.passwordHash.rounds == 2_000)
        try await service.logIn(email: "ann@example.com", password: "correct horse")
    }

    @Test func demoAccountIsCreatedOnFirstUseOnly() async throws {
        try await world.accounts.prepare()
        let session = try await world.accounts.logIn(
            email: AccountService.demoEmail, password: AccountService.demoPassword)
        let holdings = try await world.brokerage(session).holdings()
        #expect(holdings.state.cash == 10_000)
        #expect(holdings.positions.map(\.symbol) == ["AAPL", "TSLA"])
        #expect(holdings.positions.map(\.quantity) == [2, 1])
        #expect(holdings.positions.map(\.cost) == [Amount("348.52")!, Amount("258.14")!])
        #expect(holdings.state.netDeposits == Amount("10606.66")!)
        // Trading away the demo holdings must not bring them back on the next start.
        let quotes = QuoteSet(
            quotes: [
                "AAPL": MarketQuote(
                    quote: StockQuote(symbol: "AAPL", name: "Apple", sector: "Tech", price: 150, previousClose: nil),
                    asOf: TestWorld.start, isStale: false)
            ],
            source: "test", asOf: TestWorld.start, isStale: false)
        _ = try await world.brokerage(session).sell("AAPL", quantity: 2, quotes: quotes)
        try await world.accounts.prepare()
        #expect(try await world.brokerage(session).holdings().positions.map(\.symbol) == ["TSLA"])
    }

    @Test func usersAreIsolated() async throws {
        let ann = try await world.user("ann@example.com", cash: 1_000)
        let quotes = try await world.quoteBook().quotes()
        _ = try await world.brokerage(ann).buy("AAPL", quantity: 3, quotes: quotes)
        _ = try await Watchlist(store: world.store, userID: ann.userID).add(
            ["TSLA"], listed: quotes, at: TestWorld.start)
        let bob = try await world.user("bob@example.com", cash: 500)
        #expect(try await world.accounts.requireSession() == bob)
        let bobs = try await world.brokerage(bob).holdings()
        #expect(bobs.positions.isEmpty)
        #expect(bobs.state.cash == 500)
        #expect(try await world.brokerage(bob).history().count == 1)
        #expect(try await Watchlist(store: world.store, userID: bob.userID).items().isEmpty)
        await #expect(throws: StockTradingError.insufficientShares(symbol: "AAPL", requested: 1, held: 0)) {
            try await world.brokerage(bob).sell("AAPL", quantity: 1, quotes: quotes)
        }
        #expect(try await world.brokerage(ann).holdings().positions.map(\.quantity) == [3])
    }
}
