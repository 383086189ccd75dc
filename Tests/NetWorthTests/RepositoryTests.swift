import Foundation
import Money
import Persistence
import PersistenceTesting
import Testing
import Timing

@testable import NetWorth

@Suite struct RepositoryTests {
    let today = day("2024-06-30")
    let store = InMemoryDatabase(now: { Date(timeIntervalSince1970: 1_719_748_800) }).store(namespace: "networth")
    var repository: NetWorthRepository { NetWorthRepository(store: store) }

    /// Every record in the namespace, to prove a refused change wrote nothing.
    func snapshot() async throws -> [String: Data] {
        try await store.read { transaction in
            Dictionary(uniqueKeysWithValues: try transaction.scan(.all).map { ($0.key, $0.value) })
        }
    }

    func seed() async throws {
        try await repository.add(
            NewAccount(
                name: "Monzo Savings", type: .savings,
                openingBalance: BalanceUpdate(date: day("2024-05-31"), amount: 1200)),
            today: today)
        try await repository.add(NewAccount(name: "Mortgage", type: .mortgage), today: today)
        _ = try await repository.record(
            BalanceUpdate(date: day("2024-06-30"), amount: money("1350.5")), for: "monzo savings", today: today)
    }

    @Test func addsAccountsWithOpeningBalances() async throws {
        try await seed()
        let accounts = try await repository.accounts()
        #expect(accounts.map(\.name) == ["Monzo Savings", "Mortgage"])
        #expect(accounts.map(\.id) == [1, 2])
        #expect(accounts[0].currency == "GBP")
        #expect(accounts[0].createdOn == today)
        #expect(accounts[0].updates.map(\.amount) == [1200, money("1350.5")])
        #expect(accounts[1].updates.isEmpty)
        #expect(try await store.schemaVersion() == 3)
    }

    @Test func namesAreUniqueIgnoringCaseAndARefusalWritesNothing() async throws {
        try await seed()
        let before = try await snapshot()
        let error = await #expect(throws: NetWorthError.self) {
            try await repository.add(NewAccount(name: "MONZO savings", type: .isa), today: today)
        }
        #expect(error?.what == "an account named \"Monzo Savings\" already exists")
        #expect(try await snapshot() == before)
        await #expect(throws: NetWorthError.self) { try await repository.rename("Mortgage", to: "monzo SAVINGS") }
        #expect(try await snapshot() == before)
    }

    @Test func unknownAccountsAreNamedWithSuggestions() async throws {
        try await seed()
        let error = await #expect(throws: NetWorthError.self) {
            _ = try await repository.record(BalanceUpdate(date: today, amount: 1), for: "Monzo", today: today)
        }
        #expect(error?.what == "no account named \"Monzo\"")
        #expect(error?.hint == "did you mean \"Monzo Savings\"?")
        #expect(error?.kind == .refused)
    }

    @Test func renameKeepsHistoryAndAllowsACaseChange() async throws {
        try await seed()
        try await repository.rename("monzo savings", to: "Monzo Easy Saver")
        #expect(try await repository.account(named: "MONZO EASY SAVER").updates.count == 2)
        await #expect(throws: NetWorthError.self) { try await repository.account(named: "Monzo Savings") }
        try await repository.rename("mortgage", to: "MORTGAGE")
        #expect(try await repository.account(named: "mortgage").name == "MORTGAGE")
    }

    @Test func removingAnAccountRemovesItsUpdates() async throws {
        try await seed()
        let removed = try await repository.remove(named: "MONZO SAVINGS")
        #expect(removed.updates.count == 2)
        #expect(try await repository.accounts().map(\.name) == ["Mortgage"])
        let keys = try await snapshot().keys.sorted()
        #expect(!keys.contains { $0.contains("monzo") })
        #expect(keys.filter { $0.hasPrefix("account/") }.count == 1)
        // The name is free again and the new account starts with no history.
        let again = try await repository.add(NewAccount(name: "Monzo Savings", type: .savings), today: today)
        #expect(again.updates.isEmpty)
        #expect(again.id == 3)
    }

    @Test func recordingReplacesTheSameDateAndRefusesBadUpdates() async throws {
        try await seed()
        let (_, replaced, _) = try await repository.record(
            BalanceUpdate(date: today, amount: 1400), for: "Monzo Savings", today: today)
        #expect(replaced?.amount == money("1350.5"))
        let before = try await snapshot()
        let future = await #expect(throws: NetWorthError.self) {
            _ = try await repository.record(
                BalanceUpdate(date: day("2024-07-01"), amount: 1), for: "Monzo Savings", today: today)
        }
        #expect(future?.why?.contains("future") == true)
        await #expect(throws: NetWorthError.self) {
            _ = try await repository.record(BalanceUpdate(date: today, amount: -1000), for: "Mortgage", today: today)
        }
        await #expect(throws: NetWorthError.self) {
            _ = try await repository.removeUpdate(on: day("2024-01-01"), for: "Monzo Savings")
        }
        #expect(try await snapshot() == before)
        let (account, removed) = try await repository.removeUpdate(on: today, for: "monzo savings")
        #expect(removed.amount == 1400)
        #expect(account.updates.count == 1)
    }

    @Test func includeFlagAndNotes() async throws {
        try await seed()
        #expect(try await repository.setIncluded(false, named: "mortgage").changed)
        #expect(try await repository.setIncluded(false, named: "mortgage").changed == false)
        #expect(try await repository.account(named: "Mortgage").isIncluded == false)
        try await repository.setNote("fixed until 2027", named: "Mortgage")
        #expect(try await repository.account(named: "Mortgage").note == "fixed until 2027")
        try await repository.setNote(nil, named: "Mortgage")
        #expect(try await repository.account(named: "Mortgage").note == nil)
    }

    @Test func badAddRequestsAreRefusedBeforeWriting() async throws {
        let before = try await snapshot()
        for request in [
            NewAccount(name: "  ", type: .savings),
            NewAccount(name: "Euro", type: .savings, currency: "EURO"),
            NewAccount(name: "Euro", type: .savings, currency: "XYZ"),
            NewAccount(name: "Loan", type: .loan, openingBalance: BalanceUpdate(date: today, amount: -5)),
            NewAccount(name: "Later", type: .cash, openingBalance: BalanceUpdate(date: day("2025-01-01"), amount: 5)),
        ] {
            await #expect(throws: NetWorthError.self) { try await repository.add(request, today: today) }
        }
        #expect(try await snapshot() == before)
    }

    @Test func ratesAndSettings() async throws {
        #expect(try await repository.setRate(currency: "usd", rate: money("0.79"), on: day("2024-01-01")) == nil)
        #expect(
            try await repository.setRate(currency: "USD", rate: money("0.8"), on: day("2024-01-01"))?.rate
                == money("0.79"))
        try await repository.setRate(currency: "USD", rate: money("0.75"), on: day("2024-03-01"))
        #expect(try await repository.rates().history(of: "USD").map(\.rate) == [money("0.8"), money("0.75")])
        let before = try await snapshot()
        await #expect(throws: NetWorthError.self) { try await repository.setRate(currency: "GBP", rate: 1, on: today) }
        await #expect(throws: NetWorthError.self) { try await repository.setRate(currency: "USD", rate: 0, on: today) }
        await #expect(throws: NetWorthError.self) { try await repository.setRate(currency: "XXQ", rate: 1, on: today) }
        await #expect(throws: NetWorthError.self) {
            try await repository.removeRate(currency: "USD", on: day("2024-02-01"))
        }
        #expect(try await snapshot() == before)
        #expect(try await repository.removeRate(currency: "USD", on: day("2024-01-01")).rate == money("0.8"))

        #expect(try await repository.settings() == NetWorthSettings())
        let saved = try await repository.updateSettings { $0.inclusion.includePensions = false }
        #expect(saved.inclusion == Inclusion(includePensions: false, includeMortgages: true))
        #expect(try await repository.portfolio().inclusion.includePensions == false)
        #expect(try await repository.portfolio(inclusion: Inclusion()).inclusion.includePensions == true)
        // Rates are per base currency: switching to EUR leaves no rates in force.
        try await repository.updateSettings { $0.baseCurrency = "EUR" }
        #expect(try await repository.rates().all.isEmpty)
        await #expect(throws: NetWorthError.self) { try await repository.updateSettings { $0.baseCurrency = "nope" } }
    }

    @Test("an account added without a currency is in the base currency, from the terminal and the web alike")
    func accountWithoutCurrencyTakesTheBase() async throws {
        try await repository.updateSettings { $0.baseCurrency = "EUR" }
        let account = try await repository.add(NewAccount(name: "Girokonto", type: .current), today: today)
        #expect(account.currency == "EUR")
        let dollars = try await repository.add(NewAccount(name: "Wise", type: .current, currency: "usd"), today: today)
        #expect(dollars.currency == "USD")
    }

    @Test func sampleRefusesExistingDataUnlessForced() async throws {
        try await seed()
        let sample = SampleData.generate(today: today)
        let before = try await snapshot()
        let error = await #expect(throws: NetWorthError.self) { try await repository.load(sample, force: false) }
        #expect(error?.hint == "force it to replace everything with the sample")
        #expect(try await snapshot() == before)
        try await repository.load(sample, force: true)
        let accounts = try await repository.accounts()
        #expect(accounts.count == 10)
        #expect(accounts == sample.accounts)
        await #expect(throws: NetWorthError.self) { try await repository.account(named: "Mortgage") }
        // New accounts continue after the sample's ids.
        #expect(try await repository.add(NewAccount(name: "Extra", type: .cash), today: today).id == 11)
    }

    @Test func aFailedWriteLeavesNothingBehind() async throws {
        try await seed()
        let before = try await snapshot()
        let flaky = NetWorthRepository(store: FlakyStore(base: store, allowedWrites: 0))
        await #expect(throws: (any Error).self) { try await flaky.remove(named: "Monzo Savings") }
        await #expect(throws: (any Error).self) {
            try await flaky.load(SampleData.generate(today: today), force: true)
        }
        #expect(try await snapshot() == before)
    }

    @Test func storedHistoriesRoundTripExactly() async throws {
        let account = Account(
            id: 7, name: "Odd", type: .current, createdOn: today, note: "n",
            updates: [
                BalanceUpdate(date: day("2024-01-01"), amount: money("-250.75"), note: "overdrawn; again"),
                BalanceUpdate(date: day("2024-02-01"), amount: money("0.0000001")),
                BalanceUpdate(date: day("2024-03-01"), amount: money("123456789012345678")),
            ])
        let encoded = try JSONEncoder().encode(StoredAccount(account))
        let decoded = try JSONDecoder().decode(StoredAccount.self, from: encoded).account()
        #expect(decoded == account)
        #expect(decoded.updates[0].note == "overdrawn; again")
        var damaged = StoredAccount(account)
        damaged.history[1].amount = "12x"
        #expect(throws: NetWorthError.self) { try damaged.account() }
    }
}
