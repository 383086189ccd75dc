import Foundation
import Synchronization

/// The quotes and histories one process last read or fetched, by store key: answers a fresh one without reading
/// the store again. The store stays the truth shared between processes; this only saves reading it.
final class ReadingMemo: Sendable {
    private let quotes = Mutex<[String: (record: StoredQuote, expiresAt: Date)]>([:])
    private let histories = Mutex<[String: StoredHistory]>([:])

    func quote(_ key: String) -> (record: StoredQuote, expiresAt: Date)? {
        quotes.withLock { $0[key] }
    }

    func remember(_ key: String, _ record: StoredQuote, expiresAt: Date) {
        quotes.withLock { $0[key] = (record, expiresAt) }
    }

    func history(_ key: String) -> StoredHistory? {
        histories.withLock { $0[key] }
    }

    func remember(_ key: String, _ record: StoredHistory) {
        histories.withLock { $0[key] = record }
    }
}
