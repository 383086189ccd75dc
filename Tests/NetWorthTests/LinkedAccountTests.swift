import Failures
import Foundation
import Money
import Persistence
import Synchronization
import Testing
import Timing
import TimingTesting

@testable import NetWorth

/// Sources another feature would contribute, set by each test: a reading per name; any other name is unknown.
final class FakeSources: Sendable {
    private let readings: Mutex<[String: SourceReading]>
    /// The currency each kind declares, by source name, as a host's directory knows it before any value.
    private let currencies: [String: String]

    init(_ readings: [String: SourceReading] = [:], currencies: [String: String] = [:]) {
        self.readings = Mutex(readings)
        self.currencies = currencies
    }

    func set(_ name: String, _ reading: SourceReading) { readings.withLock { $0[name] = reading } }

    var linked: LinkedSources {
        LinkedSources(
            check: { name in
                guard let reading = self.readings.withLock({ $0[name] }) else {
                    throw FolioError(.notFound, "there is no source \(name)", field: "source")
                }
                return reading
            },
            read: { name in self.readings.withLock { $0[name] } ?? .unavailable("\(name) is gone") },
            currency: { [currencies] name in currencies[name] })
    }
}

/// Accounts that follow a value source: linking, reading without writing, the last value when the source is down,
/// and a sync that records each change once.
@Suite struct LinkedAccountTests {
    static let now = Date(timeIntervalSince1970: 1_719_748_800)  // 2024-06-30 12:00 UTC
    static let paper = "stocks:portfolio/test@stockport.com"
    let store = InMemoryDatabase(now: { LinkedAccountTests.now }).store(namespace: "networth")
    let sources = FakeSources()
    var dependencies: NetWorthDependencies {
        NetWorthDependencies(store: store, timing: .test(now: Self.now), sources: sources.linked)
    }

    static func usd(_ text: String, staleBecause: String? = nil) -> SourceReading {
        .value(SourcedValue(amount: money(text), currency: "USD", asOf: now, staleBecause: staleBecause))
    }

    func snapshot() async throws -> [String: Data] {
        try await store.read { transaction in
            Dictionary(uniqueKeysWithValues: try transaction.scan(.all).map { ($0.key, $0.value) })
        }
    }

    func refusal(_ work: () async throws -> Void) async -> FolioError? {
        do {
            try await work()
            return nil
        } catch {
            return error as? FolioError
        }
    }

    func paperAccount() async throws {
        sources.set(Self.paper, Self.usd("10174.50"))
        _ = try await AccountService(dependencies).add(
            NewAccount(name: "Paper", type: .investment), linkedTo: Self.paper)
        _ = try await NetWorthRepository(store: store).setRate(
            currency: "USD", rate: money("0.8"), on: day("2024-01-01"))
    }

    @Test("a new linked account takes the source's currency; the summary reads its value now and writes nothing")
    func readsWithoutWriting() async throws {
        try await paperAccount()
        let before = try await snapshot()
        let first = try await SummaryService(dependencies).summary()
        let second = try await SummaryService(dependencies).summary()
        #expect(first == second)
        #expect(try await snapshot() == before)
        let paper = try #require(first.accounts.first)
        #expect(paper.currency == "USD")
        #expect(paper.balance == money("10174.50"))
        #expect(paper.value == money("8139.60"))
        #expect(paper.source == Self.paper)
        #expect(paper.sourceStatus == "live")
        #expect(paper.sourceAsOf == Self.now)
        #expect(first.netWorth == money("8139.60"))
        #expect(first.warnings.isEmpty)
    }

    @Test("sync records a changed value once; a second sync records nothing; a new value is recorded again")
    func syncRecordsChanges() async throws {
        try await paperAccount()
        let first = try await SyncService(dependencies).sync()
        #expect(first.recorded == 1)
        #expect(first.accounts.map(\.outcome) == ["recorded"])
        let second = try await SyncService(dependencies).sync()
        #expect(second.recorded == 0)
        #expect(second.accounts.map(\.outcome) == ["unchanged"])
        var history = try await NetWorthRepository(store: store).account(named: "Paper").updates
        #expect(history.map(\.amount) == [money("10174.50")])
        #expect(history.first?.note == "from \(Self.paper)")
        sources.set(Self.paper, Self.usd("10200"))
        #expect(try await SyncService(dependencies).sync().recorded == 1)
        history = try await NetWorthRepository(store: store).account(named: "Paper").updates
        #expect(history.map(\.amount) == [money("10200")])  // the same day: today's update replaced
    }

    @Test("a source that is down or stale shows the last recorded value with its age and a warning, never zero")
    func downShowsLastValue() async throws {
        try await paperAccount()
        _ = try await BalanceService(dependencies).record(
            account: "Paper", amount: money("9000"), on: day("2024-06-20"))
        for reading in [
            SourceReading.unavailable("the stocks feature is disabled"), Self.usd("1", staleBecause: "prices are old"),
        ] {
            sources.set(Self.paper, reading)
            let summary = try await SummaryService(dependencies).summary()
            let paper = try #require(summary.accounts.first)
            #expect(paper.balance == money("9000"))
            #expect(paper.value == money("7200"))
            #expect(paper.sourceStatus != "live")
            #expect(paper.sourceProblem != nil)
            #expect(summary.warnings.contains { $0.contains("last recorded balance, of 2024-06-20 (10 days old)") })
            let sync = try await SyncService(dependencies).sync()
            #expect(sync.recorded == 0)
            #expect(sync.accounts.first?.outcome == "skipped")
        }
    }

    @Test("a source with nothing recorded that cannot be read leaves the account without a value, with a warning")
    func downWithoutHistory() async throws {
        try await paperAccount()
        sources.set(Self.paper, .unavailable("the quotes service is down"))
        let summary = try await SummaryService(dependencies).summary()
        #expect(summary.accounts.first?.value == nil)
        #expect(summary.netWorth == .zero)
        #expect(summary.warnings.contains { $0.contains("has no balance") && $0.contains("quotes service is down") })
    }

    @Test("issue 38: an account in GBP follows a USD source through the stored rates, and says so")
    func linkAcrossCurrencies() async throws {
        _ = try await AccountService(dependencies).add(
            NewAccount(
                name: "Savings", type: .savings, openingBalance: BalanceUpdate(date: day("2024-06-01"), amount: 5)))
        sources.set(Self.paper, Self.usd("100"))
        let withoutRate = try await LinkService(dependencies).link("Savings", to: Self.paper)
        #expect(withoutRate.currency == "GBP")
        #expect(withoutRate.warning?.contains("no stored rate turns that into GBP") == true)
        var summary = try await SummaryService(dependencies).summary()
        #expect(summary.accounts.first?.sourceStatus == "unavailable")
        #expect(summary.accounts.first?.value == money("5"))
        _ = try await RateService(dependencies).set("USD", rate: money("0.8"), on: day("2024-01-01"))
        let linked = try await LinkService(dependencies).link("Savings", to: Self.paper)
        #expect(linked.warning?.contains("converted into GBP with the stored rates") == true)
        summary = try await SummaryService(dependencies).summary()
        #expect(summary.accounts.first?.currency == "GBP")
        #expect(summary.accounts.first?.sourceStatus == "live")
        #expect(summary.accounts.first?.value == money("80"))
        #expect(summary.warnings.contains { $0.contains("converted from $100.00 with the stored rates") })
        let sync = try await SyncService(dependencies).sync()
        #expect(sync.accounts.first?.balance == money("80"))
    }

    @Test("unknown and malformed sources and a taken source are refused and store nothing")
    func refusals() async throws {
        _ = try await AccountService(dependencies).add(
            NewAccount(
                name: "Savings", type: .savings, openingBalance: BalanceUpdate(date: day("2024-06-01"), amount: 5)))
        sources.set(Self.paper, Self.usd("100"))
        let before = try await snapshot()
        let unknown = await refusal { _ = try await LinkService(dependencies).link("Savings", to: "stocks:nothing") }
        #expect(unknown?.kind == .notFound)
        #expect(unknown?.field == "source")
        let added = await refusal {
            _ = try await AccountService(dependencies).add(
                NewAccount(name: "New", type: .investment), linkedTo: "etf:saved/none")
        }
        #expect(added?.kind == .notFound)
        let currency = await refusal {
            _ = try await AccountService(dependencies).add(
                NewAccount(name: "New", type: .investment, currency: "GBP"), linkedTo: Self.paper)
        }
        #expect(currency?.why?.contains("USD") == true)
        #expect(try await snapshot() == before)
        _ = try await AccountService(dependencies).add(
            NewAccount(name: "Paper", type: .investment), linkedTo: Self.paper)
        let taken = await refusal {
            _ = try await AccountService(dependencies).add(
                NewAccount(name: "Again", type: .investment), linkedTo: Self.paper)
        }
        #expect(taken?.what.contains("already follows") == true)
    }

    @Test("unlink keeps the recorded balances; removing an account removes its link; a past date reads no source")
    func unlinkAndHistory() async throws {
        try await paperAccount()
        _ = try await SyncService(dependencies).sync()
        let past = try await SummaryService(dependencies).summary(asOf: day("2024-06-29"))
        #expect(past.accounts.first?.sourceStatus == "recorded")
        #expect(past.accounts.first?.balance == nil)
        let unlinked = try await LinkService(dependencies).unlink("paper")
        #expect(unlinked.source == Self.paper)
        sources.set(Self.paper, Self.usd("1"))
        let summary = try await SummaryService(dependencies).summary()
        #expect(summary.accounts.first?.balance == money("10174.50"))
        #expect(summary.accounts.first?.source == nil)
        _ = try await LinkService(dependencies).link("Paper", to: Self.paper)
        _ = try await AccountService(dependencies).remove(named: "Paper")
        #expect(try await NetWorthRepository(store: store).links().isEmpty)
    }
}
