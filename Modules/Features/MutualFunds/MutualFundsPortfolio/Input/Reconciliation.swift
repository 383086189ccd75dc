import Failures
import Money
import MutualFunds
import Timing

/// The checks a statement passes before anything of it is stored: each scheme's running `balance` after every
/// transaction, in the statement's order, and its closing units against the opening units plus every
/// transaction's units.
public enum Reconciliation {
    /// The first disagreement in a scheme, in words; nil when the scheme reconciles.
    public static func mismatch(in scheme: HeldScheme) -> String? {
        var running = scheme.openingUnits
        for transaction in scheme.transactions {
            guard let units = transaction.units else { continue }
            guard let sum = try? running + units else { return "the units overflow" }
            running = sum
            if let balance = transaction.balance, balance != running {
                return "the \(transaction.kind.rawValue) of \(transaction.date.iso8601) (\(units.plainText) units) "
                    + "says the balance is \(balance.plainText) units where the transactions add up to "
                    + running.plainText
            }
        }
        if let close = scheme.closingUnits, close != running {
            return "the statement closes with \(close.plainText) units where the opening "
                + "\(scheme.openingUnits.plainText) and the transactions add up to \(running.plainText)"
        }
        return nil
    }

    /// The statement's schemes, checked: refused when any does not reconcile (unless `allowMismatch`, which
    /// marks those schemes unreconciled) or when it is a summary without transactions.
    /// - Throws: ``FolioError`` (data error, exit 65) naming the folio, the scheme and the first transaction that
    ///   disagrees.
    public static func checked(_ statement: CASStatement, allowMismatch: Bool) throws(FolioError) -> [HeldScheme] {
        guard statement.casType != "SUMMARY", statement.schemes.contains(where: { !$0.transactions.isEmpty }) else {
            throw FolioError(
                .dataError, "the statement has no transactions",
                why: statement.casType == "SUMMARY"
                    ? "it is a SUMMARY statement, which lists holdings without the transactions they came from"
                    : "none of its schemes lists a transaction",
                hint: "request a DETAILED statement (CAMS or KFintech) and export it with casparser", field: "file")
        }
        var schemes: [HeldScheme] = []
        var problems: [String] = []
        for var scheme in statement.schemes {
            if let mismatch = mismatch(in: scheme) {
                problems.append("\(scheme.label): \(mismatch)")
                scheme.reconciled = false
                scheme.mismatch = mismatch
            }
            schemes.append(scheme)
        }
        if let first = problems.first, !allowMismatch {
            throw FolioError(
                .dataError, "the statement does not reconcile; nothing was imported",
                why: first
                    + (problems.count > 1
                        ? " (and \(problems.count - 1) more scheme\(problems.count > 2 ? "s" : ""))" : ""),
                hint:
                    "check the statement, or import it allowing mismatches: those schemes are then marked unreconciled",
                field: "file", reason: .statementDoesNotReconcile)
        }
        return schemes
    }
}

extension FolioError.Reason {
    /// A statement that does not reconcile: a face offers its own way to import it anyway (the terminal's
    /// `--allow-mismatch`, the page's checkbox).
    public static let statementDoesNotReconcile = FolioError.Reason(rawValue: "statementDoesNotReconcile")
}
