import Failures
import Foundation
import PersistencePostgres

/// `db backup` and `db restore` work on the SQLite file; on a shared server the server's own tools do.
enum SQLiteOnly {
    /// The store's file, or a refusal explaining what to use on PostgreSQL instead.
    static func file(of selection: DatabaseSelection, command: String) throws -> URL {
        switch selection {
        case .sqlite(let url): return url
        case .postgres(let location):
            throw FolioError(
                .usage, "folio db \(command) works on the SQLite file",
                why: "the database is PostgreSQL at \(location.masked), which its server backs up",
                hint: command == "backup"
                    ? "pg_dump --format=custom --schema=\(location.schema) --file=folio.dump \(location.database) backs up "
                        + "on the server's side; "
                        + "folio db export --output FILE writes every record from any backend"
                    : "pg_restore --clean --dbname=… folio.dump restores a pg_dump backup; folio db import FILE "
                        + "--replace reads a folio db export")
        }
    }
}
