import Failures
import Foundation
import Money
import Timing

/// What a person typed for an order, a cash movement or an alert, read for a face: the rules of
/// ``TradeLimits``, with a refusal as the ``FolioError`` every face reports, naming the field.
public enum TypedInput {
    /// A whole number of shares.
    /// - Throws: ``FolioError`` (invalid, field `quantity`).
    public static func quantity(_ text: String) throws -> Int {
        do {
            return try TradeLimits.quantity(text)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Dollars to move in or out of an account (or open it with, when `allowZero`).
    /// - Throws: ``FolioError`` (invalid, field `amount`).
    public static func cashAmount(_ text: String, allowZero: Bool = false) throws -> Amount {
        do {
            return try TradeLimits.cashAmount(text, allowZero: allowZero)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// An alert's price level.
    /// - Throws: ``FolioError`` (invalid, field `level`).
    public static func priceLevel(_ text: String) throws -> Amount {
        do {
            return try TradeLimits.priceLevel(text)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// The price a past trade was made at: dollars as an alert level is written.
    /// - Throws: ``FolioError`` (invalid, field `price`).
    public static func tradePrice(_ text: String) throws -> Amount {
        guard let price = try? TradeLimits.priceLevel(text) else {
            var refusal = StockTradingError.invalidPrice(text).folioError
            refusal.field = "price"
            throw refusal
        }
        return price
    }

    /// The day a past trade was made, `YYYY-MM-DD`.
    /// - Throws: ``FolioError`` (invalid, field `date`).
    public static func tradeDate(_ text: String) throws -> CalendarDate {
        guard let date = CalendarDate(iso8601: text.trimmingCharacters(in: .whitespaces)) else {
            throw FolioError(
                .invalid, "invalid date \"\(text)\"", why: "a trade's date is written YYYY-MM-DD", field: "date")
        }
        return date
    }
}
