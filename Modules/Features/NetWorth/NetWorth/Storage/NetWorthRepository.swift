import Foundation
import Money
import Persistence
import Timing

/// Reads and writes accounts, balance histories, rates and settings in the feature's store.
///
/// Every change is one write transaction: a rename moves the name index and the account together, a
/// removal takes the account's history with it (the seed's cascade), and a refused change writes nothing.
public struct NetWorthRepository: Sendable {
    let store: any KeyValueStore
    let decoded: DecodedRecords?

    /// The schema history of the namespace, applied before the first write (and by `folio db migrate`).
    public static let migrations = [
        Migration(version: 1, name: "accounts with packed histories, rates, settings") { _ in },
        Migration(version: 2, name: "balance histories as plain records; account names indexed in NFC") { transaction in
            // Decoding reads schema 1's packed text; saving writes plain records. The name index is rebuilt
            // because schema 1 folded names without normalising them.
            let accounts = try transaction.scan(StoredAccount.self, StoreKey.accounts).map(\.value)
            try transaction.delete(StoreKey.names)
            for account in accounts { try Tx(transaction).save(try account.account()) }
        },
        Migration(version: 3, name: "balance histories as columns") { transaction in
            // Decoding reads schema 2's array of objects; saving writes the columns.
            let accounts = try transaction.scan(StoredAccount.self, StoreKey.accounts).map(\.value)
            for account in accounts { try Tx(transaction).save(try account.account()) }
        },
    ]

    /// Creates a repository over the feature's store; with `decoded`, accounts decoded earlier from the same
    /// stored bytes are reused (a server's pages read them on every view).
    public init(store: any KeyValueStore, decoded: DecodedRecords? = nil) {
        self.store = store
        self.decoded = decoded
    }

    // MARK: Reading

    /// The settings (defaults until changed).
    public func settings() async throws -> NetWorthSettings {
        try await store.read { try Tx($0, decoded: decoded).settings() }
    }

    /// Every account in the order added.
    public func accounts() async throws -> [Account] {
        try await store.read { try Tx($0, decoded: decoded).accounts() }
    }

    /// The account called `name` (ignoring case).
    /// - Throws: ``NetWorthError`` when there is none.
    public func account(named name: String) async throws -> Account {
        try await store.read { try Tx($0, decoded: decoded).account(named: name) }
    }

    /// The rates into the configured base currency.
    public func rates() async throws -> ExchangeRates {
        try await store.read { transaction in
            let tx = Tx(transaction, decoded: decoded)
            return try tx.rates(base: try tx.settings().baseCurrency)
        }
    }

    /// Everything needed to value the portfolio, read in one snapshot; `inclusion` overrides the saved toggles.
    public func portfolio(inclusion: Inclusion? = nil) async throws -> Portfolio {
        try await store.read { transaction in
            let tx = Tx(transaction, decoded: decoded)
            let settings = try tx.settings()
            return Portfolio(
                accounts: try tx.accounts(), rates: try tx.rates(base: settings.baseCurrency),
                inclusion: inclusion ?? settings.inclusion)
        }
    }

    /// Whether there are neither accounts nor rates.
    public func isEmpty() async throws -> Bool {
        try await store.read { try $0.count(StoreKey.accounts) == 0 && $0.count(StoreKey.rates) == 0 }
    }

    // MARK: Accounts

    /// Adds an account (and its opening balance).
    /// - Throws: ``NetWorthError`` for an invalid or taken name, a bad currency or a refused opening balance.
    @discardableResult
    public func add(_ request: NewAccount, today: CalendarDate, link: AccountLink? = nil) async throws -> Account {
        let name = try AccountName.validate(request.name)
        // An account added without a currency is in the base currency, whichever face adds it.
        let currency: String
        if let code = request.currency {
            currency = try CurrencyCode.validate(code)
        } else {
            currency = try await settings().baseCurrency
        }
        let note = try InputLimits.note(request.note)
        if let opening = request.openingBalance {
            try BalanceRules.check(
                opening, for: BalanceRules.Target(name: name, type: request.type, currency: currency), today: today)
        }
        try await prepare()
        return try await store.write { transaction in
            let tx = Tx(transaction, decoded: decoded)
            try tx.requireFree(name)
            let id = (try transaction.value(Int.self, StoreKey.nextID) ?? 1)
            try transaction.put(StoreKey.nextID, id + 1)
            let account = Account(
                id: id, name: name, type: request.type, currency: currency, createdOn: today,
                note: note, isIncluded: request.isIncluded,
                updates: request.openingBalance.map { [$0] } ?? [])
            try tx.save(account)
            if let link {
                try tx.requireUnfollowed(link.source)
                try transaction.put(LinkKey.link(id), link)
            }
            return account
        }
    }

    /// Renames an account; only a change of case is allowed to keep the same folded name.
    /// - Throws: ``NetWorthError`` when the account is unknown or the new name invalid or taken.
    @discardableResult
    public func rename(_ name: String, to newName: String) async throws -> Account {
        let validated = try AccountName.validate(newName)
        try await prepare()
        return try await store.write { transaction in
            let tx = Tx(transaction, decoded: decoded)
            var account = try tx.account(named: name)
            if AccountName.fold(validated) != AccountName.fold(account.name) { try tx.requireFree(validated) }
            try transaction.delete(StoreKey.name(account.name))
            account.name = validated
            try tx.save(account)
            return account
        }
    }

    /// Removes an account with all its balance updates.
    /// - Returns: The account as it was.
    @discardableResult
    public func remove(named name: String) async throws -> Account {
        try await prepare()
        return try await store.write { transaction in
            let tx = Tx(transaction, decoded: decoded)
            let account = try tx.account(named: name)
            try transaction.delete(StoreKey.account(account.id))
            try transaction.delete(StoreKey.name(account.name))
            try transaction.delete(LinkKey.link(account.id))
            return account
        }
    }

    /// Sets an account's own include flag; returns the account and whether the flag changed.
    public func setIncluded(_ included: Bool, named name: String) async throws -> (account: Account, changed: Bool) {
        try await prepare()
        return try await store.write { transaction in
            let tx = Tx(transaction, decoded: decoded)
            var account = try tx.account(named: name)
            guard account.isIncluded != included else { return (account, false) }
            account.isIncluded = included
            try tx.save(account)
            return (account, true)
        }
    }

    /// Sets or clears an account's note.
    @discardableResult
    public func setNote(_ note: String?, named name: String) async throws -> Account {
        let note = try InputLimits.note(note)
        try await prepare()
        return try await store.write { transaction in
            let tx = Tx(transaction, decoded: decoded)
            var account = try tx.account(named: name)
            account.note = note
            try tx.save(account)
            return account
        }
    }

    // MARK: Balance updates

    /// Records a balance, replacing any update of the account on the same date.
    /// - Parameter force: Accept a date after today or before the opening balance (with a warning).
    /// - Returns: The account after the change, the update it replaced, if any, and what `force` let through.
    /// - Throws: ``NetWorthError`` for an unknown account or a balance ``BalanceRules`` refuses.
    public func record(
        _ update: BalanceUpdate, for name: String, today: CalendarDate, force: Bool = false
    )
        async throws -> (account: Account, replaced: BalanceUpdate?, warnings: [String])
    {
        let note = try InputLimits.note(update.note)
        var update = update
        update.note = note
        try await prepare()
        return try await store.write { [update] transaction in
            let tx = Tx(transaction, decoded: decoded)
            var account = try tx.account(named: name)
            let warnings = try BalanceRules.check(
                update, for: BalanceRules.Target(account), today: today, force: force)
            let replaced = account.record(update)
            try tx.save(account)
            return (account, replaced, warnings)
        }
    }

    /// Removes an account's update on `date`.
    /// - Throws: ``NetWorthError`` when the account is unknown or has no update that day.
    public func removeUpdate(
        on date: CalendarDate, for name: String
    ) async throws
        -> (account: Account, removed: BalanceUpdate)
    {
        try await prepare()
        return try await store.write { transaction in
            let tx = Tx(transaction, decoded: decoded)
            var account = try tx.account(named: name)
            guard let removed = account.removeUpdate(on: date) else {
                throw NetWorthError(
                    .refused, "\"\(account.name)\" has no update on \(date.iso8601)",
                    hint: "see its updates with `folio networth history \"\(account.name)\"`")
            }
            try tx.save(account)
            return (account, removed)
        }
    }

    /// Records every row of `file` in one transaction, creating accounts that rows give a type for; a
    /// bad row stores nothing.
    /// - Throws: ``NetWorthError`` naming the line of the first row that cannot be recorded.
    public func importBalances(_ file: BalanceImport, today: CalendarDate) async throws -> ImportOutcome {
        try await prepare()
        return try await store.write { transaction in
            let tx = Tx(transaction, decoded: decoded)
            var byName: [String: Account] = [:]
            for account in try tx.accounts() { byName[AccountName.fold(account.name)] = account }
            var nextID = try transaction.value(Int.self, StoreKey.nextID) ?? ((byName.values.map(\.id).max() ?? 0) + 1)
            var outcome = ImportOutcome()
            var touched: Set<String> = []
            for row in file.rows {
                let key = AccountName.fold(row.account)
                var account: Account
                if let existing = byName[key] {
                    account = existing
                } else if let type = row.type {
                    let name: String
                    let currency: String
                    do {
                        name = try AccountName.validate(row.account)
                        currency = try CurrencyCode.validate(row.currency ?? "GBP")
                    } catch let error as NetWorthError {
                        throw NetWorthError(
                            error.kind, "line \(row.line): \(error.what)", why: error.why, hint: error.hint)
                    }
                    account = Account(id: nextID, name: name, type: type, currency: currency, createdOn: today)
                    nextID += 1
                    outcome.createdAccounts.append(name)
                } else {
                    throw NetWorthError(
                        .refused, "line \(row.line): no account named \"\(row.account)\"",
                        hint: "add it first, or give the row a type column value to create it")
                }
                do {
                    // Rows may come in any order, so the opening-balance rule (for one typed update) does not apply.
                    try BalanceRules.check(
                        row.update,
                        for: BalanceRules.Target(name: account.name, type: account.type, currency: account.currency),
                        today: today)
                } catch let error as NetWorthError {
                    throw NetWorthError(
                        error.kind, "line \(row.line): \(error.what)", why: error.why, hint: error.hint,
                        field: error.field)
                }
                if account.record(row.update) == nil { outcome.added += 1 } else { outcome.replaced += 1 }
                byName[key] = account
                touched.insert(key)
            }
            for key in touched { try tx.save(byName[key]!) }
            try transaction.put(StoreKey.nextID, nextID)
            return outcome
        }
    }

    // MARK: Rates and settings

    /// Sets the rate of `rate.currency` from `rate.date` on, replacing a rate on the same date.
    /// - Returns: The replaced rate, if any.
    /// - Throws: ``NetWorthError`` for the base currency itself or a rate that is not positive.
    @discardableResult
    public func setRate(currency: String, rate: Amount, on date: CalendarDate) async throws -> ExchangeRate? {
        let code = try CurrencyCode.validate(currency)
        try InputLimits.checkRate(rate, currency: code)
        try InputLimits.checkYear(date)
        try await prepare()
        return try await store.write { transaction in
            let tx = Tx(transaction, decoded: decoded)
            let base = try tx.settings().baseCurrency
            guard code != base else {
                throw NetWorthError(
                    .refused, "cannot set a rate for \(code)", why: "\(code) is the base currency; its rate is always 1"
                )
            }
            var rates = try tx.storedRates(base: base, currency: code)
            let replaced = rates.firstIndex { $0.date == date }.map { rates.remove(at: $0) }
            rates.append(StoredRate(date: date, rate: rate.plainText))
            rates.sort { $0.date < $1.date }
            try transaction.put(StoreKey.rates(base: base, currency: code), rates)
            return try replaced.map { try tx.rate($0, currency: code, base: base) }
        }
    }

    /// Removes the rate of `currency` dated `date`.
    /// - Throws: ``NetWorthError`` when there is no such rate.
    @discardableResult
    public func removeRate(currency: String, on date: CalendarDate) async throws -> ExchangeRate {
        let code = try CurrencyCode.validate(currency)
        try await prepare()
        return try await store.write { transaction in
            let tx = Tx(transaction, decoded: decoded)
            let base = try tx.settings().baseCurrency
            var rates = try tx.storedRates(base: base, currency: code)
            guard let index = rates.firstIndex(where: { $0.date == date }) else {
                throw NetWorthError(
                    .refused, "there is no \(code) rate dated \(date.iso8601)",
                    hint: "see the rates with `folio networth rate list \(code)`")
            }
            let removed = rates.remove(at: index)
            let key = StoreKey.rates(base: base, currency: code)
            if rates.isEmpty { try transaction.delete(key) } else { try transaction.put(key, rates) }
            return try tx.rate(removed, currency: code, base: base)
        }
    }

    /// Changes the settings with `change` and returns the result.
    /// - Throws: ``NetWorthError`` when the new base currency is not a known code.
    @discardableResult
    public func updateSettings(
        _ change: @escaping @Sendable (inout NetWorthSettings) -> Void
    ) async throws
        -> NetWorthSettings
    {
        try await prepare()
        return try await store.write { transaction in
            var settings = try Tx(transaction, decoded: decoded).settings()
            change(&settings)
            settings.baseCurrency = try CurrencyCode.validate(settings.baseCurrency)
            try transaction.put(StoreKey.settings, settings)
            return settings
        }
    }

    // MARK: Sample data

    /// Replaces every account and rate with `sample` (settings are kept).
    /// - Throws: ``NetWorthError`` when data exists and `force` is false.
    public func load(_ sample: SampleData, force: Bool) async throws {
        try await prepare()
        try await store.write { transaction in
            let existing = try transaction.count(StoreKey.accounts)
            let rates = try transaction.count(StoreKey.rates)
            if !force && (existing > 0 || rates > 0) {
                throw NetWorthError(
                    .refused, "not loading the sample data",
                    why: "there are already \(existing) account\(existing == 1 ? "" : "s") and \(rates) rate series",
                    hint: "force it to replace everything with the sample")
            }
            try transaction.delete(StoreKey.accounts)
            try transaction.delete(StoreKey.names)
            try transaction.delete(StoreKey.rates)
            try transaction.delete(LinkKey.links)
            let tx = Tx(transaction, decoded: decoded)
            for account in sample.accounts { try tx.save(account) }
            try transaction.put(StoreKey.nextID, (sample.accounts.map(\.id).max() ?? 0) + 1)
            let grouped = Dictionary(grouping: sample.rates) { "\($0.base)/\($0.currency)" }
            for rates in grouped.values {
                let stored = rates.sorted { $0.date < $1.date }.map {
                    StoredRate(date: $0.date, rate: $0.rate.plainText)
                }
                try transaction.put(StoreKey.rates(base: rates[0].base, currency: rates[0].currency), stored)
            }
        }
    }

    /// Marks the namespace's schema version before the first write.
    func prepare() async throws {
        if try await store.schemaVersion() < Self.migrations.count { try await store.migrate(Self.migrations) }
    }
}

/// The store operations the repository composes inside one transaction.
struct Tx {
    let transaction: any StoreTransaction
    let decoded: DecodedRecords?

    init(_ transaction: any StoreTransaction, decoded: DecodedRecords? = nil) {
        self.transaction = transaction
        self.decoded = decoded
    }

    func settings() throws -> NetWorthSettings {
        try transaction.value(NetWorthSettings.self, StoreKey.settings) ?? NetWorthSettings()
    }

    func accounts() throws -> [Account] {
        try transaction.scan(StoreKey.accounts, limit: nil, reverse: false).map { record in
            let decode = { (bytes: Data) in
                try RecordCoding.decode(StoredAccount.self, from: bytes, key: record.key).account()
            }
            return try decoded.map { try $0.value(Account.self, of: record, decode: decode) } ?? decode(record.value)
        }
    }

    func account(named name: String) throws -> Account {
        guard let id = try transaction.value(Int.self, StoreKey.name(name)),
            let stored = try transaction.value(StoredAccount.self, StoreKey.account(id))
        else {
            throw NetWorthError.unknownAccount(name, known: try accounts().map(\.name))
        }
        return try stored.account()
    }

    func requireFree(_ name: String) throws {
        guard let id = try transaction.value(Int.self, StoreKey.name(name)) else { return }
        let existing = try transaction.value(StoredAccount.self, StoreKey.account(id))?.name ?? name
        throw NetWorthError(
            .refused, "an account named \"\(existing)\" already exists",
            why: "names must be unique, ignoring accents' encoding and case", hint: "choose another name",
            field: "name")
    }

    func save(_ account: Account) throws {
        try transaction.put(StoreKey.account(account.id), StoredAccount(account))
        try transaction.put(StoreKey.name(account.name), account.id)
    }

    func storedRates(base: String, currency: String) throws -> [StoredRate] {
        try transaction.value([StoredRate].self, StoreKey.rates(base: base, currency: currency)) ?? []
    }

    /// Every stored rate, whatever its base: after the base currency changes, the old rates still convert
    /// through their inverse or a cross rate.
    func rates(base: String) throws -> ExchangeRates {
        var rates: [ExchangeRate] = []
        for record in try transaction.scan(StoreKey.rates, limit: nil, reverse: false) {
            let parts = record.key.split(separator: "/")
            guard parts.count == 3 else { continue }
            let (rateBase, currency) = (String(parts[1]), String(parts[2]))
            let decode = { (bytes: Data) in
                try RecordCoding.decode([StoredRate].self, from: bytes, key: record.key).map { stored in
                    try rate(stored, currency: currency, base: rateBase)
                }
            }
            rates +=
                try decoded.map { try $0.value([ExchangeRate].self, of: record, decode: decode) }
                ?? decode(record.value)
        }
        return ExchangeRates(base: base, rates: rates)
    }

    func rate(_ stored: StoredRate, currency: String, base: String) throws -> ExchangeRate {
        guard let value = Amount(stored.rate) else {
            throw NetWorthError(.corrupt, "the stored \(currency) rate of \(stored.date.iso8601) is damaged")
        }
        return ExchangeRate(currency: currency, base: base, date: stored.date, rate: value)
    }
}
