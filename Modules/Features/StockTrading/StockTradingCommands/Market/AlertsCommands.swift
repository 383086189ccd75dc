import ArgumentParser
import FeatureKit
import Foundation
import StockTrading
import Timing

struct AlertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts",
        abstract: "Price alerts that fire when a price crosses a level.",
        discussion: """
            An alert fires once, in the check where the price crosses its level compared with the previous \
            check (or with the price when it was added or re-armed): above fires when previous < level ≤ now, \
            below when previous > level ≥ now. It then stays fired until re-armed. Stale prices fire nothing.

            Examples:
              folio stocks alerts add AAPL --above 180
              folio stocks alerts check --watch --interval 1m
            """,
        subcommands: [
            AlertsAddCommand.self, AlertsListCommand.self, AlertsRemoveCommand.self, AlertsRearmCommand.self,
            AlertsCheckCommand.self,
        ])
}

/// An alert as JSON/CSV rows show it.
struct AlertRow: Encodable {
    var id: Int
    var symbol: String
    var direction: String
    var level: Decimal
    var status: String
    @NullEncodable var referencePrice: Decimal?
    @NullEncodable var referenceAt: Date?
    var createdAt: Date
    @NullEncodable var firedAt: Date?
    @NullEncodable var firedPrice: Decimal?

    static let columns = [
        "id", "symbol", "direction", "level", "status", "referencePrice", "referenceAt", "createdAt", "firedAt",
        "firedPrice",
    ]

    init(_ alert: PriceAlert) {
        id = alert.id
        symbol = alert.symbol
        direction = alert.direction.rawValue
        level = alert.level
        status = alert.status.rawValue
        referencePrice = alert.referencePrice
        referenceAt = alert.referenceAt
        createdAt = alert.createdAt
        firedAt = alert.firedAt
        firedPrice = alert.firedPrice
    }
}

enum AlertText {
    static func condition(_ alert: PriceAlert) -> String {
        "\(alert.symbol) \(alert.direction.rawValue) \(Formatting.money(alert.level))"
    }

    static func table(_ alerts: [PriceAlert], context: FeatureContext) -> String {
        guard !alerts.isEmpty else { return "No alerts. Add one with: folio stocks alerts add AAPL --above 180\n" }
        var table = TextTable(columns: [
            .number("#"), .text("SYMBOL"), .text("CONDITION"), .text("STATUS"), .number("LAST SEEN"), .text("SINCE"),
        ])
        for alert in alerts {
            let status = alert.status == .fired
                ? "fired at \(alert.firedPrice.map(Formatting.money) ?? "?")"
                : "armed"
            table.append([
                TextTable.Cell("\(alert.id)"), TextTable.Cell(alert.symbol),
                TextTable.Cell("\(alert.direction.rawValue) \(Formatting.money(alert.level))"),
                TextTable.Cell(status, color: alert.status == .fired ? .yellow : nil),
                TextTable.Cell(alert.referencePrice.map(Formatting.money) ?? "—"),
                TextTable.Cell(String(Formatting.timestamp(alert.firedAt ?? alert.createdAt).prefix(16))),
            ])
        }
        return table.render(style: context.style, maxWidth: context.terminal.width)
    }
}
