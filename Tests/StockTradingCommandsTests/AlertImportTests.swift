import Alerting
import FeatureKit
import FeatureKitTesting
import Foundation
import Persistence
@testable import StockTradingCommands
import Settings
import Testing

@Suite("The stocks feature's own price alerts, taken into the host's alert store")
struct AlertImportTests {
    @Test("every account's alerts become stock alerts, a fired one still fired, and the host imports them once")
    func importsEveryAccount() async throws {
        let harness = try await Harness.make()
        try await harness.signUp("ann@example.com")
        #expect(await harness.run(["alerts", "add", "AAPL", "--above", "900"]).exitCode == 0)
        #expect(await harness.run(["alerts", "add", "TSLA", "--below", "1.50"]).exitCode == 0)
        try await harness.signUp("bob@example.com")
        #expect(await harness.run(["alerts", "add", "MSFT", "--above", "1000"]).exitCode == 0)
        let context = FeatureContext.test(
            featureID: "stocks", store: harness.store, timing: harness.timing,
            configuration: Configuration(environment: harness.environment))

        let imported = try await StockAlerts.imports(context)
        #expect(imported.map(\.definition.summary).sorted() == ["AAPL above $900.00", "MSFT above $1,000.00", "TSLA below $1.50"])
        #expect(imported.allSatisfy { $0.featureID == "stocks" && $0.definition.kind == "stock" && $0.firedKeys.isEmpty })

        let alerts = AlertStore(store: harness.database.store(namespace: AlertStore.namespace))
        try await alerts.prepare { try await StockAlerts.imports(context) }
        try await alerts.prepare { Issue.record("imported twice"); return [] }
        #expect(try await alerts.list().map(\.id) == [1, 2, 3])
    }
}
