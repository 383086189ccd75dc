import Foundation
import Logging
import NIOCore
import Persistence
import PostgresNIO

/// One transaction on one namespace, on one connection, driven synchronously from a thread of the database's
/// blocking pool (``StoreTransaction`` is synchronous): each statement is sent through PostgresNIO and the
/// thread waits for its rows.
///
/// Keys, values and search text are `bytea`, compared bytewise, so keys order as in every other backend and may
/// hold any character, NUL included. Each word of a record's search text is a row of `folio_search_words`, so a
/// word-prefix term is a range scan of one index.
final class PostgresTransaction: StoreTransaction {
    private let connection: PostgresConnection
    private var namespace: String
    let tables: PostgresTables
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let location: PostgresLocation
    private let writeBatch: Int
    /// Set when a statement failed: PostgreSQL then refuses everything until the rollback, and a COMMIT of such
    /// a transaction answers ROLLBACK without an error, so the commit checks this first.
    private(set) var failed = false
    /// Puts not sent yet (see ``flush()``), and where each key is among them.
    private var pending: [ExportedRecord] = []
    private var pendingIndex: [String: Int] = [:]
    /// Whether a put or delete was made (a ``WriteHook`` runs only then).
    private(set) var wrote = false
    /// The answers of the shared snapshot this transaction reads in (``PostgresSnapshot``), if it does.
    var answers: ReadAnswers?
    /// Search words this transaction inserted, to tell a load from an edit (see ``analyzeIfLoaded()``).
    private var wordsWritten = 0

    init(
        connection: PostgresConnection, namespace: String, tables: PostgresTables, location: PostgresLocation,
        now: @escaping @Sendable () -> Date, writeBatch: Int, logger: Logger
    ) {
        self.writeBatch = writeBatch
        self.connection = connection
        self.namespace = namespace
        self.tables = tables
        self.location = location
        self.now = now
        self.logger = logger
    }

    /// Moves the transaction onto `other`, first sending the puts held back for the namespace it was on: how one
    /// transaction reads or loads several namespaces (``PostgresDatabase/load(_:replacing:keeping:)``).
    func switchNamespace(to other: String) throws {
        try flush()
        namespace = other
    }

    // MARK: Running statements

    /// Runs `sql` with `binds` and waits for its rows. Must not be called on an event loop or a Swift
    /// concurrency thread: the database runs transactions on its own blocking pool.
    ///
    /// The statement is handed to the connection on its event loop, after checking there that the connection is
    /// still open: PostgresNIO drops a statement written to a connection the server has closed (a restart
    /// between two statements of a transaction) without ever answering it, and the transaction would wait
    /// forever. Connections leased from `PostgresClient` are the same `PostgresConnection` and drop it the same
    /// way: without this check, a transaction cut by a restart waited past its test's time limit. On the event
    /// loop nothing can close the connection between the check and the write; a connection lost after the
    /// write fails the statement.
    func rows(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws -> [PostgresRow] {
        let answer = submit(PostgresQuery(unsafeSQL: sql, binds: binds))
        do {
            let rows = try answer.wait().rows
            // A statement sent ahead (a read's BEGIN) was answered before this one: its failure is this one's.
            if let earlier = unanswered {
                unanswered = nil
                _ = try earlier.wait()
            }
            return rows
        } catch {
            unanswered = nil
            failed = true
            throw PostgresFailure.map(error, location: location)
        }
    }

    /// Ends a read: its BEGIN is checked if no statement did it (a body that read nothing), then COMMIT is sent
    /// and not waited for.
    func finishRead() throws {
        if let begin = unanswered {
            unanswered = nil
            do {
                _ = try begin.wait()
            } catch {
                failed = true
                throw PostgresFailure.map(error, location: location)
            }
        }
        send("COMMIT")
        unanswered = nil
    }

    /// A statement sent and not yet waited for (``send(_:)``).
    private var unanswered: EventLoopFuture<PostgresQueryResult>?

    /// Sends `sql` without waiting for its answer: the connection runs statements in the order they are sent, so
    /// a read's BEGIN goes out together with its first statement (one round trip instead of two), and its COMMIT
    /// is not waited for at all (a read-only transaction has nothing to commit; the next statement on the
    /// connection, whoever sends it, runs after it). The next ``rows(_:_:)`` checks the answer.
    func send(_ sql: String) {
        unanswered = submit(PostgresQuery(unsafeSQL: sql))
    }

    private func submit(_ query: PostgresQuery) -> EventLoopFuture<PostgresQueryResult> {
        let (connection, logger) = (connection, logger)
        return connection.eventLoop.flatSubmit { () -> EventLoopFuture<PostgresQueryResult> in
            guard !connection.isClosed else {
                return connection.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
            }
            return connection.query(query, logger: logger)
        }
    }

    /// Rolls the transaction back; afterwards ``failed`` says whether the connection is still unusable.
    func rollBack() {
        pending = []
        pendingIndex = [:]
        wordsWritten = 0
        failed = false
        try? execute("ROLLBACK")
    }

    func execute(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws {
        _ = try rows(sql, binds)
    }

    /// Inserting more search words than this in one transaction is a load (the funds catalogue is 540,000).
    static let loadedWords = 10_000

    /// After committing a load, refreshes the planner's statistics of the tables. Search picks its plan from
    /// them, and a table just filled has none (or a handful of rows' worth) until autovacuum comes by, a
    /// minute or more later: the planner then guesses that every term matches a few words and scans what it
    /// should have probed. Outside the
    /// transaction, so its lock is not held to the commit and a failure (another ANALYZE, a role that does not
    /// own the tables: a warning) cannot undo what was committed.
    func analyzeIfLoaded() {
        guard wordsWritten > Self.loadedWords else { return }
        wordsWritten = 0
        try? execute("ANALYZE \(tables.words), \(tables.records)")
    }

    private func decode<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            throw PersistenceError.storage("PostgreSQL sent a row folio cannot read: \(String(reflecting: error))")
        }
    }

    /// Binds the namespace first, then each of `values`.
    private func binds(_ values: [any PostgresThrowingDynamicTypeEncodable & Sendable] = []) throws -> PostgresBindings
    {
        var binds = PostgresBindings(capacity: values.count + 1)
        binds.append(namespace)
        for value in values { try binds.append(value) }
        return binds
    }

    // MARK: StoreTransaction

    func get(_ key: String) throws -> RawRecord? {
        if let index = pendingIndex[key] { return pending[index].record }
        let question = ReadAnswers.Question.get(namespace: namespace, key: key)
        if !wrote, let known = answers?.records(question) { return known.first }
        let record = try fetch(key)
        if !wrote { answers?.keep(record.map { [$0] } ?? [], for: question) }
        return record
    }

    private func fetch(_ key: String) throws -> RawRecord? {
        let found = try rows(
            "SELECT value, stored_at, expires_at FROM \(tables.records) WHERE namespace = $1 AND key = $2",
            binds([Data(key.utf8)]))
        guard let row = found.first else { return nil }
        let (value, storedAt, expiresAt) = try decode { try row.decode((Data, Double, Double?).self) }
        return RawRecord(
            key: key, value: value, storedAt: Date(timeIntervalSince1970: storedAt),
            expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) })
    }

    func put(_ key: String, value: Data, expiresAt: Date?, searchText: String?) throws {
        try restore(
            ExportedRecord(
                record: RawRecord(key: key, value: value, storedAt: now(), expiresAt: expiresAt),
                searchText: searchText))
    }

    func restore(_ record: ExportedRecord) throws {
        wrote = true
        if let index = pendingIndex[record.record.key] {
            pending[index] = record
        } else {
            pendingIndex[record.record.key] = pending.count
            pending.append(record)
        }
        if pending.count >= writeBatch { try flush() }
    }

    func export(_ range: KeyRange) throws -> [ExportedRecord] {
        try flush()
        let (condition, values) = rangeCondition(range, column: "key", firstParameter: 2)
        return try rows(
            """
            SELECT key, value, stored_at, expires_at, search_text FROM \(tables.records) WHERE namespace = $1\(condition)
            ORDER BY stored_order
            """, binds(values)
        ).map { row in
            let (key, value, storedAt, expiresAt, text) = try decode {
                try row.decode((Data, Data, Double, Double?, Data?).self)
            }
            return ExportedRecord(
                record: RawRecord(
                    key: String(decoding: key, as: UTF8.self), value: value,
                    storedAt: Date(timeIntervalSince1970: storedAt),
                    expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) }),
                searchText: text.map { String(decoding: $0, as: UTF8.self) })
        }
    }

    // MARK: Batched writes

    // Puts are held back, up to the database's `writeBatch`, and sent together in two statements: one round
    // trip a put made loading the 45,000-scheme funds catalogue take minutes. Whatever reads more than one key
    // sends them first (`get` answers from the batch), and so does the commit.

    /// Sends the held-back puts: one upsert of every record (removing the words of those replaced) and one
    /// insert of every search word. A key put twice is sent once, with its last value, in the place of its first.
    func flush() throws {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        pendingIndex = [:]
        var keys: [ByteBuffer] = []
        var values: [ByteBuffer] = []
        var storedAt: [Double] = []
        var expiresAt: [Double] = []
        var texts: [ByteBuffer] = []
        var indexed: [Bool] = []
        var wordCounts: [Int] = []
        var wordKeys: [ByteBuffer] = []
        var wordPositions: [Int] = []
        var words: [String] = []
        for exported in batch {
            let record = exported.record
            let key = ByteBuffer(bytes: Array(record.key.utf8))
            keys.append(key)
            values.append(ByteBuffer(bytes: record.value))
            storedAt.append(record.storedAt.timeIntervalSince1970)
            // NaN stands for "never": PostgreSQL arrays carry no optionals through PostgresNIO.
            expiresAt.append(record.expiresAt?.timeIntervalSince1970 ?? .nan)
            texts.append(ByteBuffer(bytes: Array((exported.searchText ?? "").utf8)))
            indexed.append(exported.searchText != nil)
            let recordWords = exported.searchText.map(SearchText.words) ?? []
            wordCounts.append(recordWords.count)
            for (position, word) in recordWords.enumerated() {
                wordKeys.append(key)
                wordPositions.append(position)
                words.append(word)
            }
        }
        var recordBinds = try self.binds()
        recordBinds.append(keys)
        recordBinds.append(values)
        recordBinds.append(storedAt)
        recordBinds.append(expiresAt)
        recordBinds.append(texts)
        recordBinds.append(indexed)
        recordBinds.append(wordCounts)
        // The old words go in the same statement: its CTEs all read the snapshot from before the upsert. They are
        // looked up key by key (OFFSET 0 keeps each lookup a subquery of its own, so namespace and key are both
        // its index condition) and deleted by row address: joined to the batch, the planner, once statistics
        // said a namespace created since had no words, read every word of the namespace for each put (ten times
        // slower, growing with the namespace).
        try execute(
            """
            WITH input AS (
                SELECT * FROM unnest($2::bytea[], $3::bytea[], $4::float8[], $5::float8[], $6::bytea[], $7::bool[],
                    $8::int8[]) WITH ORDINALITY
                    AS i(key, value, stored_at, expires_at, search_text, indexed, word_count, ordinality)),
            old_words AS (
                DELETE FROM \(tables.words) w WHERE w.ctid = ANY(ARRAY(
                    SELECT o.ctid FROM input i CROSS JOIN LATERAL (
                        SELECT o.ctid FROM \(tables.words) o WHERE o.namespace = $1 AND o.key = i.key OFFSET 0) o)))
            INSERT INTO \(tables.records) AS r (namespace, key, value, stored_at, expires_at, search_text, word_count)
            SELECT $1, key, value, stored_at, nullif(expires_at, 'NaN'::float8),
                CASE WHEN indexed THEN search_text END, word_count
            FROM input ORDER BY ordinality
            ON CONFLICT (namespace, key) DO UPDATE SET
                value = excluded.value, stored_at = excluded.stored_at, expires_at = excluded.expires_at,
                search_text = excluded.search_text, word_count = excluded.word_count
            """, recordBinds)
        guard !words.isEmpty else { return }
        var wordBinds = try self.binds()
        wordBinds.append(wordKeys)
        wordBinds.append(wordPositions)
        wordBinds.append(words)
        try execute(
            """
            INSERT INTO \(tables.words) (namespace, key, position, word)
            SELECT $1, key, position, word FROM unnest($2::bytea[], $3::int8[], $4::text[]) AS w(key, position, word)
            """, wordBinds)
        wordsWritten += words.count
    }

    func delete(_ key: String) throws {
        wrote = true
        try flush()
        try execute(
            """
            WITH gone AS (DELETE FROM \(tables.records) WHERE namespace = $1 AND key = $2 RETURNING key, word_count)
            DELETE FROM \(tables.words) w USING gone
            WHERE w.namespace = $1 AND w.key = gone.key AND gone.word_count > 0
            """, binds([Data(key.utf8)]))
    }

    func delete(_ range: KeyRange) throws -> Int {
        wrote = true
        try flush()
        let (condition, values) = rangeCondition(range, column: "key", firstParameter: 2)
        let counted = try rows(
            """
            WITH gone AS (
                DELETE FROM \(tables.records) WHERE namespace = $1\(condition) RETURNING key, word_count),
            words AS (
                DELETE FROM \(tables.words) w USING gone
                WHERE w.namespace = $1 AND w.key = gone.key AND gone.word_count > 0)
            SELECT count(*) FROM gone
            """, binds(values))
        return try counted.first.map { row in try decode { try row.decode(Int.self) } } ?? 0
    }

    func scan(_ range: KeyRange, limit: Int?, reverse: Bool) throws -> [RawRecord] {
        let question = ReadAnswers.Question.scan(namespace: namespace, range: range, limit: limit, reverse: reverse)
        if !wrote, let known = answers?.records(question) { return known }
        let records = try fetch(range, limit: limit, reverse: reverse)
        if !wrote { answers?.keep(records, for: question) }
        return records
    }

    private func fetch(_ range: KeyRange, limit: Int?, reverse: Bool) throws -> [RawRecord] {
        try flush()
        let (condition, values) = rangeCondition(range, column: "key", firstParameter: 2)
        var sql = """
            SELECT key, value, stored_at, expires_at FROM \(tables.records) WHERE namespace = $1\(condition)
            ORDER BY key \(reverse ? "DESC" : "ASC")
            """
        var all: [any PostgresThrowingDynamicTypeEncodable & Sendable] = values
        if let limit {
            sql += " LIMIT $\(values.count + 2)"
            all.append(max(0, limit))
        }
        return try rows(sql, binds(all)).map(record)
    }

    func count(_ range: KeyRange) throws -> Int {
        try flush()
        let (condition, values) = rangeCondition(range, column: "key", firstParameter: 2)
        let counted = try rows(
            "SELECT count(*) FROM \(tables.records) WHERE namespace = $1\(condition)", binds(values))
        return try counted.first.map { row in try decode { try row.decode(Int.self) } } ?? 0
    }

    func search(_ terms: [String], in range: KeyRange, limit: Int) throws -> [RawRecord] {
        try ranked(terms, in: range, limit: limit, columns: "r.key, r.value, r.stored_at, r.expires_at")
            .map(record)
    }

    func searchHits(_ terms: [String], in range: KeyRange, limit: Int) throws -> [SearchHit] {
        try ranked(terms, in: range, limit: limit, columns: "r.key, r.search_text").map(hit)
    }

    func firstSearchHits(
        _ terms: [String], wholeWords: [String], in range: KeyRange, limit: Int
    ) throws
        -> SearchHitList
    {
        try flush()
        let prefixes = SearchText.terms(terms)
        let whole = SearchText.terms(wholeWords)
        guard !prefixes.isEmpty || !whole.isEmpty else { return SearchHitList(hits: [], hasMore: false) }
        let kept = max(0, limit)
        let wanted =
            prefixes.map { SearchTerm(word: $0, exact: false) } + whole.map { SearchTerm(word: $0, exact: true) }
        let counted = try countedTerms(wanted, broad: broadCount(limit: kept + 1))
        let columns = "r.key, r.search_text"
        let rows: [PostgresRow]
        if let rarest = counted.first, rarest.count < broadCount(limit: kept + 1) {
            rows = try driven(
                by: rarest.term, terms: wanted, in: range, columns: columns, order: "r.stored_order", limit: kept + 1)
        } else {
            rows = try inStoredOrder(counted.map(\.term), in: range, columns: columns, limit: kept + 1)
        }
        var hits = try rows.map(hit)
        let hasMore = hits.count > kept
        if hasMore { hits.removeLast() }
        return SearchHitList(hits: hits, hasMore: hasMore)
    }

    // MARK: Search

    /// A search term: a word that must start a word of the text, or, when `exact`, be one.
    private struct SearchTerm {
        var word: String
        var exact: Bool
    }

    /// How many matching words make a term broad: then reading records in stored order finds `limit` matches
    /// sooner than collecting the term's matches would. Four times the limit leaves room for matches of the
    /// other terms being sparser than the broad ones; 2,000 keeps counting (which reads that many index
    /// entries per term) cheap.
    private func broadCount(limit: Int) -> Int { max(2_000, 4 * limit) }

    /// The terms with how many words each matches, counted up to `broad` (a bounded count reads at most that
    /// many entries of the word index, so a term matching every record costs no more than a rare one), rarest
    /// first: each term's words are one range of the index.
    private func countedTerms(_ terms: [SearchTerm], broad: Int) throws -> [(term: SearchTerm, count: Int)] {
        // ORDER BY word asks for the index's own order, so the planner reads the index and stops at the LIMIT
        // rather than collecting every match into a bitmap first (it did that on tables without statistics:
        // see ``analyzeIfLoaded()``).
        let counts = try rows(
            """
            SELECT (SELECT count(*) FROM (
                SELECT 1 FROM \(tables.words) w
                WHERE w.namespace = $1 AND w.word >= t.term AND w.word <= t.term || \(Self.termEnd("t.exact"))
                ORDER BY w.word LIMIT $4) s)
            FROM unnest($2::text[], $3::bool[]) WITH ORDINALITY AS t(term, exact, ordinality)
            ORDER BY t.ordinality
            """, binds([terms.map(\.word), terms.map(\.exact), broad]))
        let numbers = try counts.map { row in try decode { try row.decode(Int.self) } }
        guard numbers.count == terms.count else {
            throw PersistenceError.storage("PostgreSQL counted \(numbers.count) search terms of \(terms.count)")
        }
        // Stable: equally rare terms keep the caller's order.
        return zip(terms, numbers).enumerated()
            .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
            .map { (term: $0.element.0, count: $0.element.1) }
    }

    /// What follows a term in the greatest word it matches: nothing for an exact term; for a prefix, chr(1114111),
    /// the last code point, which sorts after every continuation of a word in the words' byte order (and is in
    /// no word), so `word BETWEEN term AND term || chr(1114111)` is "word starts with term" on the index.
    private static func termEnd(_ exact: String) -> String {
        "CASE WHEN \(exact) THEN '' ELSE chr(1114111) END"
    }

    /// Matches ranked as the in-memory backend ranks them: for each term, the position of the first word it
    /// starts plus one unless that word is the term itself, summed; then fewer words first; then key order.
    private func ranked(_ terms: [String], in range: KeyRange, limit: Int, columns: String) throws -> [PostgresRow] {
        try flush()
        let words = SearchText.terms(terms)
        guard !words.isEmpty else { return [] }
        let wanted = words.map { SearchTerm(word: $0, exact: false) }
        let order = "m.score * 1000 + r.word_count, r.key"
        // Ranking needs every match, so a rare term helps and broad ones do not: with a rare term, only its
        // matches are scored; with none, one pass over the terms' words scores them all.
        if let rarest = try countedTerms(wanted, broad: Self.rareScored).first, rarest.count < Self.rareScored {
            return try driven(by: rarest.term, terms: wanted, in: range, columns: columns, order: order, limit: limit)
        }
        return try matches(
            words, exact: words.map { _ in false }, in: range, columns: columns, order: order, limit: max(0, limit))
    }

    /// Below this many matching words a term's matches are scored one by one (an index probe per term each):
    /// beyond it, a pass over every term's words costs less.
    private static let rareScored = 2_000

    /// The records matching every term, found from the matches of `driver` (a rare term): each is read by key,
    /// and each term's first word in it is one probe of the index of a record's words, giving `m.score` as
    /// ``ranked(_:in:limit:columns:)`` describes. Ordered by `order`.
    private func driven(
        by driver: SearchTerm, terms: [SearchTerm], in range: KeyRange, columns: String, order: String, limit: Int
    ) throws -> [PostgresRow] {
        let (condition, values) = rangeCondition(range, column: "w.key", firstParameter: 8)
        // MATERIALIZED and OFFSET 0 fix the loop order, whatever the statistics say (there are none right after
        // a load): the driver's matches outside, a lookup by key and a probe per term inside. Left to itself, the
        // planner once joined an aggregate it guessed at one row to a scan of every record, for each of 45,000.
        let sql = """
            WITH d AS MATERIALIZED (
                SELECT DISTINCT w.key FROM \(tables.words) w
                WHERE w.namespace = $1 AND w.word >= $6 AND w.word <= $6 || \(Self.termEnd("$7"))\(condition))
            SELECT \(columns) FROM d
            CROSS JOIN LATERAL (
                SELECT * FROM \(tables.records) r WHERE r.namespace = $1 AND r.key = d.key OFFSET 0) r
            CROSS JOIN LATERAL (
                SELECT sum(s.score) AS score, count(*) AS matched
                FROM unnest($2::text[], $3::bool[]) AS t(term, exact)
                CROSS JOIN LATERAL (
                    SELECT w.position + (w.word <> t.term)::int AS score FROM \(tables.words) w
                    WHERE w.namespace = $1 AND w.key = d.key
                        AND w.word >= t.term AND w.word <= t.term || \(Self.termEnd("t.exact"))
                    ORDER BY w.position LIMIT 1) s) m
            WHERE m.matched = $4
            ORDER BY \(order)
            LIMIT $5
            """
        return try rows(
            sql,
            binds(
                [terms.map(\.word), terms.map(\.exact), terms.count, max(0, limit), driver.word, driver.exact]
                    + values))
    }

    /// The first `limit` records, in stored order, matching every term (`terms` rarest first, so a record
    /// missing one is usually rejected on the first probe). For terms that all match thousands of records:
    /// matches are then dense, and reading records in stored order stops after about `limit` of them.
    private func inStoredOrder(
        _ terms: [SearchTerm], in range: KeyRange, columns: String, limit: Int
    ) throws
        -> [PostgresRow]
    {
        let (condition, values) = rangeCondition(range, column: "r.key", firstParameter: 5)
        // Every term has a word in the record: no term lacks one. unnest gives the terms in order, so the
        // rarest is probed first.
        let sql = """
            SELECT \(columns) FROM \(tables.records) r
            WHERE r.namespace = $1 AND r.word_count > 0\(condition)
                AND NOT EXISTS (
                    SELECT 1 FROM unnest($2::text[], $3::bool[]) AS t(term, exact)
                    WHERE NOT EXISTS (
                        SELECT 1 FROM \(tables.words) w
                        WHERE w.namespace = $1 AND w.key = r.key
                            AND w.word >= t.term AND w.word <= t.term || \(Self.termEnd("t.exact"))))
            ORDER BY r.stored_order
            LIMIT $4
            """
        return try rows(sql, binds([terms.map(\.word), terms.map(\.exact), max(0, limit)] + values))
    }

    /// Records with, for every term, a word it starts (or equals, where `exact`), with `m.score` as
    /// ``ranked(_:in:limit:columns:)`` describes, ordered by `order`: every term's matching words joined at
    /// once, which is what scoring every match of broad terms costs anyway.
    private func matches(
        _ terms: [String], exact: [Bool], in range: KeyRange, columns: String, order: String, limit: Int
    ) throws -> [PostgresRow] {
        let (condition, values) = rangeCondition(range, column: "w.key", firstParameter: 6)
        let sql = """
            WITH terms AS (
                SELECT term, exact, ordinality FROM unnest($2::text[], $3::bool[]) WITH ORDINALITY AS t(term, exact)),
            hits AS (
                SELECT DISTINCT ON (w.key, t.ordinality) w.key, w.position + (w.word <> t.term)::int AS score
                FROM terms t JOIN \(tables.words) w
                    ON w.namespace = $1
                    AND w.word >= t.term AND w.word <= t.term || \(Self.termEnd("t.exact"))\(condition)
                ORDER BY w.key, t.ordinality, w.position),
            m AS (SELECT key, sum(score) AS score FROM hits GROUP BY key HAVING count(*) = $4)
            SELECT \(columns) FROM m JOIN \(tables.records) r ON r.namespace = $1 AND r.key = m.key
            ORDER BY \(order)
            LIMIT $5
            """
        return try rows(sql, binds([terms, exact, terms.count, limit] + values))
    }

    // MARK: Rows

    /// The condition for `range` on `column`, its parameters numbered from `firstParameter`.
    private func rangeCondition(
        _ range: KeyRange, column: String, firstParameter: Int
    )
        -> (String, [any PostgresThrowingDynamicTypeEncodable & Sendable])
    {
        var condition = ""
        var values: [any PostgresThrowingDynamicTypeEncodable & Sendable] = []
        if let lower = range.lower {
            condition += " AND \(column) >= $\(firstParameter + values.count)"
            values.append(Data(lower.utf8))
        }
        if let upper = range.upper {
            condition += " AND \(column) < $\(firstParameter + values.count)"
            values.append(Data(upper.utf8))
        }
        return (condition, values)
    }

    /// A record from a row of `key, value, stored_at, expires_at`.
    private func record(_ row: PostgresRow) throws -> RawRecord {
        let (key, value, storedAt, expiresAt) = try decode { try row.decode((Data, Data, Double, Double?).self) }
        return RawRecord(
            key: String(decoding: key, as: UTF8.self), value: value, storedAt: Date(timeIntervalSince1970: storedAt),
            expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) })
    }

    /// A hit from a row of `key, search_text`.
    private func hit(_ row: PostgresRow) throws -> SearchHit {
        let (key, text) = try decode { try row.decode((Data, Data).self) }
        return SearchHit(key: String(decoding: key, as: UTF8.self), text: String(decoding: text, as: UTF8.self))
    }
}
