import CSV
import PropertyBased
import Testing

@testable import CSVText

/// `CSVTable` asks the CSV package to trim fields only where trimming changes one; on every generated text,
/// what it reads must equal what the package reads trimming every field.
@Suite struct CSVTrimmingTests {
    /// Pieces a CSV text is made of: the ones that matter to trimming (spaces of three kinds and tabs, quotes,
    /// delimiters, three kinds of line break) and plain text around them.
    static let pieces = [
        "a", "Fund", " ", "\t", "\u{00A0}", "\u{3000}", ",", "\"", "\"\"", "\n", "\r\n", "\r", "é", "x y", ", ",
    ]
    static let texts = Gen<String?>.element(of: pieces).map { $0 ?? "" }.array(of: 1...14).map { $0.joined() }

    @Test func readingOnlyWhereTrimmingMattersEqualsTrimmingEveryField() async {
        await propertyCheck(count: 20_000, input: Self.texts) { text in
            let expected = Self.rows(try CSVReader(string: text, trimFields: true))
            let read = Self.rows(try CSVReader(string: text, trimFields: CSVTable.hasWhitespaceToTrim(text)))
            #expect(read == expected, "\(text.debugDescription)")
        }
    }

    @Test func spacesInsideQuotesDoNotCountButSpacesAtAFieldsEdgeDo() {
        #expect(!CSVTable.hasWhitespaceToTrim("name,price\n\"Fund, Series A\",12.5\n"))
        #expect(!CSVTable.hasWhitespaceToTrim("a b,c\td\r\n\"x\"\"y\",z"))
        #expect(CSVTable.hasWhitespaceToTrim("name, price\n"))
        #expect(CSVTable.hasWhitespaceToTrim("name ,price\n"))
        #expect(CSVTable.hasWhitespaceToTrim("\"Fund\" ,1\n"))
        #expect(CSVTable.hasWhitespaceToTrim("a,b\u{00A0}"))
        #expect(CSVTable.hasWhitespaceToTrim("a,\tb"))
    }

    static func rows(_ reader: CSVReader) -> [[String]] {
        var rows: [[String]] = []
        while let row = reader.next() { rows.append(row) }
        return rows
    }
}
