import Foundation
import Timing
import Persistence

/// How an account and its history are stored: one record per account, the history packed into one
/// string (`2024-01-31 1234.56;2024-02-29 1300`) so a summary over thousands of updates decodes 100
/// small records rather than thousands of JSON objects.
struct StoredAccount: Codable, Sendable {
    var id: Int
    var name: String
    var type: AccountType
    var currency: String
    var createdOn: CalendarDate
    var note: String?
    var included: Bool
    /// `date amount` pairs in date order, separated by `;`.
    var history: String
    /// Update notes by ISO date.
    var notes: [String: String]?

    init(_ account: Account) {
        id = account.id
        name = account.name
        type = account.type
        currency = account.currency
        createdOn = account.createdOn
        note = account.note
        included = account.isIncluded
        history = account.updates.map { "\($0.date.iso8601) \(MoneyText.plain($0.amount))" }.joined(separator: ";")
        var notes: [String: String] = [:]
        for update in account.updates { if let note = update.note { notes[update.date.iso8601] = note } }
        self.notes = notes.isEmpty ? nil : notes
    }

    /// The account, or an error naming the damaged entry.
    func account() throws(NetWorthError) -> Account {
        var updates: [BalanceUpdate] = []
        var sorted = true
        if !history.isEmpty {
            for entry in history.utf8.split(separator: UInt8(ascii: ";")) {
                guard entry.count > 11, let date = CalendarDate(iso8601: Substring(entry.prefix(10))),
                    let amount = MoneyText.parse(Substring(entry.dropFirst(11)))
                else {
                    throw NetWorthError(
                        .corrupt, "the stored history of \"\(name)\" is damaged",
                        why: "cannot read \"\(String(decoding: entry, as: UTF8.self))\"")
                }
                if let last = updates.last, last.date >= date { sorted = false }
                updates.append(BalanceUpdate(date: date, amount: amount, note: notes?[date.iso8601]))
            }
        }
        if sorted {
            return Account(
                id: id, name: name, type: type, currency: currency, createdOn: createdOn, note: note,
                isIncluded: included, sortedUpdates: updates)
        }
        return Account(
            id: id, name: name, type: type, currency: currency, createdOn: createdOn, note: note, isIncluded: included,
            updates: updates)
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
