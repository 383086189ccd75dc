import Foundation
import Money
import Timing

extension OverviewReport {
    /// The CSV columns of `folio overview --format csv`: one row per figure, section first.
    public static let csvColumns = ["section", "key", "label", "value", "currency", "share", "date"]

    /// The report as CSV rows under ``csvColumns``: net worth, changes, allocation slices, movers, suggestions.
    public var csvRows: [[String]] {
        let iso = ISO8601DateFormatter()
        var rows: [[String?]] = []
        if let netWorth {
            let day = netWorth.asOf.iso8601
            rows += [
                ["netWorth", "assets", "Assets", netWorth.assets.plainText, currency, nil, day],
                ["netWorth", "debts", "Debts", netWorth.debts.plainText, currency, nil, day],
                ["netWorth", "net", "Net worth", netWorth.net.plainText, currency, nil, day],
            ]
        }
        rows += changes.map {
            [
                "change", $0.period, "Change \($0.period)", $0.change?.plainText, currency, $0.fraction?.plainText,
                $0.since?.iso8601,
            ]
        }
        rows += trend.points.map {
            ["trend", trend.range.rawValue, "Net worth", $0.net.plainText, currency, nil, $0.date.iso8601]
        }
        rows += allocation.byClass.map {
            ["assetClass", $0.key, $0.label, $0.value.plainText, currency, $0.share.plainText, nil]
        }
        rows += allocation.byCurrency.map {
            ["currency", $0.key, $0.label, $0.value.plainText, currency, $0.share.plainText, nil]
        }
        rows.append(["liabilities", "liability", "Liabilities", allocation.liabilities.plainText, currency, nil, nil])
        rows += movers.map {
            ["mover", $0.source, $0.name, $0.dayChange.plainText, $0.currency, $0.fraction?.plainText, nil]
        }
        rows += alerts.map { ["alert", "\($0.id)", $0.condition, nil, nil, nil, iso.string(from: $0.firedAt)] }
        rows += agenda.map { ["agenda", $0.feature, $0.title, nil, nil, nil, iso.string(from: $0.startsAt)] }
        rows += suggestions.map {
            ["suggestion", $0.source, $0.summary, $0.value.plainText, $0.currency, nil, iso.string(from: $0.asOf)]
        }
        return rows.map { $0.map { $0 ?? "" } }
    }
}
