import Money
import Testing

@testable import MutualFunds
@testable import MutualFundsPortfolio

/// Schedule 112A's CSV against the Income-tax Department's form (ITR-2 and ITR-3), not against another program.
///
/// The header is the CSV template of the e-filing utilities (Downloads of https://www.incometax.gov.in/iec/foportal/),
/// as quoted column by column in
/// https://freefincal.com/how-to-upload-equity-mf-share-ltcg-transactions-in-itr2-itr3-schedule-112a/ ("The
/// downloadable CSV template has 14 columns, and these are labelled as (1a), (2), … (14)") and
/// https://zerodha.com/z-connect/comment/228395 (the ITR-3 template). Column 1b ("Share/Unit Transferred", before
/// or on/after 23-Jul-2024) is on the AY 2025-26 form only (FY 2024-25, Finance (No. 2) Act 2024:
/// https://www.caclubindia.com/forum/itr2-for-2025-26-ay-csv-file-613373.asp); the AY 2026-27 utility's template
/// is the 14 columns again, and its import reads 14 fields with 1b left out.
///
/// The rows follow the form's definitions of its columns: 1a `BE` for a share or unit acquired on or before
/// 31-Jan-2018, `AE` after; 6 = 4 × 5 (full value of consideration, for shares acquired on or before 31-Jan-2018;
/// the sale value otherwise); 7 = the higher of 8 and 9 (cost without indexation); 9 = the lower of 6 and 11, for
/// an asset acquired before 1-Feb-2018; 11 = 4 × 10 (s. 55(2)(ac)); 13 = 7 + 12; 14 = 6 − 13; the utility asks 0 in
/// 10 for later acquisitions and whole rupees in the amounts.
@Suite("Schedule 112A against the ITR form")
struct Schedule112AFormTests {
    /// The template's first line, its headings in order.
    static let templateLine =
        "Share/Unit acquired(1a),ISIN Code(2),Name of the Share/Unit(3),No. of Shares/Units(4),"
        + "Sale-price per Share/Unit(5),Full Value of Consideration(Total Sale Value)(6) = 4 * 5,"
        + "Cost of acquisition without indexation(7),Cost of acquisition(8),"
        + "If the long term capital asset was acquired before 01.02.2018(9),"
        + "Fair Market Value per share/unit as on 31st January 2018(10),"
        + "Total Fair Market Value of capital asset as per section 55(2)(ac)(11) = 4 * 10,"
        + "Expenditure wholly and exclusively in connection with transfer(12),"
        + "Total deductions(13) = 7 + 12,Balance(14) = 6 - 13"

    static var template: [String] { templateLine.split(separator: ",").map(String.init) }

    /// A heading's column number: the last parenthesised word before any formula ("6", "1a").
    static func number(_ heading: String) -> String {
        let name = heading.split(separator: " = ").first ?? Substring(heading)
        return String(name.dropLast().split(separator: "(").last ?? "")
    }

    /// A row's cells by the form's column numbers.
    static func columns(_ row: Schedule112ARow, financialYear: String) -> [String: String] {
        let header = Schedule112ARow.header(financialYear: financialYear)
        let cells = row.cells(financialYear: financialYear)
        #expect(cells.count == header.count)
        return Dictionary(uniqueKeysWithValues: zip(header.map(number), cells))
    }

    /// Checks the form's arithmetic on `row`'s cells; returns them.
    @discardableResult
    static func checkForm(
        _ row: Schedule112ARow, financialYear: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Amount] {
        let cells = columns(row, financialYear: financialYear)
        var value: [String: Amount] = [:]
        for number in ["4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14"] {
            value[number] = try #require(
                cells[number].flatMap { (text: String) -> Amount? in Amount(text) }, "column \(number)",
                sourceLocation: sourceLocation)
        }
        func v(_ number: String) -> Amount { value[number]! }
        func rupees(_ amount: Amount) -> Amount { amount.rounded(toPlaces: 0, .halfUp) }
        for number in ["6", "7", "8", "9", "11", "12", "13", "14"] {
            #expect(v(number) == rupees(v(number)), "column \(number) in whole rupees", sourceLocation: sourceLocation)
        }
        #expect(["BE", "AE"].contains(cells["1a"]), sourceLocation: sourceLocation)
        if cells["1a"] == "BE" {
            let sale = rupees(try v("4") * v("5"))
            let fairValue = rupees(try v("4") * v("10"))
            #expect(v("6") == sale, "6 = 4 × 5", sourceLocation: sourceLocation)
            #expect(v("11") == fairValue, "11 = 4 × 10", sourceLocation: sourceLocation)
            #expect(v("9") == min(v("6"), v("11")), "9 = lower of 6 and 11", sourceLocation: sourceLocation)
            #expect(v("7") == max(v("8"), v("9")), "7 = higher of 8 and 9", sourceLocation: sourceLocation)
        } else {
            #expect(v("9") == .zero && v("10") == .zero && v("11") == .zero, sourceLocation: sourceLocation)
            #expect(v("7") == v("8"), "no grandfathering after 31-Jan-2018", sourceLocation: sourceLocation)
        }
        let deductions = try v("7") + v("12")
        let balance = try v("6") - v("13")
        #expect(v("13") == deductions, "13 = 7 + 12", sourceLocation: sourceLocation)
        #expect(v("14") == balance, "14 = 6 − 13", sourceLocation: sourceLocation)
        return value
    }

    @Test("the header is the template's, column 1b only on FY 2024-25's form")
    func header() {
        #expect(Schedule112ARow.header(financialYear: "2022-23") == Self.template)
        #expect(Schedule112ARow.header(financialYear: "2025-26") == Self.template)
        var with1b = Self.template
        with1b.insert("Share/Unit Transferred(1b)", at: 1)
        #expect(Schedule112ARow.header(financialYear: "2024-25") == with1b)
        #expect(Self.template.map(Self.number) == ["1a"] + (2...14).map(String.init))
    }

    @Test("a grandfathered lot: 6 = 4 × 5, 11 = 4 × 10, 9 = min(6, 11), 7 = max(8, 9), 13 = 7 + 12, 14 = 6 − 13")
    func grandfathered() throws {
        // 10 units bought at 100 (₹1,000), NAV 120 on 31-Jan-2018, sold at 300 (₹3,000): 9 = ₹1,200, 7 = ₹1,200.
        let between = try Schedule112ARow(
            lot: TaxReportTests.row(
                .equity, "2017-06-01", "2023-06-01", units: "10", buy: "100", sell: "300", nav31Jan2018: Amount(120)))
        let cells = Self.columns(between, financialYear: "2023-24")
        #expect(cells["1a"] == "BE" && cells["2"] == "INF1" && cells["3"] == "Fund")
        let value = try Self.checkForm(between, financialYear: "2023-24")
        #expect(value["6"] == Amount(3000) && value["8"] == Amount(1000) && value["11"] == Amount(1200))
        #expect(value["9"] == Amount(1200) && value["7"] == Amount(1200) && value["14"] == Amount(1800))
        // The cost above the fair market value: 7 is the cost. The fair market value above the sale: 9 is the sale.
        let costAbove = try Schedule112ARow(
            lot: TaxReportTests.row(
                .equity, "2017-06-01", "2023-06-01", units: "10", buy: "150", sell: "300", nav31Jan2018: Amount(120)))
        #expect(try Self.checkForm(costAbove, financialYear: "2023-24")["7"] == Amount(1500))
        let fmvAbove = try Schedule112ARow(
            lot: TaxReportTests.row(
                .equity, "2017-06-01", "2023-06-01", units: "10", buy: "100", sell: "300", nav31Jan2018: Amount(400)))
        let capped = try Self.checkForm(fmvAbove, financialYear: "2023-24")
        #expect(capped["9"] == Amount(3000) && capped["7"] == Amount(3000) && capped["14"] == .zero)
        // Fractions: 10.123 × 25.5555 = 258.698… → 259; 10.123 × 20.4321 = 206.834… → 207.
        let fractions = try Schedule112ARow(
            lot: TaxReportTests.row(
                .equity, "2016-03-01", "2024-09-02", units: "10.123", buy: "15.6789", sell: "25.5555",
                nav31Jan2018: Amount("20.4321")!))
        let fractional = try Self.checkForm(fractions, financialYear: "2024-25")
        #expect(fractional["6"] == Amount(259) && fractional["11"] == Amount(207) && fractional["7"] == Amount(207))
        #expect(Self.columns(fractions, financialYear: "2024-25")["1b"] == "AE")
    }

    @Test("a year's rows: later lots summed per scheme (7 = 8, 9–11 zero), each grandfathered lot its own row")
    func yearRows() throws {
        let lots = [
            try TaxReportTests.row(
                .equity, "2017-06-01", "2023-06-01", units: "10", buy: "100", sell: "300", nav31Jan2018: Amount(120)),
            try TaxReportTests.row(
                .equity, "2017-09-01", "2023-06-01", units: "10", buy: "150", sell: "300", nav31Jan2018: Amount(120)),
            try TaxReportTests.row(.equity, "2019-06-01", "2023-06-01", units: "10", buy: "150", sell: "300"),
            try TaxReportTests.row(.equity, "2020-06-01", "2023-09-01", units: "5.5", buy: "180.25", sell: "310"),
        ]
        let rows = try Schedule112ARow.rows(lots, details: false)
        #expect(rows.map(\.acquired) == ["AE", "BE", "BE"])
        var balance = Amount.zero
        for row in rows {
            let cells = try Self.checkForm(row, financialYear: "2023-24")
            balance = try balance + cells["14"]!
        }
        // The lots' taxable gains: 1,800 + 1,500 + 1,500 + (1,705 − 991.38 → 991) = 5,514.
        #expect(balance == Amount(5514))
        #expect(rows[0].units == Amount("15.5")! && rows[0].purchaseDate == nil)
        #expect(rows[1].purchaseDate == "2017-06-01" && rows[2].purchaseDate == "2017-09-01")
    }

    @Test("the form's words for what a statement may lack: INNOTAVAILAB for no ISIN; a name without commas")
    func formWords() throws {
        let lot = try GainRow(
            lot: GainsRulesTests.lot("2019-06-01", "2023-06-01", units: "10", buy: "100", sell: "120"),
            scheme: HeldScheme(folio: "1", amc: "A", name: "Fund, \"Growth\" Plan", isin: nil, amfi: 1),
            treatment: .equity, basis: .category, navOn31Jan2018: nil)
        let cells = Self.columns(try Schedule112ARow(lot: lot), financialYear: "2022-23")
        #expect(cells["2"] == "INNOTAVAILAB" && cells["3"] == "Fund Growth Plan")
        try Self.checkForm(try Schedule112ARow(lot: lot), financialYear: "2022-23")
    }
}
