import Foundation
import Persistence
import PersistenceSQLite
import Testing

/// The store's file refused for a reason a user can act on, with the path, and never modified.
@Suite struct StorageFileErrorTests {
    private func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storage-error-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test func aHomeThatIsAFileIsNamed() throws {
        try withFolder { folder in
            let home = folder.appendingPathComponent("home")
            try Data("not a folder".utf8).write(to: home)
            let error = #expect(throws: StorageFileError.self) {
                try SQLiteDatabase(fileURL: home.appendingPathComponent("folio.sqlite"))
            }
            #expect(error == StorageFileError(path: home.path, problem: .folderIsAFile))
            #expect(try Data(contentsOf: home) == Data("not a folder".utf8))
        }
    }

    @Test func aDamagedFileIsReportedAndLeftAsItWas() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("folio.sqlite")
            let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            try garbage.write(to: file)
            let error = #expect(throws: StorageFileError.self) { try SQLiteDatabase(fileURL: file) }
            guard case .damaged(let detail)? = error?.problem else {
                Issue.record("expected a damaged file, got \(String(describing: error))")
                return
            }
            #expect(detail.contains("not a database"))
            #expect(error?.path == file.path)
            #expect(try Data(contentsOf: file) == garbage)
        }
    }

    /// root may read and write any file, so the permission cases are checked only where they can happen.
    @Test func unreadableAndReadOnlyFilesAreNamed() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("folio.sqlite")
            _ = try SQLiteDatabase(fileURL: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: file.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path) }
            guard !FileManager.default.isWritableFile(atPath: file.path) else { return }
            let readOnly = #expect(throws: StorageFileError.self) { try SQLiteDatabase(fileURL: file) }
            #expect(readOnly?.problem == .readOnly)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
            let denied = #expect(throws: StorageFileError.self) { try SQLiteDatabase(fileURL: file) }
            #expect(denied?.problem == .permissionDenied)
        }
    }
}
