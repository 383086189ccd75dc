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
            #expect(
                result.stderr.contains("error: cannot use \(home.path) — it is a file, not a folder"),
                "\(result.stderr)")
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

    /// Permission problems only happen to a user without root's override: as root, the binary runs as `nobody`
    /// through setpriv (util-linux), which needs every folder on the binary's path to be searchable by others.
    static let unprivileged: [String]? = {
        guard getuid() == 0 else { return [] }
        let setpriv = "/usr/bin/setpriv"
        guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
        var folder = FolioBinary.url.deletingLastPathComponent()
        while folder.path != "/" {
            let mode = (try? FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int) ?? 0
            guard mode & 0o001 != 0 else { return nil }
            folder = folder.deletingLastPathComponent()
        }
        return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
    }()

    @Test(.enabled(if: unprivileged != nil, "needs a non-root user, or setpriv and a binary others can run"))
    func aHomeWithoutPermissionNamesTheCause() async throws {
        try await withTemporaryDirectory(prefix: "folio-e2e") { folder in
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            let home = folder.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: home.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path) }
            let result = try await FolioBinary.run(
                ["networth", "accounts", "list"], home: home, launcher: Self.unprivileged ?? [])
            #expect(result.exitCode == 77, "\(result.stderr)")
            #expect(result.stderr.contains("error: cannot use \(home.path)"), "\(result.stderr)")
            #expect(result.stderr.contains("permission denied"), "\(result.stderr)")
            #expect(result.stderr.contains("hint: "), "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
        }
    }

    @Test(.enabled(if: unprivileged != nil, "needs a non-root user, or setpriv and a binary others can run"))
    func aReadOnlyStoreIsNamedAndNotModified() async throws {
        try await withTemporaryDirectory(prefix: "folio-e2e") { folder in
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            let home = folder.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
            #expect(try await FolioBinary.run(["networth", "sample"], home: home).exitCode == 0)
            let names = try FileManager.default.contentsOfDirectory(atPath: home.path)
            for name in names {
                try FileManager.default.setAttributes(
                    [.posixPermissions: 0o444], ofItemAtPath: home.appendingPathComponent(name).path)
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: home.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path) }
            let file = home.appendingPathComponent("folio.sqlite")
            let before = try Data(contentsOf: file)
            let result = try await FolioBinary.run(
                ["networth", "update", "Current Account", "10"], home: home, launcher: Self.unprivileged ?? [])
            #expect(result.exitCode == 77, "\(result.stderr)")
            #expect(result.stderr.contains("cannot use \(home.path)"), "\(result.stderr)")
            #expect(result.stderr.contains("hint: "), "\(result.stderr)")
            #expect(try Data(contentsOf: file) == before)
        }
    }
}
