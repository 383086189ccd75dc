import CSVText
import Failures

extension CSVTable {
    /// Reads the CSV file at `path`.
    /// - Throws: ``FolioError``: unreadable file (exit 66), not UTF-8 or not CSV (data error, exit 65) with the
    ///   line.
    public static func read(fileAtPath path: String, options: Options = Options()) throws(FolioError) -> CSVTable {
        let text = try InputFile.text(atPath: path)
        do {
            return try CSVTable(text: text, options: options)
        } catch {
            throw FolioError(.dataError, "\(path) line \(error.line): \(error.message)")
        }
    }
}
