import Money
import Timing

/// Schema 1's history text, `2024-01-31 1234.56;2024-02-29 1300` with update notes by ISO date beside it: read
/// only to migrate stores written before schema 2 (plain records) and to read such a store before it migrates.
enum PackedHistory {
    /// The updates in `text` in the order written with their notes, or nil when an entry cannot be read.
    static func decode(_ text: String, notes: [String: String]) -> [BalanceUpdate]? {
        guard !text.isEmpty else { return [] }
        var updates: [BalanceUpdate] = []
        for entry in text.split(separator: ";", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].utf8.count == 10, let date = CalendarDate(iso8601: String(parts[0])),
                let amount = Amount(String(parts[1]))
            else { return nil }
            updates.append(BalanceUpdate(date: date, amount: amount, note: notes[date.iso8601]))
        }
        return updates
    }

    /// `updates` packed as schema 1 wrote them: the text and the notes by ISO date (for tests of the migration).
    static func encode(_ updates: [BalanceUpdate]) -> (text: String, notes: [String: String]) {
        let text = updates.map { "\($0.date.iso8601) \($0.amount.plainText)" }.joined(separator: ";")
        var notes: [String: String] = [:]
        for update in updates { if let note = update.note { notes[update.date.iso8601] = note } }
        return (text, notes)
    }
}
