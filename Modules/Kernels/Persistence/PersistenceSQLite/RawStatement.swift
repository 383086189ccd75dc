import Foundation
import GRDB
import GRDBSQLite

/// One of GRDB's cached statements driven through SQLite's C API: bind, step, read columns.
///
/// The store's point reads and writes go this way. GRDB's own path (a cursor object, an argument array, value
/// conversions through protocols, the cursor's release) cost about 8,000 instructions per statement, where SQLite
/// itself spends 1,000 to 2,000 on a lookup by key; a stock trade runs seven such statements. GRDB keeps owning
/// the statement (preparation, caching, finalizing) and resets it before it next uses it; ``SQLiteTransaction``
/// resets it after each use here.
struct RawStatement {
    let handle: OpaquePointer

    init(_ statement: Statement) {
        handle = statement.sqliteStatement
    }

    /// SQLite copies bound text and blobs, so the Swift buffers need not outlive the call.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    func bind(_ index: Int32, _ text: String) throws {
        var text = text
        try check(
            text.withUTF8 { utf8 in
                // An empty buffer has no address, which SQLite would bind as NULL.
                sqlite3_bind_text(
                    handle, index, utf8.baseAddress ?? ("" as StaticString).utf8Start, Int32(utf8.count), Self.transient)
            })
    }

    func bind(_ index: Int32, _ data: Data) throws {
        try check(
            data.withUnsafeBytes { bytes in
                bytes.isEmpty
                    ? sqlite3_bind_zeroblob(handle, index, 0)
                    : sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
            })
    }

    func bind(_ index: Int32, _ value: Double?) throws {
        try check(value.map { sqlite3_bind_double(handle, index, $0) } ?? sqlite3_bind_null(handle, index))
    }

    func bind(_ index: Int32, _ value: Int64) throws {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Runs the statement to its next row: true when a row is ready to read, false when it has finished.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw error(code)
        }
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func double(_ column: Int32) -> Double? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_double(handle, column)
    }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func blob(_ column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// Makes the statement ready for its next use and drops its bindings.
    func reset() {
        // An error from the last step was already thrown by `step()`; reset repeats its code.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw error(code) }
    }

    private func error(_ code: Int32) -> DatabaseError {
        let message = sqlite3_db_handle(handle).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(
            resultCode: ResultCode(rawValue: code), message: message,
            sql: sqlite3_sql(handle).map { String(cString: $0) })
    }
}
