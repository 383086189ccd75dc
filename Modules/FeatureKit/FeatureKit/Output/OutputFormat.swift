import Failures
import Foundation

/// How a listing is written: a table for people, JSON or CSV for programs.
public enum OutputFormat: String, Sendable, CaseIterable {
    case table
    case json
    case csv
}

/// Standard output or a file written atomically (a half-written report never replaces a good one), every write
/// checked (exit 74 on a full disk).
public struct OutputDestination: Sendable {
    /// The file path, or nil for standard output.
    public var path: String?

    /// Creates a destination.
    public init(path: String?) { self.path = path }

    /// Writes `text`, adding a final newline if missing; a file gets it without colours.
    public func emit(_ text: String, to terminal: any Terminal) throws {
        let body = text.utf8.last == UInt8(ascii: "\n") || text.isEmpty ? text : text + "\n"
        guard let path, path != "-" else {
            terminal.write(body)
            return
        }
        try Self.checkFolder(of: path)
        try FileOutput.write(Style.removingColor(from: body), toFileAt: path)
    }

    /// Refuses, as a usage error (64) naming the folder, a path whose folder is missing or is a file, and a
    /// path that is itself a folder: Foundation would only say "The file doesn't exist".
    static func checkFolder(of path: String) throws(FolioError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw FolioError(
                .usage, "cannot write \(path)", why: "the folder \(folder) does not exist",
                hint: "create it first (mkdir -p \(folder)), or choose another --output path")
        }
        guard isFolder.boolValue else {
            throw FolioError(.usage, "cannot write \(path)", why: "\(folder) is a file, not a folder")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw FolioError(
                .usage, "cannot write \(path)", why: "it is a folder", hint: "name a file inside it")
        }
    }
}
