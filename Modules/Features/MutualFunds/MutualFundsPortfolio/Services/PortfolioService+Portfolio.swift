import Caching
import Failures
import Foundation
import Money
import MutualFunds
import Persistence
import Timing

/// The form of a statement file.
public enum StatementFormat: String, Sendable, Hashable, CaseIterable {
    /// casparser's JSON.
    case json
    /// casparser's CSV export.
    case csv

    /// The form of `data`: JSON when its first non-blank character opens an object.
    public static func detect(_ data: Data) -> StatementFormat {
        let first = data.first {
            !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF)
        }
        return first == UInt8(ascii: "{") ? .json : .csv
    }
}

extension PortfolioService {
    /// Imports a casparser statement: every scheme is checked first (running balances; open/close units in
    /// JSON) and nothing is stored when one does not reconcile, unless `allowMismatch`, which stores those
    /// schemes marked unreconciled. Transactions already held are not added again.
    /// - Throws: ``FolioError``: data error (exit 65) for an unreadable, summary or non-reconciling statement.
    public func importStatement(
        _ data: Data, format: StatementFormat? = nil, allowMismatch: Bool = false
    ) async throws
        -> ImportReport
    {
        let statement: CASStatement
        switch format ?? StatementFormat.detect(data) {
        case .json: statement = try CASStatement.json(data)
        case .csv:
            guard let text = String(data: data, encoding: .utf8) else {
                throw FolioError(.dataError, "cannot read the statement", why: "it is not UTF-8 text", field: "file")
            }
            statement = try CASStatement.csv(text)
        }
        let schemes = try Reconciliation.checked(statement, allowMismatch: allowMismatch)
        let count = try await mapped {
            try await store.write { transaction in
                let merged = try PortfolioStore.load(in: transaction).merging(schemes)
                try PortfolioStore.save(merged.portfolio, in: transaction)
                return merged.count
            }
        }
        return ImportReport(
            added: count.added, alreadyHeld: count.known, schemes: schemes.count, newSchemes: count.newSchemes,
            unreconciled: schemes.compactMap { scheme in scheme.mismatch.map { "\(scheme.label): \($0)" } })
    }

    /// The stored portfolio (never fetches).
    public func portfolio() async throws -> Portfolio {
        try await mapped { try await store.read { try PortfolioStore.load(in: $0) } }
    }

    /// Every stored transaction, by folio, scheme and date.
    public func portfolioTransactions() async throws -> [TransactionRow] {
        try await portfolio().transactions.map { TransactionRow(scheme: $0.scheme, transaction: $0.transaction) }
    }

    /// Removes the transaction `id`.
    /// - Throws: ``FolioError`` (not found, blaming `id`) when no transaction has it.
    public func removeTransaction(id: String) async throws -> TransactionRow {
        let removed = try await mapped {
            try await store.write { transaction -> (HeldScheme, PortfolioTransaction)? in
                guard let result = try PortfolioStore.load(in: transaction).removing(id: id) else { return nil }
                try PortfolioStore.save(result.portfolio, in: transaction)
                return result.removed
            }
        }
        guard let (scheme, transaction) = removed else {
            throw FolioError(
                .notFound, "no transaction \(id)", hint: "the portfolio's transactions list each id", field: "id")
        }
        return TransactionRow(scheme: scheme, transaction: transaction)
    }

    /// Records a purchase (or, with negative `entry` units, a sale) made outside any statement, at the NAV of
    /// its date from the scheme's history unless `entry` gives one.
    /// - Throws: ``FolioError``: as ``history(code:mode:)``; invalid when the date has no NAV; refused when a sale
    ///   is more than the folio holds.
    public func addManual(_ entry: ManualEntry, mode: FetchMode = .normal) async throws -> TransactionRow {
        let history = try await funds.history(code: entry.code, mode: mode).value
        let priced = try entry.priced(on: history, today: Freshness.todayInIndia(timing.now()))
        let name = history.name
        let isin = history.meta.isinGrowth ?? history.meta.isinDivReinvestment
        let folio = entry.folio
        let row = try await mapped {
            try await store.write { transaction -> Result<TransactionRow, FolioError> in
                let portfolio = try PortfolioStore.load(in: transaction)
                let key = SchemeKey(folio: folio, scheme: isin ?? name)
                var scheme =
                    portfolio.schemes.first { $0.key == key }
                    ?? HeldScheme(
                        folio: folio, amc: history.meta.fundHouse ?? "", name: name, isin: isin, amfi: entry.code)
                let held = scheme.units(asOf: priced.date)
                let made = PortfolioTransaction(
                    scheme: key, date: priced.date, kind: priced.units.isNegative ? .redemption : .purchase,
                    description: priced.units.isNegative
                        ? "Redemption (entered by hand)" : "Purchase (entered by hand)",
                    amount: priced.amount, units: priced.units, nav: priced.nav,
                    balance: try held + priced.units)
                if priced.units.isNegative, let short = scheme.firstShortfall(adding: made) {
                    return .failure(
                        FolioError(
                            .refused,
                            "cannot sell \(priced.units.magnitude.plainText) units of \(name) on \(priced.date)",
                            why: short.date == priced.date
                                ? "folio \(folio) holds \(held.plainText) units on \(priced.date)"
                                : "the sale of \(short.date) would then be \(short.units.magnitude.plainText) units "
                                    + "short in folio \(folio)", field: "units"))
                }
                guard !scheme.transactions.contains(where: { $0.id == made.id }) else {
                    return .failure(
                        FolioError(
                            .refused, "this transaction is already recorded", why: "id \(made.id)", field: "date"))
                }
                scheme.amfi = scheme.amfi ?? entry.code
                scheme.transactions = Portfolio.ordered(scheme.transactions + [made])
                let others = portfolio.schemes.filter { $0.key != key }
                try PortfolioStore.save(Portfolio(schemes: others + [scheme]), in: transaction)
                return .success(TransactionRow(scheme: scheme, transaction: made))
            }
        }
        return try row.get()
    }
}
