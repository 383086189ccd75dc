import Foundation

/// Why the store's file cannot be used, in terms a user can act on: the path, the real cause, and what to do.
/// Opening never modifies a file it refuses.
public struct StorageFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of trouble, each with its own exit code in the host.
    public enum Problem: Sendable, Equatable {
        /// The file or its folder exists but this user may not read or write it.
        case permissionDenied
        /// The folder that should hold the file is a file.
        case folderIsAFile
        /// The file is not a SQLite database, or is damaged.
        case damaged(String)
        /// The file can be read but not written.
        case readOnly
    }

    /// The file or folder at fault.
    public var path: String
    /// What is wrong with it.
    public var problem: Problem

    /// Creates an error.
    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// The cause in a few words.
    public var cause: String {
        switch problem {
        case .permissionDenied: "permission denied"
        case .folderIsAFile: "it is a file, not a folder"
        case .damaged(let detail): "it is damaged or not a folio database (\(detail))"
        case .readOnly: "the file is read-only"
        }
    }

    /// What the user can do about it.
    public var hint: String {
        switch problem {
        case .permissionDenied:
            "give your user read and write access to it, or choose another folder with --home or FOLIO_HOME"
        case .folderIsAFile: "point --home or FOLIO_HOME at a folder (it is created if missing)"
        case .damaged:
            "move it aside and run again to start afresh (or restore a backup copy); folio has not changed it"
        case .readOnly: "make it writable (chmod u+w \(path)), or choose another folder with --home or FOLIO_HOME"
        }
    }

    /// `cannot use PATH: CAUSE`.
    public var description: String { "cannot use \(path): \(cause)" }
}
