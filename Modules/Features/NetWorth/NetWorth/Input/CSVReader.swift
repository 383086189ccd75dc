/// Reads RFC 4180 CSV: fields separated by commas, optionally quoted with `"` (doubled inside), records
/// ending in LF or CRLF.
enum CSVReader {
    /// The records of `text`, each with the 1-based line it starts on; blank lines are skipped.
    /// - Throws: ``NetWorthError`` (malformed) for an unterminated quoted field.
    static func records(_ text: String) throws(NetWorthError) -> [(line: Int, fields: [String])] {
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1
        var recordLine = 1
        var characters = Array(text.unicodeScalars)[...]
        if characters.first == "\u{FEFF}" { characters = characters.dropFirst() }
        var index = characters.startIndex
        func endRecord() {
            fields.append(field)
            field = ""
            if !(fields.count == 1 && fields[0].isEmpty) { records.append((recordLine, fields)) }
            fields = []
        }
        while index < characters.endIndex {
            let character = characters[index]
            index += 1
            if inQuotes {
                if character == "\"" {
                    if index < characters.endIndex, characters[index] == "\"" {
                        field.unicodeScalars.append("\"")
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if character == "\n" { line += 1 }
                    field.unicodeScalars.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty: inQuotes = true
            case ",":
                fields.append(field)
                field = ""
            case "\r" where index < characters.endIndex && characters[index] == "\n": continue
            case "\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            default: field.unicodeScalars.append(character)
            }
        }
        if inQuotes {
            throw NetWorthError(.malformed, "line \(recordLine): a quoted field is not closed")
        }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }
}
