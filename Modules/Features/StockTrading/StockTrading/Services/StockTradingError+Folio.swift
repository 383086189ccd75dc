import Failures
import Money

extension StockTradingError {
    /// The refusal as every face reports it: the kind that decides the exit code and HTTP status, and the
    /// input to blame, named as forms and JSON name it.
    public var folioError: FolioError {
        FolioError(kind, what, why: why, hint: hint, field: field)
    }

    private var kind: FolioError.Kind {
        switch self {
        case .alertNotFound, .notWatched: .notFound
        case .insufficientCash, .insufficientCashToWithdraw, .insufficientShares, .accountExists, .notLoggedIn,
            .sessionInvalid, .invalidCredentials:
            .refused
        case .quotesUnavailable: .unavailable
        case .badQuoteData: .dataError
        default: .invalid
        }
    }

    /// The input a person would correct.
    private var field: String? {
        switch self {
        case .invalidEmail, .accountExists: "email"
        case .passwordTooShort, .passwordTooLong, .passwordBlank, .passwordTooCommon, .invalidCredentials: "password"
        case .passwordMismatch: "confirmation"
        case .unknownSymbol, .notWatched: "symbol"
        // Not enough cash or shares is answered by the number of shares, which is what to change.
        case .invalidQuantity, .insufficientCash, .insufficientShares: "quantity"
        case .invalidAmount, .insufficientCashToWithdraw: "amount"
        case .invalidPrice: "level"
        case .invalidCurrency: "currency"
        case .alertNotFound: "id"
        default: nil
        }
    }

    // Services catch inline rather than through a generic async-closure wrapper: Swift 6.3's debug build
    // miscompiled that wrapper and corrupted the heap under parallel tests.
    /// `error` as the faces report it: the domain's refusals (and money overflow) become ``FolioError``,
    /// anything else passes through.
    public static func translated(_ error: any Error) -> any Error {
        switch error {
        case let error as StockTradingError: error.folioError
        case let error as MoneyError: FolioError(.refused, "the figures are out of range", why: error.description)
        default: error
        }
    }
}
