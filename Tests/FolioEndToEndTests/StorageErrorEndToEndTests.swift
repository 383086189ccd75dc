import FeatureKitTesting
import Foundation
import Testing

/// Storage trouble as a user meets it: the real cause, the path, the documented code, a hint, the file untouched.
@Suite struct StorageErrorEndToEndTests {
    @Test func aHomeThatIsAFileIsAUsageError() async throws {
        try await withTemporaryDirectory(prefix: "folio-e2e") { folder in
            let home = folder.appendingPathComponent("home")
            try Data("x".utf8).write(to: home)
            let result = try await FolioBinary.run(["networth", "accounts", "list"], home: home)
            #expect(result.exitCode == 64)
            #expect(result.stderr.contains("error: cannot use \(home.path) — it is a file, not a folder"), "\(result.stderr)")
            #expect(result.stderr.contains("hint: "))
        }
    }

    @Test func aDamagedStoreExits65AndIsNotModified() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let file = home.appendingPathComponent("folio.sqlite")
            let garbage = Data(repeating: 0x5A, count: 8192)
            try garbage.write(to: file)
            let result = try await FolioBinary.run(["networth", "accounts", "list"], home: home)
            #expect(result.exitCode == 65)
            #expect(result.stderr.contains("cannot use \(file.path) — it is damaged"), "\(result.stderr)")
            #expect(result.stderr.contains("hint: move it aside"))
            #expect(try Data(contentsOf: file) == garbage)
        }
    }
}
