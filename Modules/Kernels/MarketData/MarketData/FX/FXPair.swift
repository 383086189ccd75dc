import Foundation

/// A pair of currencies as market data names it: `GBPUSD=X`, Yahoo Finance's symbol for the price of one pound in
/// dollars. Every provider answers a quote of such a symbol with the rate (Alpha Vantage through
/// `CURRENCY_EXCHANGE_RATE`, the simulated market from its fixed table), so rates share the quotes' cache, limits
/// and fallback.
public struct FXPair: Sendable, Hashable, CustomStringConvertible {
    /// The currency converted from (ISO 4217, upper case).
    public var from: String
    /// The currency converted to.
    public var to: String

    /// The pair converting `from` into `to`; codes are upper-cased.
    public init(from: String, to: String) {
        self.from = from.uppercased()
        self.to = to.uppercased()
    }

    /// The pair a symbol such as `GBPUSD=X` names, nil for any other symbol.
    public init?(symbol: String) {
        let text = symbol.uppercased()
        guard text.count == 8, text.hasSuffix("=X") else { return nil }
        let letters = Array(text.prefix(6))
        guard letters.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        self.init(from: String(letters[0..<3]), to: String(letters[3..<6]))
    }

    /// `GBPUSD=X`.
    public var symbol: String { "\(from)\(to)=X" }

    /// `GBP→USD`.
    public var description: String { "\(from)→\(to)" }

    /// Whether `code` looks like an ISO 4217 currency code: three ASCII letters.
    public static func isCurrencyCode(_ code: String) -> Bool {
        code.count == 3 && code.allSatisfy { $0.isASCII && $0.isLetter }
    }
}
