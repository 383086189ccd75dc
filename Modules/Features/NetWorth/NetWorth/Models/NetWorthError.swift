import Money
import Timing

/// Why a net-worth operation was refused, worded for people: what failed, why, and what to do.
///
/// The domain has no terminal or exit codes; the plug-in maps ``Kind-swift.enum`` to them.
public struct NetWorthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of failure.
    public enum Kind: Sendable, Hashable {
        /// Text that is not what was asked for (not a number, not a date).
        case malformed
        /// A well-formed value outside what is accepted whatever is stored (too large, too many decimals, a
        /// year out of range, a note too long).
        case invalid
        /// A well-formed request that cannot be carried out (unknown account, duplicate name, missing rate).
        case refused
        /// Stored data that cannot be used.
        case corrupt
    }

    /// The class of failure.
    public var kind: Kind
    /// What failed.
    public var what: String
    /// Why it failed.
    public var why: String?
    /// What to do about it.
    public var hint: String?
    /// The input to blame, in form and JSON names (`amount`, `date`, `note`, `name`, `rate`, `account`), when one is.
    public var field: String?

    /// Creates an error.
    public init(_ kind: Kind, _ what: String, why: String? = nil, hint: String? = nil, field: String? = nil) {
        self.kind = kind
        self.what = what
        self.why = why
        self.hint = hint
        self.field = field
    }

    /// `what — why`.
    public var description: String { why.map { "\(what) — \($0)" } ?? what }
}

extension NetWorthError {
    /// No account has this name; close names are suggested.
    public static func unknownAccount(_ name: String, known: [String]) -> NetWorthError {
        let folded = AccountName.fold(name)
        let close = known.filter { candidate in
            let other = AccountName.fold(candidate)
            return other.contains(folded) || folded.contains(other)
        }
        let hint =
            close.isEmpty
            ? (known.isEmpty
                ? "add one with `folio networth accounts add --name NAME --type TYPE`"
                : "see the accounts with `folio networth accounts list`")
            : "did you mean " + close.prefix(3).map { "\"\($0)\"" }.joined(separator: " or ") + "?"
        return NetWorthError(
            .refused, "no account named \"\(name)\"",
            why: known.isEmpty ? "there are no accounts yet" : "names are matched ignoring case", hint: hint,
            field: "account")
    }

    /// A balance would need a rate that is not there.
    public static func missingRate(
        currency: String, base: String, date: CalendarDate, account: String?, earliest: CalendarDate?
    ) -> NetWorthError {
        var why = "no \(currency)→\(base) rate is in force on \(date.iso8601)"
        if let account { why += " to convert \"\(account)\"" }
        if let earliest { why += " (the earliest \(currency) rate is dated \(earliest.iso8601))" }
        return NetWorthError(
            .refused, "missing \(currency) exchange rate", why: why,
            hint: "set one with `folio networth rate set \(currency) RATE --date \(date.iso8601)`"
                + " (RATE = \(base) per 1 \(currency))")
    }
}

extension NetWorthError {
    /// A figure beyond what an amount holds (±10²⁶): refused rather than wrapped or rounded.
    public static let overflow = NetWorthError(
        .refused, "a figure is too large to compute", why: "amounts are limited to ±10²⁶",
        hint: "check the balances and rates for a typo")

    /// Runs checked money arithmetic, reporting overflow as ``overflow``.
    public static func checked<T>(_ body: () throws(MoneyError) -> T) throws(NetWorthError) -> T {
        do {
            return try body()
        } catch {
            throw .overflow
        }
    }
}
