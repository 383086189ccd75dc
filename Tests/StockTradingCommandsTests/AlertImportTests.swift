import AlertRules
import Alerting
import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import Persistence
import Settings
import StockTrading
import Testing

@testable import StockTradingCommands

@Suite("The stocks feature's own price alerts, taken into the host's alert store")
struct AlertImportTests {
    @Test("every account's alerts become stock alerts, a fired one still fired, and the host imports them once")
    func importsEveryAccount() async throws {
        let harness = try await Harness.make()
        // Records as `folio stocks alerts add` kept them per account, before the host kept every alert.
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        let legacy = [
            (
                "u/ann/alert/000000000001",
                PriceAlert(
                    id: 1, symbol: "AAPL", direction: .above, level: 900, referencePrice: 175, createdAt: created)
            ),
            (
                "u/ann/alert/000000000002",
                PriceAlert(
                    id: 2, symbol: "TSLA", direction: .below, level: Amount(150, places: 2), referencePrice: 250,
                    createdAt: created)
            ),
            (
                "u/bob/alert/000000000001",
                PriceAlert(
                    id: 1, symbol: "MSFT", direction: .above, level: 1000, referencePrice: nil, createdAt: created)
            ),
        ]
        try await harness.store.write { transaction in
            for (key, alert) in legacy { try transaction.put(key, alert) }
        }
        let context = FeatureContext.test(
            featureID: "stocks", store: harness.store, timing: harness.timing,
            configuration: Configuration(environment: harness.environment))

        let imported = try await StockAlerts.imports(context)
        #expect(
            imported.map(\.definition.summary).sorted() == [
                "AAPL above $900.00", "MSFT above $1,000.00", "TSLA below $1.50",
            ])
        #expect(
            imported.allSatisfy { $0.featureID == "stocks" && $0.definition.kind == "stock" && $0.firedKeys.isEmpty })

        let alerts = AlertStore(store: harness.database.store(namespace: AlertStore.namespace))
        try await alerts.prepare { try await StockAlerts.imports(context) }
        try await alerts.prepare {
            Issue.record("imported twice"); return []
        }
        #expect(try await alerts.list().map(\.id) == [1, 2, 3])
    }
}
