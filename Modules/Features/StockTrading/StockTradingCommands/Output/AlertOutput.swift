import FeatureKit
import Foundation
import Money
import StockTrading

enum AlertText {
    static func condition(_ alert: AlertRow) -> String {
        "\(alert.symbol) \(alert.direction) \(Formatting.money(alert.level))"
    }

    static func table(_ alerts: [AlertRow], context: FeatureContext) -> String {
        guard !alerts.isEmpty else { return "No alerts. Add one with: folio stocks alerts add AAPL --above 180\n" }
        var table = TextTable(columns: [
            .number("#"), .text("SYMBOL"), .text("CONDITION"), .text("STATUS"), .number("LAST SEEN"), .text("SINCE"),
        ])
        for alert in alerts {
            let fired = alert.status == PriceAlert.Status.fired.rawValue
            let status = fired
                ? "fired at \(alert.firedPrice.map(Formatting.money) ?? "?")"
                : "armed"
            table.append([
                TextTable.Cell("\(alert.id)"), TextTable.Cell(alert.symbol),
                TextTable.Cell("\(alert.direction) \(Formatting.money(alert.level))"),
                TextTable.Cell(status, color: fired ? .yellow : nil),
                TextTable.Cell(alert.referencePrice.map(Formatting.money) ?? "—"),
                TextTable.Cell(String(Formatting.timestamp(alert.firedAt ?? alert.createdAt).prefix(16))),
            ])
        }
        return table.render(style: context.style, maxWidth: context.terminal.width)
    }
}
