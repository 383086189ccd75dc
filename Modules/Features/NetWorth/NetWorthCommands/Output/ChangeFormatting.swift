import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// How changes read: `▲ +£200.00 (+4.17%)` in green or red on a colour terminal, and with words instead
/// of colour (`+£200.00 (+4.17%) up`, `-£150.00 (-3.00%) paid down`) everywhere else.
enum ChangeFormatting {
    /// `+£200.00 (+4.17%)`, `+£200.00 (% n/a)` when the previous balance was zero, or `no change`.
    static func amount(_ change: BalanceChange, currency: String) -> String {
        if change.isZero { return "no change" }
        let money = NumberFormat.signedMoney(change.amount, currency: currency)
        let percent = change.fraction.map { NumberFormat.percent($0) } ?? "% n/a"
        return "\(money) (\(percent))"
    }

    /// The word that says whether a change is good news without colour.
    static func word(_ change: BalanceChange) -> String {
        switch (change.direction, change.isDebt) {
        case (0, _): ""
        case (1, false): "up"
        case (-1, false): "down"
        case (-1, true): "paid down"
        default: "more owed"
        }
    }

    /// The arrow of the balance's own direction.
    static func arrow(_ change: BalanceChange) -> String {
        change.direction > 0 ? "▲" : change.direction < 0 ? "▼" : "="
    }

    /// The change for a line of text, coloured by trend (debt going down is good) or worded.
    static func text(_ change: BalanceChange?, currency: String, style: Style) -> String {
        guard let change else { return "—" }
        if change.isZero { return "no change" }
        let body = amount(change, currency: currency)
        if style.colorEnabled { return style.trend("\(arrow(change)) \(body)", sign: sign(change.trend)) }
        return "\(body) \(word(change))"
    }

    /// The change as a table cell.
    static func cell(_ change: BalanceChange?, currency: String, style: Style) -> TextTable.Cell {
        guard let change else { return TextTable.Cell("—") }
        if change.isZero { return TextTable.Cell("no change") }
        let body = amount(change, currency: currency)
        if style.colorEnabled { return .trend("\(arrow(change)) \(body)", sign: sign(change.trend)) }
        return TextTable.Cell("\(body) \(word(change))")
    }

    /// +1 for good news, −1 for bad, 0 for none.
    static func sign(_ trend: Trend) -> Int {
        switch trend {
        case .positive: 1
        case .negative: -1
        case .none: 0
        }
    }
}

extension ChangeReport {
    /// The change again, for the shared wording and colours (its figures are exact, so nothing is lost).
    func balanceChange(isDebt: Bool) -> BalanceChange? {
        try? BalanceChange(from: previous, to: current, isDebt: isDebt)
    }
}
