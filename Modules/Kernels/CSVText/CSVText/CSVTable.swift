import CSV
import Foundation
import Settings

/// A CSV document as a header and rows, read by the CSV.swift package (RFC 4180: commas, fields quoted with
/// `"` and doubled inside, line breaks inside quotes, LF or CRLF). Each row keeps its number and the line it
/// starts on, so errors can point at both. Blank lines are skipped; so are `#` comment lines when asked. A row
/// with more or fewer fields than the header is refused with its line unless the caller checks widths itself: an
/// unquoted `12,34` read as two fields would otherwise be stored as 12.
public struct CSVTable: Sendable, Equatable {
    /// One data row.
    public struct Row: Sendable, Equatable {
        /// 1-based among the data rows (the header is not counted; skipped lines are not counted).
        public var number: Int
        /// The 1-based line of the file the row starts on.
        public var line: Int
        /// The fields, unquoted; as many as the header has, unless ``Options/requiresHeaderWidth`` is off.
        public var fields: [String]

        /// Creates a row.
        public init(number: Int, line: Int, fields: [String]) {
            self.number = number
            self.line = line
            self.fields = fields
        }
    }

    /// How the text is read.
    public struct Options: Sendable {
        /// Drop spaces and tabs around each field (outside quotes).
        public var trimsFields: Bool
        /// Skip lines whose first field starts with `#`.
        public var skipsComments: Bool
        /// Refuse the first row whose field count differs from the header's; off for a reader that reports
        /// every such row itself.
        public var requiresHeaderWidth: Bool

        /// Creates options.
        public init(trimsFields: Bool = true, skipsComments: Bool = false, requiresHeaderWidth: Bool = true) {
            self.trimsFields = trimsFields
            self.skipsComments = skipsComments
            self.requiresHeaderWidth = requiresHeaderWidth
        }
    }

    /// The header's fields.
    public var header: [String]
    /// The line the header is on.
    public var headerLine: Int
    /// The data rows.
    public var rows: [Row]

    /// Reads `text` (a leading byte-order mark is dropped).
    /// - Throws: ``CSVTableError`` when the text has no header row, a quote is never closed, or a row is wider or
    ///   narrower than the header.
    public init(text: String, options: Options = Options()) throws(CSVTableError) {
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        let reader: CSVReader
        do {
            // Trimming costs the package a Foundation call a field; it is asked for only where it changes a field.
            let trims = options.trimsFields && Self.hasWhitespaceToTrim(text)
            reader = try CSVReader(string: text, trimFields: trims)
        } catch {
            throw CSVTableError(line: 1, message: "the file could not be read as CSV (\(error))")
        }
        var header: [String]?
        var headerLine = 1
        var rows: [Row] = []
        var line = 1
        var lastLine = 1
        while let fields = reader.next() {
            let start = line
            lastLine = start
            line += 1 + Self.lineBreaks(in: fields)
            if fields.count == 1 && fields[0].trimmingWhitespace().isEmpty { continue }
            if options.skipsComments, fields[0].trimmingWhitespace().hasPrefix("#") { continue }
            if header == nil {
                header = fields
                headerLine = start
            } else {
                rows.append(Row(number: rows.count + 1, line: start, fields: fields))
            }
        }
        // An unclosed quote reads to the end of the text as one field, which the package does not report; an
        // odd number of quotes is the sign, and the quote opened in the last row read.
        if text.unicodeScalars.reduce(0, { $1 == "\"" ? $0 + 1 : $0 }) % 2 == 1 {
            throw CSVTableError(
                line: lastLine,
                message: "a double quote opened on line \(lastLine) is never closed — quote whole fields and double "
                    + "any quote inside one (\"\"); nothing after it can be read",
                reason: .unclosedQuote)
        }
        guard let header else {
            throw CSVTableError(line: 1, message: "the file is empty — it needs a header row", reason: .empty)
        }
        if options.requiresHeaderWidth, let row = rows.first(where: { $0.fields.count != header.count }) {
            var message =
                "the row has \(row.fields.count) field\(row.fields.count == 1 ? "" : "s") where the header has "
                + "\(header.count) — nothing was read"
            if row.fields.count > header.count { message += "; put a field that contains a comma in double quotes" }
            throw CSVTableError(line: row.line, message: message, reason: .fieldCount)
        }
        self.header = header
        self.headerLine = headerLine
        self.rows = rows
    }

    /// Whether reading with trimmed fields could differ from reading without: some space or tab (any Unicode
    /// space: the package's set) begins or ends a field outside quotes, or follows a closing quote. The scan
    /// follows the package's reading (a field is quoted when it starts with `"`; inside, `""` is a quote and a
    /// quote followed by anything but a delimiter or line break keeps the field open, dropping that character), so
    /// a space inside quotes, as in `"Fund, Series A"`, does not count. Tested against the package trimming
    /// every field, on generated texts.
    static func hasWhitespaceToTrim(_ text: String) -> Bool {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        func endsField(_ scalar: Unicode.Scalar?) -> Bool {
            scalar == nil || scalar == "," || scalar == "\n" || scalar == "\r"
        }
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while next != nil {
            // At the start of a field.
            guard let first = next, !isSpace(first) else { return true }
            next = scalars.next()
            if first == "\"" {
                while true {
                    guard let scalar = next else { return false }
                    next = scalars.next()
                    guard scalar == "\"" else { continue }
                    let after = next
                    next = scalars.next()
                    if after == "\"" { continue }
                    if let after, isSpace(after) { return true }
                    if endsField(after) { break }
                }
            } else {
                var previous = first
                while !endsField(previous) {
                    guard let scalar = next else { return isSpace(previous) }
                    next = scalars.next()
                    if endsField(scalar) && isSpace(previous) { return true }
                    previous = scalar
                }
            }
        }
        return false
    }

    /// Line breaks kept inside quoted fields: CRLF, LF or a lone CR each count once.
    private static func lineBreaks(in fields: [String]) -> Int {
        var count = 0
        for field in fields where field.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            var previous: UInt8 = 0
            for byte in field.utf8 {
                if byte == 0x0A && previous != 0x0D || byte == 0x0D { count += 1 }
                previous = byte
            }
        }
        return count
    }
}
