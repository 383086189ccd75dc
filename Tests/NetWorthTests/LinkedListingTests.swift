import Failures
import Foundation
import Money
import Persistence
import Testing
import Timing
import TimingTesting

@testable import NetWorth

/// A linked account's currency comes from its source's kind even before the source has a value, and the account
/// listings name the source with what it reads now.
@Suite struct LinkedListingTests {
    static let now = Date(timeIntervalSince1970: 1_719_748_800)  // 2024-06-30 12:00 UTC
    static let funds = "funds:portfolio"
    static let paper = "stocks:portfolio/test@stockport.com"
    let store = InMemoryDatabase(now: { LinkedListingTests.now }).store(namespace: "networth")
    let sources = FakeSources(
        [funds: .nothing("funds:portfolio has nothing to value yet")],
        currencies: [funds: "INR", paper: "USD"])
    var dependencies: NetWorthDependencies {
        NetWorthDependencies(store: store, timing: .test(now: Self.now), sources: sources.linked)
    }

    @Test("an account added to follow an empty funds portfolio takes INR, not the base currency")
    func emptySourceGivesItsCurrency() async throws {
        let added = try await AccountService(dependencies).add(
            NewAccount(name: "Funds", type: .investment), linkedTo: Self.funds)
        #expect(added.currency == "INR")
        #expect(try await AccountService(dependencies).account(named: "funds").currency == "INR")
    }

    @Test("linking an existing account without balances to a source that cannot be read takes the kind's currency")
    func unreadableSourceGivesItsCurrency() async throws {
        sources.set(Self.paper, .unavailable("the quotes service is down"))
        _ = try await AccountService(dependencies).add(NewAccount(name: "Paper", type: .investment))
        let linked = try await LinkService(dependencies).link("paper", to: Self.paper)
        #expect(linked.currency == "USD")
        #expect(linked.warning?.contains("cannot be read now") == true)
        #expect(try await AccountService(dependencies).account(named: "Paper").currency == "USD")
    }

    @Test("an explicit currency other than the empty source's kind's is refused and nothing is stored")
    func explicitCurrencyClash() async throws {
        var refusal: FolioError?
        do {
            _ = try await AccountService(dependencies).add(
                NewAccount(name: "Funds", type: .investment, currency: "GBP"), linkedTo: Self.funds)
        } catch {
            refusal = error as? FolioError
        }
        #expect(refusal?.field == "source")
        #expect(try await AccountService(dependencies).list().isEmpty)
    }

    @Test("listings name the source, the day linked and the value it reads now; an unlinked account has none")
    func listingsShowTheLink() async throws {
        sources.set(Self.paper, .value(SourcedValue(amount: money("10174.505"), currency: "USD", asOf: Self.now)))
        _ = try await AccountService(dependencies).add(
            NewAccount(name: "Paper", type: .investment), linkedTo: Self.paper)
        _ = try await AccountService(dependencies).add(
            NewAccount(name: "Funds", type: .investment), linkedTo: Self.funds)
        _ = try await AccountService(dependencies).add(
            NewAccount(
                name: "Cash", type: .current,
                openingBalance: BalanceUpdate(date: day("2024-06-01"), amount: money("50"))))
        let listings = try await AccountService(dependencies).listings()
        #expect(listings.map(\.name) == ["Paper", "Funds", "Cash"])
        let paper = listings[0]
        #expect(paper.source == Self.paper)
        #expect(paper.linkedOn == "2024-06-30")
        #expect(paper.sourceStatus == "live")
        #expect(paper.sourceValue == money("10174.50"))
        #expect(paper.sourceAsOf == Self.now)
        #expect(paper.balance == nil)
        let funds = listings[1]
        #expect(funds.sourceStatus == "nothing")
        #expect(funds.sourceValue == nil)
        #expect(funds.sourceProblem == "funds:portfolio has nothing to value yet")
        #expect(listings[2].source == nil && listings[2].sourceStatus == nil && listings[2].balance == money("50"))
        #expect(try await AccountService(dependencies).listing(named: "PAPER") == paper)

        let json = String(decoding: try JSONEncoder().encode(listings[2]), as: UTF8.self)
        for key in ["source", "linkedOn", "sourceStatus", "sourceValue", "sourceAsOf", "sourceProblem"] {
            #expect(json.contains("\"\(key)\":null"), "\(key) in \(json)")
        }
        #expect(Set(AccountListing.columns).count == AccountListing.columns.count)
    }
}
