import Foundation
import Persistence
import PersistencePostgres
import PersistenceSQLite

/// A child process for the multi-process tests. DB is a SQLite file, or a `postgres://` URL.
///
///     persistence-probe increment DB KEY COUNT   # COUNT read-modify-write transactions on one counter
///     persistence-probe increment-home HOME KEY COUNT   # the same, on the database HOME selects, as folio does
///     persistence-probe pairs DB START            # endless transactions each writing x_i and y_i together
///     persistence-probe hold DB                   # writes inside a transaction, says "ready", never commits
@main
enum PersistenceProbe {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 3 else {
            FileHandle.standardError.write(Data("usage: persistence-probe increment|pairs|hold DB ...\n".utf8))
            exit(64)
        }
        let target = arguments[1] == "increment-home" ? try selectedDatabase(home: arguments[2]) : arguments[2]
        let database: any KeyValueDatabase =
            target.hasPrefix("postgres://") || target.hasPrefix("postgresql://")
            ? try PostgresDatabase(url: target)
            : try SQLiteDatabase(fileURL: URL(fileURLWithPath: target))
        let store = database.store(namespace: "probe")
        switch arguments[1] {
        case "increment", "increment-home":
            let key = arguments[3]
            let count = Int(arguments[4]) ?? 0
            for _ in 0..<count {
                try await store.write { transaction in
                    let current = try transaction.value(Int.self, key) ?? 0
                    try transaction.put(key, current + 1)
                }
            }
        case "pairs":
            var index = Int(arguments[3]) ?? 0
            announce("ready")
            while true {
                let current = index
                try await store.write { transaction in
                    let payload = String(repeating: "x", count: 2_000)
                    try transaction.put("x/\(current)", payload)
                    try transaction.put("y/\(current)", payload)
                }
                index += 1
            }
        case "hold":
            try await store.write { transaction in
                try transaction.put("held/a", "written inside an open transaction")
                try transaction.put("held/b", "written inside an open transaction")
                announce("ready")
                while true { sleep(60) }
            }
        default:
            exit(64)
        }
    }

    /// The database a `FOLIO_HOME` selects, in folio's order (README, "Configuration"): `FOLIO_DATABASE_URL`,
    /// then `database.url` in `HOME/config.json`, then the SQLite file in HOME. Separate homes are how separate
    /// machines are configured, so the multi-process tests reach the server the way they would.
    private static func selectedDatabase(home: String) throws -> String {
        if let url = ProcessInfo.processInfo.environment["FOLIO_DATABASE_URL"], !url.isEmpty { return url }
        let configuration = URL(fileURLWithPath: home).appendingPathComponent("config.json")
        if let data = FileManager.default.contents(atPath: configuration.path),
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let url = object["database.url"] as? String, !url.isEmpty
        {
            return url
        }
        return URL(fileURLWithPath: home).appendingPathComponent("folio.sqlite").path
    }

    private static func announce(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
