import Failures
import Foundation

/// Reads a file the user named as input, with one error and exit code (66) for every way it cannot be read.
public enum InputFile {
    /// The bytes of the file at `path` (relative paths from the working directory).
    /// - Throws: ``FolioError/unreadableInput(_:reason:hint:)`` (exit 66) when the file is missing, is a folder
    ///   or cannot be read.
    public static func data(atPath path: String) throws(FolioError) -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw FolioError.unreadableInput(
                path, reason: "no such file", hint: "check the name; relative paths start in \(currentFolder)")
        }
        guard !isFolder.boolValue else {
            throw FolioError.unreadableInput(path, reason: "it is a folder", hint: "name a file inside it")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw FolioError.unreadableInput(path, reason: "permission denied")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FolioError.unreadableInput(path, reason: (error as NSError).localizedDescription)
        }
    }

    /// The file's text, which must be UTF-8 (a leading byte-order mark is dropped).
    /// - Throws: as ``data(atPath:)``, or ``FolioError`` (data error, exit 65) when it is not UTF-8 text.
    public static func text(atPath path: String) throws(FolioError) -> String {
        var data = try data(atPath: path)
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data = data.dropFirst(3) }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw FolioError(.dataError, "cannot read \(path)", why: "it is not UTF-8 text", hint: "save it as UTF-8")
        }
        return text
    }

    private static var currentFolder: String { FileManager.default.currentDirectoryPath }
}
