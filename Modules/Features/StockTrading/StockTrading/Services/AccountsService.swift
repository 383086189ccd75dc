import Failures
import Foundation
import Money
import Persistence
import Timing

/// Signing up, logging in and out, and who is logged in, with the login throttle in front of every
/// password check. Refusals are ``FolioError`` with the field to correct.
public struct AccountsService: Sendable {
    private let accounts: AccountService
    private let throttle: LoginThrottle

    /// Creates the service.
    public init(store: any KeyValueStore, hasher: any PasswordHashing, timing: Timing, timeZone: TimeZone = .current) {
        accounts = AccountService(store: store, hasher: hasher, timing: timing, timeZone: timeZone)
        throttle = LoginThrottle(store: store, timing: timing)
    }

    /// The namespace's schema history, for `folio db migrate`.
    public var migrations: [Migration] { accounts.migrations }

    /// Brings the namespace to the current schema, creating the demo account on first use.
    public func prepare() async throws {
        try await accounts.prepare()
    }

    /// The normalized email when it is well formed and free, so a terminal can refuse before asking for a password.
    /// - Throws: ``FolioError`` (invalid or refused, field `email`).
    public func availableEmail(_ email: String) async throws -> String {
        do {
            let normalized = try CredentialRules.validateEmail(email)
            if try await accounts.account(email: normalized) != nil {
                throw StockTradingError.accountExists(normalized)
            }
            return normalized
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Creates an account with `openingCash` of paper cash in `currency` (US dollars when nil) and makes it this
    /// machine's session (the terminal).
    /// - Throws: ``FolioError`` naming `email`, `password`, `confirmation`, `amount` or `currency`.
    public func signUp(
        email: String, password: String, confirmation: String, openingCash: Amount = AccountService.defaultOpeningCash,
        currency: String? = nil
    ) async throws -> Session {
        do {
            return try await accounts.signUp(
                email: email, password: password, confirmation: confirmation, openingCash: openingCash,
                currency: currency)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Creates an account with the default paper cash in `currency` (US dollars when nil); the session is the
    /// caller's to keep (a browser's).
    /// - Throws: ``FolioError`` naming `email`, `password`, `confirmation` or `currency`.
    public func openAccount(
        email: String, password: String, confirmation: String, currency: String? = nil
    ) async throws -> Session {
        do {
            return try await accounts.openAccount(
                email: email, password: password, confirmation: confirmation, currency: currency)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// `text` as an account currency (upper case), so a terminal can refuse before asking for a password.
    /// - Throws: ``FolioError`` (invalid, field `currency`) unless it is a three-letter code.
    public static func currency(_ text: String) throws -> String {
        do {
            return try AccountService.checkedCurrency(text) ?? AccountState.defaultCurrency
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// How long `email` (and `client`, a browser's address) must still wait before a password is checked.
    public func retryDelay(email: String, client: String?) async throws -> Duration {
        try await throttle.remainingDelay(email: email, client: client)
    }

    /// Checks the password unless the throttle says to wait, and makes the account this machine's session
    /// (the terminal). Each failure lengthens the next wait; a success clears it.
    /// - Throws: ``FolioError``: refused (field `password`) while the wait lasts, without checking the password;
    ///   refused (field `password`) for an unknown email or a wrong password alike.
    public func logIn(email: String, password: String) async throws -> Session {
        let session = try await authenticate(email: email, password: password, client: nil)
        do {
            try await accounts.remember(session)
        } catch {
            throw StockTradingError.translated(error)
        }
        return session
    }

    /// Checks the password as ``logIn(email:password:)`` does, throttled per account and per `client` (a
    /// browser's address, when known); the session is the caller's to keep, this machine's stays.
    public func authenticate(email: String, password: String, client: String?) async throws -> Session {
        let wait = try await throttle.remainingDelay(email: email, client: client)
        guard wait == .zero else { throw Self.throttled(wait) }
        let outcome: Result<Session, any Error>
        do {
            outcome = .success(try await accounts.authenticate(email: email, password: password))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let session):
            try await throttle.succeeded(email: email, client: client)
            return session
        case .failure(StockTradingError.invalidCredentials):
            try await throttle.failed(email: email, client: client)
            throw StockTradingError.invalidCredentials.folioError
        case .failure(let error):
            throw StockTradingError.translated(error)
        }
    }

    /// The refusal of a login attempted `wait` too early.
    public static func throttled(_ wait: Duration) -> FolioError {
        FolioError(
            .refused, "too many failed logins",
            why: "the next attempt is accepted in \(seconds(wait)); each failure doubles the wait, up to 30 s",
            field: "password")
    }

    /// Ends this machine's session; returns the one that was ended, if any.
    @discardableResult
    public func logOut() async throws -> Session? {
        try await accounts.logOut()
    }

    /// This machine's logged-in user.
    /// - Throws: ``FolioError`` (refused) when no one is logged in.
    public func current() async throws -> Session {
        do {
            return try await accounts.requireSession()
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// `1.5 s`: a wait as people read it, rounded up to the tenth.
    static func seconds(_ duration: Duration) -> String {
        let tenths =
            (duration.components.seconds * 10) + Int64((Double(duration.components.attoseconds) / 1e17).rounded(.up))
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
}
