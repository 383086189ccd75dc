import Foundation
import Synchronization

/// What reads were told at one state of a database, by question: a state does not change, so the same question
/// always gets the same answer, and a page view that reads the same range from several of its parts — or the
/// next view, while nothing was written — asks the backend once.
///
/// A backend keeps the answers of a state only while it can tell, cheaply and for certain, that the stored data is
/// still that state (``StateMemory``): every write, by this process or another, changes the stamp it is kept under.
public final class ReadAnswers: Sendable {
    /// A question a read asks, by what decides its answer.
    public enum Question: Hashable, Sendable {
        /// ``StoreTransaction/get(_:)``.
        case get(namespace: String, key: String)
        /// ``StoreTransaction/scan(_:limit:reverse:)``.
        case scan(namespace: String, range: KeyRange, limit: Int?, reverse: Bool)
        /// ``KeyValueStore/schemaVersion()``.
        case version(namespace: String)
    }

    private struct State {
        var records: [Question: [RawRecord]] = [:]
        var versions: [String: Int] = [:]
        var bytes = 0
        var reused = 0
    }

    /// The values typed reads decoded from the answers' records: the same bytes decode to the same value.
    public let decoded: DecodedRecords
    /// How many answers are kept; beyond it the oldest are dropped together.
    public let capacity: Int
    /// How many bytes of values are kept at most; an answer larger than a quarter of it is not kept.
    public let byteCapacity: Int
    private let state = Mutex(State())

    /// Creates an empty memory of answers.
    /// - Parameter decoded: Decoded values to reuse, which may outlive a state: a value is reused only for the very
    ///   bytes it was decoded from, so a record a write left unchanged need not be decoded again.
    public init(
        capacity: Int = 2_048, byteCapacity: Int = 64 << 20, decoded: DecodedRecords = DecodedRecords(capacity: 1_024)
    ) {
        self.decoded = decoded
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
    }

    /// The records a get or scan was answered with, nil when it was not asked yet.
    public func records(_ question: Question) -> [RawRecord]? {
        state.withLock { state in
            let answer = state.records[question]
            if answer != nil { state.reused += 1 }
            return answer
        }
    }

    /// Keeps the records a get or scan was answered with.
    public func keep(_ records: [RawRecord], for question: Question) {
        let size = records.reduce(0) { $0 + $1.value.count + $1.key.utf8.count }
        guard size <= byteCapacity / 4 else { return }
        state.withLock { state in
            // Dropped together rather than one by one: what a server reads again and again is read again at once.
            if state.records.count >= capacity || state.bytes + size > byteCapacity {
                state.records = [:]
                state.bytes = 0
            }
            if state.records.updateValue(records, forKey: question) == nil { state.bytes += size }
        }
    }

    /// The schema version of `namespace`, nil when it was not asked yet.
    public func version(_ namespace: String) -> Int? {
        state.withLock { state in
            let answer = state.versions[namespace]
            if answer != nil { state.reused += 1 }
            return answer
        }
    }

    /// Keeps the schema version of `namespace`.
    public func keep(version: Int, for namespace: String) {
        state.withLock { $0.versions[namespace] = version }
    }

    /// How many reads were answered from here.
    public var reused: Int { state.withLock { $0.reused } }

    /// Runs `body` on answers alone, without the backend: the value when every question it asked was answered,
    /// nil when one was not (then run it on the backend). A body may swallow an error (`try?`), so an unanswered
    /// question is noted rather than trusted to propagate.
    public func answer<R>(namespace: String, _ body: (any StoreTransaction) throws -> R) rethrows -> R? {
        let transaction = AnsweredTransaction(namespace: namespace, answers: self)
        do {
            let value = try body(transaction)
            return transaction.missed ? nil : value
        } catch {
            if transaction.missed { return nil }
            throw error
        }
    }
}

/// The database state a backend last read, by a stamp that changes whenever anything is written, with the answers
/// given at it: a long-lived reader (a server's pages) asks the backend for the stamp once per view, and for
/// nothing else while it is unchanged.
public final class StateMemory: Sendable {
    private let last = Mutex<(stamp: String, answers: ReadAnswers)?>(nil)
    /// Kept across states: one write (a page recording the day's value, say) leaves most records as they were.
    private let decoded = DecodedRecords(capacity: 1_024)

    /// Creates an empty memory.
    public init() {}

    /// The answers given at the state `stamp` names: those kept when it is the last state seen, else none (and the
    /// last state's answers are forgotten).
    public func answers(at stamp: String) -> ReadAnswers {
        last.withLock { last in
            if let last, last.stamp == stamp { return last.answers }
            let fresh = ReadAnswers(decoded: decoded)
            last = (stamp, fresh)
            return fresh
        }
    }
}

/// A read transaction that answers from ``ReadAnswers`` alone and notes any question they cannot answer.
final class AnsweredTransaction: StoreTransaction {
    /// Thrown for a question the answers do not hold, or for anything but a get or a scan.
    struct Unanswered: Error {}

    let namespace: String
    let known: ReadAnswers
    private(set) var missed = false

    init(namespace: String, answers: ReadAnswers) {
        self.namespace = namespace
        self.known = answers
    }

    var answers: ReadAnswers? { known }

    private func unanswered() -> Unanswered {
        missed = true
        return Unanswered()
    }

    func get(_ key: String) throws -> RawRecord? {
        guard let records = known.records(.get(namespace: namespace, key: key)) else { throw unanswered() }
        return records.first
    }

    func scan(_ range: KeyRange, limit: Int?, reverse: Bool) throws -> [RawRecord] {
        let question = ReadAnswers.Question.scan(namespace: namespace, range: range, limit: limit, reverse: reverse)
        guard let records = known.records(question) else { throw unanswered() }
        return records
    }

    func put(_ key: String, value: Data, expiresAt: Date?, searchText: String?) throws { throw unanswered() }
    func delete(_ key: String) throws { throw unanswered() }
    func delete(_ range: KeyRange) throws -> Int { throw unanswered() }
    func count(_ range: KeyRange) throws -> Int { throw unanswered() }
    func search(_ terms: [String], in range: KeyRange, limit: Int) throws -> [RawRecord] { throw unanswered() }
    func searchHits(_ terms: [String], in range: KeyRange, limit: Int) throws -> [SearchHit] { throw unanswered() }
    func firstSearchHits(
        _ terms: [String], wholeWords: [String], in range: KeyRange, limit: Int
    ) throws -> SearchHitList { throw unanswered() }
    func export(_ range: KeyRange) throws -> [ExportedRecord] { throw unanswered() }
    func restore(_ record: ExportedRecord) throws { throw unanswered() }
}
