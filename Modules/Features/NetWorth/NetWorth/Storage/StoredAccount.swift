import Money
import Persistence
import Timing

/// How an account and its history are stored: one record per account, its balance updates as plain records
/// in date order (schema 2). Schema 1 packed the history into one `date amount;…` string; ``PackedHistory``
/// still reads it, for the migration and for a store read before it ran.
struct StoredAccount: Codable, Sendable {
    var id: Int
    var name: String
    var type: AccountType
    var currency: String
    var createdOn: CalendarDate
    var note: String?
    var included: Bool
    /// The balance updates in date order.
    var history: [StoredUpdate]

    init(_ account: Account) {
        id = account.id
        name = account.name
        type = account.type
        currency = account.currency
        createdOn = account.createdOn
        note = account.note
        included = account.isIncluded
        history = account.updates.map(StoredUpdate.init)
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, type, currency, createdOn, note, included, history, notes
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        type = try container.decode(AccountType.self, forKey: .type)
        currency = try container.decode(String.self, forKey: .currency)
        createdOn = try container.decode(CalendarDate.self, forKey: .createdOn)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        included = try container.decode(Bool.self, forKey: .included)
        if let columns = try? container.decode(StoredHistoryColumns.self, forKey: .history) {
            history = try columns.updates(in: container, forKey: .history)
        } else if let packed = try? container.decode(String.self, forKey: .history) {
            let notes = try container.decodeIfPresent([String: String].self, forKey: .notes) ?? [:]
            guard let updates = PackedHistory.decode(packed, notes: notes) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .history, in: container, debugDescription: "the packed history cannot be read")
            }
            history = updates.map(StoredUpdate.init)
        } else {
            history = try container.decode([StoredUpdate].self, forKey: .history)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encode(currency, forKey: .currency)
        try container.encode(createdOn, forKey: .createdOn)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encode(included, forKey: .included)
        try container.encode(StoredHistoryColumns(history), forKey: .history)
    }

    /// The account; updates out of date order (hand-edited data) are sorted, the last of a date winning.
    /// - Throws: ``NetWorthError`` (corrupt) naming the account when an amount cannot be read.
    func account() throws(NetWorthError) -> Account {
        var updates: [BalanceUpdate] = []
        updates.reserveCapacity(history.count)
        for stored in history {
            guard let update = stored.update else {
                throw NetWorthError(
                    .corrupt, "the stored history of \"\(name)\" is damaged",
                    why: "\"\(stored.amount)\" of \(stored.date.iso8601) is not an amount")
            }
            updates.append(update)
        }
        let sorted = zip(updates, updates.dropFirst()).allSatisfy { $0.date < $1.date }
        if sorted {
            return Account(
                id: id, name: name, type: type, currency: currency, createdOn: createdOn, note: note,
                isIncluded: included, sortedUpdates: updates)
        }
        return Account(
            id: id, name: name, type: type, currency: currency, createdOn: createdOn, note: note,
            isIncluded: included, updates: updates)
    }
}

/// One stored balance update; the amount is exact text (as rates are), read back with `Amount`'s own parser,
/// never through a binary float or `Decimal`.
struct StoredUpdate: Codable, Sendable, Hashable {
    var date: CalendarDate
    var amount: String
    var note: String?

    init(_ update: BalanceUpdate) {
        date = update.date
        amount = update.amount.plainText
        note = update.note
    }

    init(date: CalendarDate, amount: String, note: String?) {
        self.date = date
        self.amount = amount
        self.note = note
    }

    /// The update, or nil when the amount text is damaged.
    var update: BalanceUpdate? { Amount(amount).map { BalanceUpdate(date: date, amount: $0, note: note) } }
}

/// A balance history as schema 3 stores it: columns of day numbers, exact amounts as text and, only when some
/// update has one, notes. Plain `Codable` like schema 2's array of `{date, amount, note}` objects, but read without
/// a keyed container per update: `networth summary` over 100 accounts of 120 updates took 2.2× as long as with
/// schema 1's packed text when every update was an object.
struct StoredHistoryColumns: Codable, Sendable {
    var days: [Int]
    var amounts: [String]
    var notes: [String?]?

    private enum CodingKeys: String, CodingKey { case days, amounts, notes }

    init(_ history: [StoredUpdate]) {
        days = history.map(\.date.dayNumber)
        amounts = history.map(\.amount)
        notes = history.contains { $0.note != nil } ? history.map(\.note) : nil
    }

    /// Reads each column element by element (`decodeColumn`): `Array`'s own `init(from:)` is 4–5× slower here.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        days = try container.decodeColumn(of: Int.self, forKey: .days)
        amounts = try container.decodeColumn(of: String.self, forKey: .amounts)
        let hasNotes = try container.contains(.notes) && !container.decodeNil(forKey: .notes)
        notes = hasNotes ? try container.decodeColumn(of: String?.self, forKey: .notes) : nil
    }

    /// The updates, refusing columns of different lengths.
    func updates<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> [StoredUpdate] {
        guard days.count == amounts.count, notes.map({ $0.count == days.count }) ?? true else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "the history's columns differ in length")
        }
        return days.indices.map { index in
            StoredUpdate(date: CalendarDate(dayNumber: days[index]), amount: amounts[index], note: notes?[index])
        }
    }
}

/// How a rate is stored: the rate as exact text, never through a binary float.
struct StoredRate: Codable, Sendable {
    var date: CalendarDate
    var rate: String
}

/// The record keys of the feature's namespace.
enum StoreKey {
    static let settings = "settings"
    static let nextID = "meta/next-id"
    static let accounts = KeyRange.prefix("account/")
    static let names = KeyRange.prefix("name/")
    static let rates = KeyRange.prefix("rate/")

    static func account(_ id: Int) -> String {
        let digits = String(id)
        return "account/" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    static func name(_ name: String) -> String { "name/" + AccountName.fold(name) }

    static func rates(base: String, currency: String) -> String { "rate/\(base)/\(currency)" }

    static func rates(base: String) -> KeyRange { .prefix("rate/\(base)/") }
}
