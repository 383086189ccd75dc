import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import Settings
import Testing
import Timing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct TextTableTests {
    @Test func alignsColumnsByDisplayWidthWithAHeaderRuleAndTotals() {
        let table = TextTable(
            columns: [.text("NAME"), .number("NAV")],
            rows: [["Axis ₹", "₹144.1300"], ["日本株ファンド", "₹9.9697"], ["Emoji 📈", "₹1.0000"]],
            footer: [["Total", "₹155.0997"]])
        let lines = table.render(style: Style(colorEnabled: false)).split(separator: "\n").map(String.init)
        #expect(lines[0] == "NAME" + String(repeating: " ", count: 18) + "NAV")
        #expect(lines[1] == String(repeating: "─", count: 25))
        #expect(lines[2] == "Axis ₹          ₹144.1300")
        #expect(lines[3] == "日本株ファンド    ₹9.9697")
        #expect(lines[4] == "Emoji 📈          ₹1.0000")
        #expect(lines[6] == "Total           ₹155.0997")
        #expect(Set(lines.map(TextWidth.of)).count <= 3)
    }

    @Test func shortensTruncatableColumnsToFitTheTerminal() {
        let name = String(repeating: "Very Long Scheme Name ", count: 6)
        let table = TextTable(
            columns: [.text("NAME", truncatable: true), .number("CODE")], rows: [[.init(name), "122639"]])
        let lines = table.render(style: Style(colorEnabled: false), maxWidth: 60).split(separator: "\n")
        #expect(lines.allSatisfy { TextWidth.of(String($0)) <= 60 })
        #expect(lines[2].contains("…"))
        #expect(lines[2].hasSuffix("122639"))
    }

    @Test func theRuleSpansTheRowsWhenTheyCannotShrinkToFit() {
        let columns = (1...8).map { TextTable.Column.number("COLUMN \($0)") }
        let table = TextTable(columns: columns, rows: [columns.map { _ in "₹1,00,000.00" }])
        let lines = table.render(style: Style(colorEnabled: false), maxWidth: 60).split(separator: "\n")
        #expect(TextWidth.of(String(lines[0])) > 60)
        #expect(TextWidth.of(String(lines[1])) == TextWidth.of(String(lines[0])))
        #expect(lines[1].allSatisfy { $0 == "─" })
    }

    @Test func tablesFitAScreenButNotAPipe() {
        #expect(CapturedTerminal(interactive: true, width: 90).tableWidth == 90)
        #expect(CapturedTerminal(interactive: false, width: 90).tableWidth == .max)
    }

    @Test func coloursOnlyWhenEnabled() {
        let table = TextTable(
            columns: [.number("CHANGE")], rows: [[.trend("+1.00%", sign: 1)], [.trend("-2.00%", sign: -1)]])
        #expect(!table.render(style: Style(colorEnabled: false)).contains("\u{1B}"))
        let coloured = table.render(style: Style(colorEnabled: true))
        #expect(coloured.contains("\u{1B}[32m+1.00%"))
        #expect(coloured.contains("\u{1B}[31m-2.00%"))
    }
}

@Suite struct StyleTests {
    @Test func colourNeedsATerminalAndNoOptOut() {
        #expect(Style.resolve(isTerminal: true, environment: [:], noColorFlag: false).colorEnabled)
        #expect(!Style.resolve(isTerminal: false, environment: [:], noColorFlag: false).colorEnabled)
        #expect(!Style.resolve(isTerminal: true, environment: ["NO_COLOR": "1"], noColorFlag: false).colorEnabled)
        #expect(Style.resolve(isTerminal: true, environment: ["NO_COLOR": ""], noColorFlag: false).colorEnabled)
        #expect(!Style.resolve(isTerminal: true, environment: [:], noColorFlag: true).colorEnabled)
        #expect(!Style.resolve(isTerminal: true, environment: ["TERM": "dumb"], noColorFlag: false).colorEnabled)
    }
}

@Suite struct NumberFormatTests {
    @Test func formatsMoneyWithSymbolSignAndGrouping() {
        #expect(NumberFormat.money(Amount("1234.56")!, currency: "GBP") == "£1,234.56")
        #expect(NumberFormat.money(Amount("-250")!, currency: "GBP") == "-£250.00")
        #expect(NumberFormat.money(Amount("174.26")!, currency: "USD") == "$174.26")
        #expect(NumberFormat.money(Amount("90.52890")!, currency: "INR", fractionDigits: 4) == "₹90.5289")
        #expect(NumberFormat.money(Amount("1234567.005")!, currency: "EUR") == "€1,234,567.00")
        #expect(NumberFormat.money(Amount("0.015")!, currency: "USD") == "$0.02")
        #expect(NumberFormat.money(Amount("-0.001")!, currency: "USD") == "$0.00")
        #expect(NumberFormat.money(10, currency: "CHF") == "CHF 10.00")
        #expect(NumberFormat.signedMoney(12, currency: "GBP") == "+£12.00")
    }

    @Test func formatsFractionsAsSignedPercentages() {
        #expect(NumberFormat.percent(Amount("0.1234")!) == "+12.34%")
        #expect(NumberFormat.percent(Amount("-0.05")!) == "-5.00%")
        #expect(NumberFormat.percent(Amount.zero) == "0.00%")
        #expect(NumberFormat.percent(0.071234, fractionDigits: 1) == "+7.1%")
        #expect(NumberFormat.percent(Double.nan) == "n/a")
        #expect(NumberFormat.percent(Amount("0.5")!, signed: false) == "50.00%")
    }
}

@Suite struct JSONAndCSVOutputTests {
    struct Row: Encodable {
        var name: String
        var nav: Decimal
        var date: Date
        @NullEncodable var annualized: Double?
    }

    @Test func writesJSONWithSortedKeysISODatesExactDecimalsAndNulls() throws {
        let row = Row(
            name: "A", nav: Decimal(string: "90.52890")!, date: Date(timeIntervalSince1970: 0), annualized: nil)
        let text = try JSONOutput.string([row])
        #expect(text.contains("\"annualized\" : null"))
        #expect(text.contains("\"date\" : \"1970-01-01T00:00:00Z\""))
        #expect(text.contains("\"nav\" : 90.5289"))
        let keys = ["annualized", "date", "name", "nav"].map { text.range(of: "\"\($0)\"")!.lowerBound }
        #expect(keys == keys.sorted())
    }

    @Test func writesRFC4180CSVWithTheJSONColumns() throws {
        let rows = [
            Row(
                name: "Fund, \"Growth\"", nav: Decimal(string: "0.1")!, date: Date(timeIntervalSince1970: 0),
                annualized: 0.25),
            Row(name: "Line\nbreak", nav: 2, date: Date(timeIntervalSince1970: 86_400), annualized: nil),
        ]
        let csv = try CSVOutput.rows(rows)
        #expect(
            csv == "annualized,date,name,nav\r\n"
                + "0.25,1970-01-01T00:00:00Z,\"Fund, \"\"Growth\"\"\",0.1\r\n"
                + ",1970-01-02T00:00:00Z,\"Line\nbreak\",2\r\n")
        let ordered = try CSVOutput.rows(rows, columns: ["name", "nav"])
        #expect(ordered.hasPrefix("name,nav\r\n\"Fund, \"\"Growth\"\"\",0.1\r\n"))
    }

    @Test func quotesFieldsWithCommasQuotesAndLineBreaksOnly() {
        #expect(CSVOutput.field("plain text") == "plain text")
        #expect(CSVOutput.field("") == "")
        #expect(CSVOutput.field("a,b") == "\"a,b\"")
        #expect(CSVOutput.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVOutput.field("\"") == "\"\"\"\"")
        #expect(CSVOutput.field("one\ntwo") == "\"one\ntwo\"")
        #expect(CSVOutput.field("one\rtwo") == "\"one\rtwo\"")
        // "\r\n" is a single Character, equal to neither "\r" nor "\n"; it still needs quotes.
        #expect(CSVOutput.field("one\r\ntwo") == "\"one\r\ntwo\"")
        #expect(CSVOutput.field("Zürich, \"Ünï\" 📈") == "\"Zürich, \"\"Ünï\"\" 📈\"")
    }
}

@Suite struct ChartTests {
    @Test func padsTheYRangeByTenPercentNotFromZero() {
        let range = ChartScale.yRange([100, 110, 120])
        #expect(range == 98...122)
        #expect(ChartScale.yRange([5, 5]) == 4.95...5.05)
        #expect(ChartScale.yRange([]) == 0...1)
    }

    @Test func ticksOnlyAtRealPointsIncludingBothEnds() {
        let xs: [Double] = [0, 3, 7, 8, 20, 21, 40, 41, 42, 90]
        let ticks = ChartScale.xTicks(xs, maxCount: 4)
        #expect(ticks.count == 4)
        #expect(ticks.first == 0 && ticks.last == 90)
        #expect(ticks.allSatisfy(xs.contains))
        #expect(ChartScale.xTicks([1, 2], maxCount: 5) == [1, 2])
    }

    @Test func dateLabelsAlwaysCarryTheYear() {
        let day = Double(CalendarDate(year: 2024, month: 3, day: 15)!.dayNumber)
        #expect(ChartScale.dateLabel(day, spanDays: 400) == "Mar 2024")
        #expect(ChartScale.dateLabel(day, spanDays: 30) == "2024-03-15")
    }

    @Test func drawsATerminalChartWithAxesAndLabels() {
        let points = (0..<30).map { ChartPoint(x: Double($0), y: Double($0 * $0)) }
        let chart = LineChart(
            series: [ChartSeries(name: "square", points: points)], height: 8, width: 40,
            yLabel: { String(Int($0)) }, xLabel: { String(Int($0)) })
        let lines = chart.render(style: Style(colorEnabled: false)).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 11)
        #expect(lines[0].contains("┤"))
        #expect(lines[8].contains("└"))
        #expect(lines[9].contains("0") && lines[9].contains("29"))
        let braille = lines.prefix(8).joined().unicodeScalars.filter { $0.value > 0x2800 && $0.value <= 0x28FF }
        #expect(braille.count >= 30)
        #expect(
            LineChart(series: [], yLabel: { "\($0)" }).render(style: Style(colorEnabled: false))
                == "(no data to chart)\n")
    }

    @Test func drawsSparklinesScaledToTheData() {
        #expect(Sparkline.render([1, 2, 3, 4, 5, 6, 7, 8]) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.render([3, 3, 3]) == "▄▄▄")
        #expect(Sparkline.render(Array(repeating: 1.0, count: 100) + [2], width: 10).count == 10)
        #expect(Sparkline.render([]) == "")
    }

    @Test func writesAWellFormedSVG() throws {
        let start = CalendarDate(year: 2023, month: 1, day: 1)!
        let series = ChartSeries(
            name: "NAV <&>", points: (0..<50).map { ChartPoint(date: start.adding(days: $0 * 7), y: 100 + Double($0)) })
        let svg = SVGChart.dated(series: [series], title: "Fund & co", yLabel: { String(format: "%.0f", $0) }).render()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("Fund &amp; co"))
        #expect(svg.contains("NAV &lt;&amp;&gt;"))
        #expect(svg.contains("<polyline"))
        #expect(svg.contains("Jan 2023"))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse())
    }
}

@Suite struct WhitespaceTrimmingTests {
    @Test func matchesFoundationsTrimmingOfWhitespace() {
        let samples = [
            "", " ", "\t \t", "abc", "  abc  ", "\tabc\t", "a b", " a b ", "\u{00A0}x\u{2003}", "\u{3000}全角\u{3000}",
            "\nline\n", " \r\n x \r\n ", "e\u{301} ", " 📈 ", "\u{200B}zero width\u{200B}",
        ]
        for sample in samples {
            #expect(
                sample.trimmingWhitespace() == sample.trimmingCharacters(in: .whitespaces), "\(sample.debugDescription)"
            )
            #expect(sample[...].trimmingWhitespace() == sample.trimmingCharacters(in: .whitespaces))
        }
    }
}
