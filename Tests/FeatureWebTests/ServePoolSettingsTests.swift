import Persistence
import PersistencePostgres
import Testing

@Suite("folio serve's pool settings in the database URL")
struct ServePoolSettingsTests {
    @Test("pool_max_conns and pool_wait are read, shown in the masked URL, and refused out of range")
    func poolOptions() throws {
        let location = try PostgresLocation(parsing: "postgres://folio:pw@db.home/folio?pool_max_conns=16&pool_wait=2s")
        #expect(location.poolSize == 16)
        #expect(location.poolWait == .seconds(2))
        #expect(location.masked == "postgres://folio:***@db.home:5432/folio?pool_max_conns=16&pool_wait=2000ms")
        #expect(
            try PostgresLocation(parsing: "postgres://folio@db.home/folio?pool_wait=500ms").poolWait
                == .milliseconds(500))
        #expect(try PostgresLocation(parsing: "postgres://folio@db.home/folio").poolSize == nil)
        for bad in ["pool_max_conns=0", "pool_max_conns=many", "pool_wait=0s", "pool_wait=1h"] {
            #expect(throws: PersistenceError.self, "\(bad)") {
                try PostgresLocation(parsing: "postgres://folio@db.home/folio?\(bad)")
            }
        }
    }
}
