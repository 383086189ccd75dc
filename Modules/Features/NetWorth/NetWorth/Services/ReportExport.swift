import Money
import Timing

/// The report as `report --format csv|json` writes it, for every face: the fixed columns then one per counted
/// account, a name that equals a fixed column (in any case) suffixed ` (account)` so no column is written twice.
extension NetWorthReport {
    /// The fixed columns, before the accounts'.
    public static let fixedColumns = [
        "period", "date", "currency", "assets", "debts", "netWorth", "change", "changePercent",
    ]

    /// The account columns' names, in ``accounts`` order.
    public var accountColumns: [String] {
        let fixed = Set(Self.fixedColumns.map { $0.lowercased() })
        return accounts.map { fixed.contains($0.lowercased()) ? "\($0) (account)" : $0 }
    }

    /// The CSV header: ``fixedColumns`` then ``accountColumns``.
    public var csvHeader: [String] { Self.fixedColumns + accountColumns }

    /// The CSV cells of each row, oldest first; absent figures empty.
    public var csvRows: [[String]] {
        rows.map { row in
            [
                row.period, row.date.iso8601, currency, "\(row.assets)", "\(row.debts)", "\(row.netWorth)",
                row.change.map { "\($0)" } ?? "", row.changePercent.map { "\($0)" } ?? "",
            ] + row.values.map { $0.map { "\($0)" } ?? "" }
        }
    }

    /// The JSON rows, oldest first: the CSV's columns as keys, absent figures null.
    public var jsonRows: [ReportJSONRow] {
        let columns = accountColumns
        return rows.map { ReportJSONRow(row: $0, currency: currency, columns: columns) }
    }
}

/// One report row as JSON: the fixed keys then one key per account column.
public struct ReportJSONRow: Encodable, Sendable {
    let row: NetWorthReportRow
    let currency: String
    let columns: [String]

    /// Encodes the stored form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ColumnKey.self)
        try container.encode(row.period, forKey: ColumnKey("period"))
        try container.encode(row.date.iso8601, forKey: ColumnKey("date"))
        try container.encode(currency, forKey: ColumnKey("currency"))
        try container.encode(row.assets, forKey: ColumnKey("assets"))
        try container.encode(row.debts, forKey: ColumnKey("debts"))
        try container.encode(row.netWorth, forKey: ColumnKey("netWorth"))
        try container.encode(row.change, forKey: ColumnKey("change"))
        try container.encode(row.changePercent, forKey: ColumnKey("changePercent"))
        for (key, value) in zip(columns, row.values) {
            try container.encode(value, forKey: ColumnKey(key))
        }
    }
}

/// A coding key made at run time (account names as JSON keys).
struct ColumnKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
