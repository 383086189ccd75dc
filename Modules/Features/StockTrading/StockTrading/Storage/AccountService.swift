import Foundation
import MarketData
import Money
import Persistence
import Timing

/// Local accounts on one folio home: sign-up, login, logout and the persisted session.
///
/// Several people may keep accounts side by side; each one's records live under their own user id, and
/// the session decides whose portfolio the commands see.
public struct AccountService: Sendable {
    /// The demo account created on first use, from the StockPort app.
    public static let demoEmail = "test@stockport.com"
    /// The demo account's password.
    public static let demoPassword = "Test@123"
    /// Paper cash of a new account unless another figure is given.
    public static let defaultOpeningCash: Amount = 10_000

    private let store: any KeyValueStore
    private let hasher: any PasswordHashing
    private let timing: Timing
    private let timeZone: TimeZone

    /// Creates the service.
    public init(store: any KeyValueStore, hasher: any PasswordHashing, timing: Timing, timeZone: TimeZone = .current) {
        self.store = store
        self.hasher = hasher
        self.timing = timing
        self.timeZone = timeZone
    }

    /// The namespace's schema history: what ``prepare()`` applies, and what `folio db migrate` applies ahead of
    /// any command.
    public var migrations: [Migration] {
        StockTradingSchema.migrations(hasher: hasher, timing: timing, timeZone: timeZone)
    }

    /// Brings the namespace to the current schema, creating the demo account on first use.
    public func prepare() async throws {
        let migrations = migrations
        if try await store.schemaVersion() < migrations.count {
            try await store.migrate(migrations)
        }
    }

    /// Creates an account with `openingCash` of paper cash and logs it in as this machine's session.
    /// - Throws: the validation errors of ``CredentialRules``, ``StockTradingError/accountExists(_:)``.
    @discardableResult
    public func signUp(
        email: String, password: String, confirmation: String, openingCash: Amount = AccountService.defaultOpeningCash,
        currency: String? = nil
    ) async throws -> Session {
        let session = try await openAccount(
            email: email, password: password, confirmation: confirmation, openingCash: openingCash,
            currency: currency)
        try await remember(session)
        return session
    }

    /// Creates an account with `openingCash` of paper cash in `currency` (US dollars when nil); the session it
    /// returns is the caller's to keep (a browser's), this machine's stays as it was.
    /// - Throws: the validation errors of ``CredentialRules``, ``StockTradingError/accountExists(_:)``,
    ///   ``StockTradingError/invalidCurrency(_:)``.
    public func openAccount(
        email: String, password: String, confirmation: String, openingCash: Amount = AccountService.defaultOpeningCash,
        currency: String? = nil
    ) async throws -> Session {
        let currency = try Self.checkedCurrency(currency)
        let email = try CredentialRules.validateEmail(email)
        try CredentialRules.validatePassword(password)
        try CredentialRules.validateConfirmation(password, confirmation)
        guard !openingCash.isNegative, openingCash <= TradeLimits.maximumCashMovement,
            openingCash.rounded(toPlaces: 2, .halfUp) == openingCash
        else {
            throw StockTradingError.invalidAmount(
                "\(openingCash)",
                reason:
                    "opening cash is $0.00 to \(StockTradingError.dollars(TradeLimits.maximumCashMovement)) in whole cents"
            )
        }
        try await ensureAvailable(email)
        let hash = try hasher.hash(password)
        let now = timing.now()
        let timeZone = timeZone
        return try await store.write { transaction in
            guard try transaction.get(StorageKeys.account(email)) == nil else {
                throw StockTradingError.accountExists(email)
            }
            let account = Account(userID: Self.newUserID(), email: email, passwordHash: hash, createdAt: now)
            try Self.open(
                account, cash: openingCash, in: transaction, at: now, timeZone: timeZone, currency: currency)
            return Session(userID: account.userID, email: email, since: now)
        }
    }

    /// Checks the password and starts this machine's session (replacing any other).
    /// - Throws: ``StockTradingError/invalidCredentials`` for an unknown email or a wrong password alike.
    @discardableResult
    public func logIn(email: String, password: String) async throws -> Session {
        let session = try await authenticate(email: email, password: password)
        try await remember(session)
        return session
    }

    /// Checks the password and returns a session for the caller to keep (a browser's); this machine's stays.
    /// - Throws: ``StockTradingError/invalidCredentials`` for an unknown email or a wrong password alike.
    public func authenticate(email: String, password: String) async throws -> Session {
        let email = CredentialRules.normalizedEmail(email)
        let account = try await store.get(Account.self, StorageKeys.account(email))?.value
        guard let account else {
            // Spend the same time as a real check so response time does not reveal which emails exist.
            let rounds = (hasher as? PBKDF2PasswordHasher)?.rounds ?? PBKDF2PasswordHasher.defaultRounds
            _ = try? hasher.verify(password, against: Self.decoyHash(rounds: rounds))
            throw StockTradingError.invalidCredentials
        }
        guard try hasher.verify(password, against: account.passwordHash) else {
            throw StockTradingError.invalidCredentials
        }
        let upgraded = hasher.needsRehash(account.passwordHash) ? try hasher.hash(password) : nil
        let session = Session(userID: account.userID, email: account.email, since: timing.now())
        if let upgraded {
            try await store.write { transaction in
                if var stored = try transaction.value(Account.self, StorageKeys.account(email)) {
                    stored.passwordHash = upgraded
                    try transaction.put(StorageKeys.account(email), stored)
                }
            }
        }
        return session
    }

    /// Makes `session` this machine's logged-in user.
    public func remember(_ session: Session) async throws {
        try await store.write { transaction in try transaction.put(StorageKeys.session, session) }
    }

    /// Ends the session; returns the one that was ended, if any.
    @discardableResult
    public func logOut() async throws -> Session? {
        try await store.write { transaction in
            let session = try transaction.value(Session.self, StorageKeys.session)
            try transaction.delete(StorageKeys.session)
            return session
        }
    }

    /// The current session, if someone is logged in.
    public func session() async throws -> Session? {
        try await store.get(Session.self, StorageKeys.session)?.value
    }

    /// The logged-in user.
    /// - Throws: ``StockTradingError/notLoggedIn`` when no one is.
    public func requireSession() async throws -> Session {
        guard let session = try await session() else { throw StockTradingError.notLoggedIn }
        return session
    }

    /// The account for `email`, if there is one.
    public func account(email: String) async throws -> Account? {
        try await store.get(Account.self, StorageKeys.account(CredentialRules.normalizedEmail(email)))?.value
    }

    private func ensureAvailable(_ email: String) async throws {
        if try await store.read({ try $0.get(StorageKeys.account(email)) }) != nil {
            throw StockTradingError.accountExists(email)
        }
    }

    /// Writes a new account with its opening balance as a deposit.
    static func open(
        _ account: Account, cash: Amount, in transaction: any StoreTransaction, at date: Date, timeZone: TimeZone,
        note: String = "opening balance", currency: String? = nil
    ) throws {
        try transaction.put(StorageKeys.account(account.email), account)
        let writer = LedgerWriter(transaction: transaction, userID: account.userID)
        var state = AccountState()
        state.currency = currency
        try transaction.put(StorageKeys.state(account.userID), state)
        if cash.isPositive { try writer.deposit(cash, at: date, note: note) }
        try writer.recordSnapshot(prices: [:], at: date, timeZone: timeZone)
    }

    /// `currency` upper-cased when it is a three-letter code; nil stays nil (US dollars).
    static func checkedCurrency(_ currency: String?) throws -> String? {
        guard let currency else { return nil }
        let code = currency.trimmingCharacters(in: .whitespaces).uppercased()
        guard FXPair.isCurrencyCode(code) else { throw StockTradingError.invalidCurrency(currency) }
        return code
    }

    static func newUserID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<8).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    private static func decoyHash(rounds: Int) -> PasswordHash {
        PasswordHash(
            rounds: rounds, salt: Data(count: 16).base64EncodedString(), hash: Data(count: 32).base64EncodedString())
    }
}
