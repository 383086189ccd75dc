import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import Persistence
import Testing
import Timing
import TimingTesting

@testable import NetWorthCommands

/// The books the overview reads on every view of `/` keep what they decoded and the history they worked out while
/// nothing changes, and work it out again as soon as a balance, a rate or a toggle does (issue 38 item 7).
@Suite struct HouseholdHistoryTests {
    @Test("the kept history is the one worked out anew, and a new balance is in the next reading at once")
    func keptUntilTheBooksChange() async throws {
        let harness = Harness()
        try await harness.run(
            ["accounts", "add", "--name", "Savings", "--type", "savings", "--balance", "1000", "--date", "2024-05-01"])
        try await harness.run(["update", "Savings", "1200", "--date", "2024-06-01"])
        let read = NetWorthHousehold.reader(decoded: DecodedRecords(), kept: NetWorthHousehold.KeptHistory())
        let context = FeatureContext.test(featureID: "networth", store: harness.store, timing: .test(now: Harness.now))
        let first = try #require(try await read(context))
        let fresh = try #require(
            try await NetWorthHousehold.reader(decoded: DecodedRecords(), kept: NetWorthHousehold.KeptHistory())(
                context))
        #expect(first.history == fresh.history)
        #expect(first.history.map(\.net) == [Amount("1000")!, Amount("1200")!])
        #expect(try #require(try await read(context)).history == first.history, "nothing changed: the same history")

        try await harness.run(["update", "Savings", "1500", "--date", "2024-06-15"])
        let after = try #require(try await read(context))
        #expect(after.history.map(\.net) == [Amount("1000")!, Amount("1200")!, Amount("1500")!])
        try await harness.run(
            ["accounts", "add", "--name", "Card", "--type", "credit-card", "--balance", "300", "--date", "2024-06-20"])
        let withDebt = try #require(try await read(context))
        #expect(withDebt.history.last?.debts == Amount("300")!)
        #expect(withDebt.history.last?.net == Amount("1200")!)
    }
}
