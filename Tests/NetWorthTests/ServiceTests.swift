import Failures
import Foundation
import Money
import Persistence
import PersistenceTesting
import Testing
import Timing
import TimingTesting

@testable import NetWorth

/// The use cases through the services, as a reusing app calls them: the domain product and live kernels only.
@Suite struct ServiceTests {
    /// Noon UTC on 2024-06-30, so "today" is 2024-06-30 in any time zone within ±11 hours.
    static let now = Date(timeIntervalSince1970: 1_719_748_800)
    let store = InMemoryDatabase(now: { ServiceTests.now }).store(namespace: "networth")
    var dependencies: NetWorthDependencies { NetWorthDependencies(store: store, timing: .test(now: Self.now)) }
    var accounts: AccountService { AccountService(dependencies) }
    var balances: BalanceService { BalanceService(dependencies) }

    func snapshot() async throws -> [String: Data] {
        try await store.read { transaction in
            Dictionary(uniqueKeysWithValues: try transaction.scan(.all).map { ($0.key, $0.value) })
        }
    }

    func refusal(_ work: @escaping () async throws -> Void) async -> FolioError? {
        do {
            try await work()
            return nil
        } catch {
            return error as? FolioError
        }
    }

    @discardableResult
    func add(
        _ name: String, _ type: AccountType = .savings, currency: String = "GBP", balance: String? = nil
    )
        async throws -> AccountReport
    {
        try await accounts.add(
            NewAccount(
                name: name, type: type, currency: currency,
                openingBalance: balance.map { BalanceUpdate(date: day("2024-06-01"), amount: money($0)) }))
    }

    @Test("issue 25 #5: amounts over 10¹⁵ and rates over 10⁶ are refused at input, so totals always fit")
    func limits() async throws {
        try await add("A", balance: "1000000000000000")
        let before = try await snapshot()
        let tooLarge = await refusal {
            _ = try await balances.record(account: "A", amount: money("1000000000000000.01"))
        }
        #expect(tooLarge?.field == "amount")
        #expect(tooLarge?.why?.contains("10¹⁵") == true)
        let negative = await refusal {
            _ = try await balances.record(account: "A", amount: money("-99999999999999999999999999"))
        }
        #expect(negative?.field == "amount")
        let rate = await #expect(throws: NetWorthError.self) {
            try await NetWorthRepository(store: store).setRate(
                currency: "USD", rate: money("1000000.5"), on: day("2024-01-01"))
        }
        #expect(rate?.field == "rate")
        #expect(rate?.why?.contains("10⁶") == true)
        #expect(try await snapshot() == before)
        // At both limits, ten thousand accounts still total without overflow: 10⁴ × 10¹⁵ × 10⁶ = 10²⁵ < 10²⁶.
        let largest = (0..<10_000).map { index in
            account(index + 1, "B\(index)", .savings, currency: "USD", [("2024-06-01", "1000000000000000")])
        }
        let rates = ExchangeRates(
            base: "GBP",
            rates: [ExchangeRate(currency: "USD", base: "GBP", date: day("2024-01-01"), rate: InputLimits.maximumRate)])
        let report = try SummaryService.report(
            Portfolio(accounts: largest, rates: rates, inclusion: Inclusion()), on: day("2024-06-30"))
        #expect(report.netWorth == money("10000000000000000000000000"))
    }

    @Test("issue 25 #16: more decimals than the currency has are refused, blaming the amount")
    func decimals() async throws {
        try await add("Pounds")
        try await add("Yen", currency: "JPY")
        let pence = await refusal { _ = try await balances.record(account: "Pounds", amount: money("1.123456789")) }
        #expect(pence?.field == "amount")
        #expect(pence?.why == "GBP amounts have at most 2 decimals")
        let yen = await refusal { _ = try await balances.record(account: "Yen", amount: money("10.5")) }
        #expect(yen?.why == "JPY has no smaller unit, so write a whole number")
        #expect(try await balances.record(account: "Pounds", amount: money("1.12")).amount == money("1.12"))
        #expect(try await balances.record(account: "Yen", amount: money("1050")).amount == 1050)
    }

    @Test("issue 25 #9: names clash in NFC ignoring case; the typed spelling is kept for display")
    func unicodeNames() async throws {
        let precomposed = "Caf\u{E9}"
        let combining = "Cafe\u{301}"
        #expect(Array(precomposed.utf8) != Array(combining.utf8))
        try await add(combining)
        let clash = await refusal { try await add(precomposed.uppercased()) }
        #expect(clash?.kind == .refused)
        #expect(clash?.field == "name")
        let found = try await accounts.account(named: precomposed)
        #expect(Array(found.name.utf8) == Array(combining.utf8))
        #expect(try await accounts.list().count == 1)
    }

    @Test(
        "issue 25 #10: years outside 1900–9999, dates after today or before the opening balance are refused unless forced"
    )
    func dates() async throws {
        try await add("A", balance: "100")
        for date in ["0000-01-01", "1899-12-31"] {
            let old = await refusal { _ = try await balances.record(account: "A", amount: 1, on: day(date)) }
            #expect(old?.field == "date", "\(date)")
            #expect(old?.why?.contains("1900–9999") == true, "\(date)")
        }
        let before = await refusal { _ = try await balances.record(account: "A", amount: 1, on: day("2024-05-31")) }
        #expect(before?.field == "date")
        #expect(before?.why?.contains("2024-06-01") == true)
        let future = await refusal { _ = try await balances.record(account: "A", amount: 1, on: day("2024-07-01")) }
        #expect(future?.field == "date")
        let forced = try await balances.record(account: "A", amount: 1, on: day("2024-05-31"), force: true)
        #expect(forced.warnings.count == 1)
        let forcedFuture = try await balances.record(account: "A", amount: 2, on: day("2024-07-01"), force: true)
        #expect(forcedFuture.warnings.first?.contains("future") == true)
        #expect(try await balances.record(account: "A", amount: 3).warnings.isEmpty)
    }

    @Test("issue 25 #22: a note holds at most 1,000 characters, the refusal blames the note")
    func noteLimit() async throws {
        try await add("A", balance: "100")
        let before = try await snapshot()
        let long = await refusal {
            _ = try await balances.record(account: "A", amount: 5, note: String(repeating: "n", count: 1_001))
        }
        #expect(long?.field == "note")
        let accountNote = await refusal {
            _ = try await accounts.setNote(String(repeating: "n", count: 5_000), named: "A")
        }
        #expect(accountNote?.field == "note")
        #expect(try await snapshot() == before)
        let kept = try await balances.record(account: "A", amount: 5, note: String(repeating: "n", count: 1_000))
        #expect(kept.amount == 5)
    }

    @Test("issue 25 #6: an account without a rate is marked, the rest is valued")
    func missingRate() async throws {
        try await add("Savings", balance: "1000")
        try await add("Dollars", currency: "USD", balance: "500")
        try await add("Euros", currency: "EUR", balance: "200")
        try await NetWorthRepository(store: store).setRate(currency: "EUR", rate: money("0.85"), on: day("2024-01-01"))
        let summary = try await SummaryService(dependencies).summary()
        #expect(summary.netWorth == 1170)
        let dollars = try #require(summary.accounts.first { $0.name == "Dollars" })
        #expect(dollars.value == nil)
        #expect(dollars.counted)
        #expect(dollars.unvaluedBecause?.contains("missing USD exchange rate") == true)
        #expect(summary.warnings.count == 1)
        #expect(summary.warnings[0].contains("Dollars"))
        #expect(summary.accounts.first { $0.name == "Euros" }?.value == 170)
    }

    @Test("the summary report encodes every absent figure as null and decodes what it encodes")
    func summaryRoundTrips() async throws {
        try await add("Savings", balance: "1000")
        try await add("Empty")
        let summary = try await SummaryService(dependencies).summary()
        let data = try JSONEncoder().encode(summary)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["changeSinceLastUpdate"] is NSNull)
        let empty = try #require((object["accounts"] as? [[String: Any]])?.last)
        #expect(empty["balance"] is NSNull)
        #expect(empty.count == SummaryAccount.columns.count)
        #expect(try JSONDecoder().decode(SummaryReport.self, from: data) == summary)
    }
}
