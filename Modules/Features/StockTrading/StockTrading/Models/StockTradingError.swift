import Foundation
import Money

/// Why a StockTrading operation was refused or could not run, in words a user can act on.
///
/// The domain knows nothing of exit codes; ``category`` tells a front end how to classify each case.
public enum StockTradingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The email address is not of the form `name@domain.tld`.
    case invalidEmail(String)
    /// The password is shorter than the minimum.
    case passwordTooShort(minimum: Int)
    /// The password is longer than the maximum (a guard against pasted files).
    case passwordTooLong(maximum: Int)
    /// The password is empty or only spaces.
    case passwordBlank
    /// The password is one of the most common ones, which are guessed first.
    case passwordTooCommon
    /// The confirmation differs from the password.
    case passwordMismatch
    /// An account with this email already exists.
    case accountExists(String)
    /// The email is unknown or the password wrong (deliberately not saying which).
    case invalidCredentials
    /// No one is logged in.
    case notLoggedIn
    /// The session names an account that no longer exists.
    case sessionInvalid(String)
    /// The symbol is not listed by the market data source.
    case unknownSymbol(String, known: [String])
    /// A quantity that is not a whole number in 1…1,000,000.
    case invalidQuantity(String)
    /// A money amount that is malformed or out of range.
    case invalidAmount(String, reason: String)
    /// A price level that is malformed or not positive.
    case invalidPrice(String)
    /// An account currency that is not a three-letter code.
    case invalidCurrency(String)
    /// A buy costs more than the cash available (amounts in the account's `currency`).
    case insufficientCash(symbol: String, quantity: Int, cost: Amount, available: Amount, currency: String = "USD")
    /// A withdrawal exceeds the cash available (amounts in the account's `currency`).
    case insufficientCashToWithdraw(amount: Amount, available: Amount, currency: String = "USD")
    /// A sell of more shares than held.
    case insufficientShares(symbol: String, requested: Int, held: Int)
    /// No quote could be obtained and none is cached.
    case quotesUnavailable(source: String, reason: String)
    /// The quote source answered with something unusable.
    case badQuoteData(source: String, reason: String)
    /// No alert with this id belongs to the user.
    case alertNotFound(Int)
    /// The symbol is not on the watchlist.
    case notWatched(String)

    /// How a front end should treat the failure.
    public enum Category: Sendable, Equatable {
        /// The request was refused: invalid values, insufficient funds, not logged in.
        case refused
        /// A remote service is unavailable and nothing usable is cached.
        case unavailable
        /// A remote service sent data that cannot be used.
        case dataError
        /// The configuration names something that does not work (a quotes URL answering 404).
        case configuration
    }

    /// The failure's category.
    public var category: Category {
        switch self {
        case .quotesUnavailable: .unavailable
        case .badQuoteData: .dataError
        default: .refused
        }
    }

    /// What failed, e.g. `cannot sell 5 AAPL`.
    public var what: String {
        switch self {
        case .invalidEmail(let email): "invalid email \"\(email)\""
        case .passwordTooShort, .passwordTooLong, .passwordBlank, .passwordTooCommon: "invalid password"
        case .passwordMismatch: "passwords do not match"
        case .accountExists(let email): "cannot sign up \(email)"
        case .invalidCredentials: "login failed"
        case .notLoggedIn: "not logged in"
        case .sessionInvalid: "not logged in"
        case .unknownSymbol(let symbol, _): "unknown symbol \(symbol)"
        case .invalidQuantity(let text): "invalid quantity \"\(text)\""
        case .invalidAmount(let text, _): "invalid amount \"\(text)\""
        case .invalidPrice(let text): "invalid price \"\(text)\""
        case .invalidCurrency(let text): "invalid currency \"\(text)\""
        case .insufficientCash(let symbol, let quantity, _, _, _): "cannot buy \(Self.count(quantity)) \(symbol)"
        case .insufficientCashToWithdraw(let amount, _, let currency):
            "cannot withdraw \(Self.money(amount, currency))"
        case .insufficientShares(let symbol, let requested, _): "cannot sell \(Self.count(requested)) \(symbol)"
        case .quotesUnavailable(let source, _): "no prices available from \(source)"
        case .badQuoteData(let source, _): "the quotes from \(source) cannot be used"
        case .alertNotFound(let id): "no alert #\(id)"
        case .notWatched(let symbol): "\(symbol) is not on the watchlist"
        }
    }

    /// Why it failed.
    public var why: String? {
        switch self {
        case .invalidEmail: "an email looks like name@example.com"
        case .passwordTooShort(let minimum): "a password needs at least \(minimum) characters"
        case .passwordTooLong(let maximum): "a password may have at most \(maximum) characters"
        case .passwordBlank: "a password cannot be blank or only spaces"
        case .passwordTooCommon: "it is one of the most common passwords, which are the first ones guessed"
        case .passwordMismatch: "the confirmation differs from the password"
        case .accountExists: "an account with this email already exists"
        case .invalidCredentials: "the email or password is incorrect"
        case .notLoggedIn: "this command works on your own portfolio"
        case .sessionInvalid(let email): "the session names \(email), which has no account"
        case .unknownSymbol(_, let known):
            known.isEmpty ? "the market lists no symbols" : "the market lists \(known.joined(separator: ", "))"
        case .invalidQuantity: "a quantity is a whole number from 1 to 1,000,000"
        case .invalidAmount(_, let reason): reason
        case .invalidPrice: "a price is a positive number with at most two decimals in the symbol's currency"
        case .invalidCurrency: "a currency is a three-letter ISO 4217 code, such as USD, GBP or EUR"
        case .insufficientCash(_, _, let cost, let available, let currency):
            "it costs \(Self.money(cost, currency)) and your cash is \(Self.money(available, currency))"
        case .insufficientCashToWithdraw(_, let available, let currency):
            "your cash is \(Self.money(available, currency))"
        case .insufficientShares(let symbol, _, let held): "you hold \(Self.count(held)) \(symbol)"
        case .quotesUnavailable(_, let reason): reason
        case .badQuoteData(_, let reason): reason
        case .alertNotFound: "you have no alert with that number"
        case .notWatched: "only watched symbols can be removed"
        }
    }

    /// What to do about it, when there is something useful to say.
    public var hint: String? {
        switch self {
        case .accountExists(let email): "log in with: folio stocks login --email \(email)"
        case .passwordTooCommon, .passwordBlank:
            "choose a phrase of a few unrelated words, like \"copper kettle morning\""
        case .notLoggedIn, .sessionInvalid:
            "log in with: folio stocks login --email EMAIL (demo: test@stockport.com / Test@123), or sign up with: folio stocks signup --email EMAIL"
        case .unknownSymbol: "list the market with: folio stocks quotes"
        case .insufficientCash: "add paper cash with: folio stocks deposit AMOUNT"
        case .insufficientShares: "see what you hold with: folio stocks portfolio"
        case .quotesUnavailable: "check the connection (or choose another provider with FOLIO_MARKET), then try again"
        case .alertNotFound: "list your alerts with: folio stocks alerts list"
        default: nil
        }
    }

    /// `1,000,000`: share counts with thousands separators.
    static func count(_ value: Int) -> String {
        var grouped = ""
        for (offset, character) in String(value.magnitude).reversed().enumerated() {
            if offset > 0 && offset % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return (value < 0 ? "-" : "") + String(grouped.reversed())
    }

    /// `$1,234.56`, `-$250.00`: dollars rounded half up to the cent, as the ledger rounds.
    static func dollars(_ value: Amount) -> String { money(value, "USD") }

    /// `£1,204.50`: an amount in the account's currency.
    static func money(_ value: Amount, _ currency: String) -> String {
        value.formatted(places: 2, rounding: .halfUp, symbol: MoneyText.symbol(currency))
    }

    /// `what — why`.
    public var description: String {
        why.map { "\(what) — \($0)" } ?? what
    }
}
