import FeatureKitTesting
import Foundation
import Testing

/// Every `funds` command, with Folio's own data out of reach, exits 77 (no permission) naming the store, not 70.
/// Root reads and writes through any file mode, so as root the binary runs as `nobody` through setpriv.
@Suite("funds commands: a store that cannot be opened exits 77")
struct StoreFailureEndToEndTests {
    /// setpriv's words to drop to `nobody`, or nil when that cannot be done here; none when not root.
    static let unprivileged: [String]? = {
        guard getuid() == 0 else { return [] }
        let setpriv = "/usr/bin/setpriv"
        guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
        // `nobody` must be able to reach the binary through every folder above it.
        var folder = FolioBinary.url.deletingLastPathComponent()
        while folder.path != "/" {
            let mode = (try? FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int) ?? 0
            guard mode & 0o001 != 0 else { return nil }
            folder = folder.deletingLastPathComponent()
        }
        return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
    }()

    static let commands: [[String]] = [
        ["funds", "portfolio"], ["funds", "portfolio", "tax", "--fy", "2024-25"], ["funds", "portfolio", "gains"],
        ["funds", "favorites", "list"], ["funds", "cache", "status"], ["funds", "show", "122639", "--offline"],
        ["funds", "search", "parag", "--offline"],
    ]

    @Test(
        "a home whose store nobody may open: each funds command exits 77 and names the file",
        .enabled(if: unprivileged != nil, "needs a non-root user, or setpriv and a binary others can run"))
    func storeOutOfReach() async throws {
        try await withTemporaryDirectory(prefix: "folio-funds-77") { folder in
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            let home = folder.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
            // The store exists (made by its owner), and its folder and file are the owner's alone.
            let made = try await FolioProcess.run(["funds", "cache", "status"], home: home)
            #expect(made.exitCode == 0, "\(made.stderr)")
            for name in try FileManager.default.contentsOfDirectory(atPath: home.path) {
                try FileManager.default.setAttributes(
                    [.posixPermissions: 0o600], ofItemAtPath: home.appendingPathComponent(name).path)
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: home.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path) }
            for command in Self.commands {
                let result = try await FolioProcess.run(
                    command, home: home, environment: ["FOLIO_MFAPI_URL": "http://127.0.0.1:9"],
                    launcher: Self.unprivileged ?? [])
                #expect(result.exitCode == 77, "\(command.joined(separator: " ")): \(result.stderr)")
                #expect(result.stderr.contains(home.path), "\(command.joined(separator: " ")): \(result.stderr)")
                #expect(
                    result.stderr.contains("permission denied"), "\(command.joined(separator: " ")): \(result.stderr)")
            }
        }
    }
}
