import FeatureKit
import Foundation
import Money
import StockTrading

/// An alert as JSON/CSV rows show it.
struct AlertRow: Encodable {
    var id: Int
    var symbol: String
    var direction: String
    var level: Amount
    var status: String
    @NullEncodable var referencePrice: Amount?
    @NullEncodable var referenceAt: Date?
    var createdAt: Date
    @NullEncodable var firedAt: Date?
    @NullEncodable var firedPrice: Amount?

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
