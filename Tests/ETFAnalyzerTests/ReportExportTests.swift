import Testing

@testable import ETFAnalyzer

@Suite("ReportExport's CSV quoting (RFC 4180)")
struct ReportExportTests {
    @Test(
        "a field is quoted only for a comma, a quote or a line break; quotes are doubled",
        arguments: [
            ("VOO", "VOO"), ("", ""), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
            ("crlf\r\nend", "\"crlf\r\nend\""), ("cr\rend", "\"cr\rend\""), ("\"", "\"\"\"\""),
            ("\"\"edge\"", "\"\"\"\"\"edge\"\"\""), ("tab\there", "tab\there"), ("café 📈", "café 📈"),
        ])
    func quoting(field: String, expected: String) {
        #expect(ReportExport.csvField(field) == expected)
    }
}
