import Money
import MutualFunds
import Timing

/// A row of the ITR's Schedule 112A (long-term gains on equity-oriented units transferred from 1-Apr-2018), its
/// columns in the form's order: per scheme, acquisition side and transfer side, or per lot (`--details`).
public struct Schedule112ARow: Codable, Sendable, Hashable {
    /// Column 1a: `BE` when acquired on or before 31-Jan-2018 (grandfathered), else `AE`.
    public var acquired: String
    /// Column 1b, on FY 2024-25's form only: `BE` when transferred before 23-Jul-2024, else `AE`.
    @NullEncodable public var transferred: String?
    /// Column 2: ISIN.
    @NullEncodable public var isin: String?
    /// Column 3: the scheme's name.
    public var name: String
    /// Column 4: units.
    public var units: Amount
    /// Column 5: sale price per unit (column 6 / column 4 over several lots, to 4 places).
    public var salePrice: Amount
    /// Column 6: full value of consideration.
    public var fullValue: Amount
    /// Column 7: cost of acquisition without indexation, the higher of columns 8 and 9.
    public var costWithoutIndexation: Amount
    /// Column 8: cost of acquisition (units × purchase NAV + stamp duty).
    public var costOfAcquisition: Amount
    /// Column 9: for units acquired before 1-Feb-2018, the lower of columns 6 and 11; else 0.
    public var lowerOfValueAndFMV: Amount
    /// Column 10: the NAV of 31-Jan-2018 (null when acquired after).
    @NullEncodable public var fmvPerUnit: Amount?
    /// Column 11: units × column 10.
    public var totalFMV: Amount
    /// Column 12: expenditure on the transfer (0: STT is not deductible, s. 48).
    public var transferExpenses: Amount
    /// Column 13: columns 7 + 12.
    public var totalDeductions: Amount
    /// Column 14: columns 6 − 13.
    public var balance: Amount
    /// The folio (rows of one lot only).
    @NullEncodable public var folio: String?
    /// `YYYY-MM-DD` (rows of one lot only).
    @NullEncodable public var purchaseDate: String?
    /// `YYYY-MM-DD` (rows of one lot only).
    @NullEncodable public var saleDate: String?

    /// Whether this row was acquired by 31-Jan-2018 but its fair market value on that day is not known (the
    /// scheme's NAV history could not be read), so it is taken at cost and overstates the gain.
    public var fairValueUnknown: Bool { acquired == "BE" && fmvPerUnit == nil }

    /// The form's column headings, as the CSV template of the ITR utilities writes them (and casparser 1.4.1's
    /// 112A export); column 1b only on FY 2024-25's form (AY 2025-26): the AY 2026-27 template is back to 14
    /// columns. Sources are cited in the feature README and `Schedule112AFormTests`.
    public static func header(financialYear: String) -> [String] {
        var header = [
            "Share/Unit acquired(1a)",
            "ISIN Code(2)",
            "Name of the Share/Unit(3)",
            "No. of Shares/Units(4)",
            "Sale-price per Share/Unit(5)",
            "Full Value of Consideration(Total Sale Value)(6) = 4 * 5",
            "Cost of acquisition without indexation(7)",
            "Cost of acquisition(8)",
            "If the long term capital asset was acquired before 01.02.2018(9)",
            "Fair Market Value per share/unit as on 31st January 2018(10)",
            "Total Fair Market Value of capital asset as per section 55(2)(ac)(11) = 4 * 10",
            "Expenditure wholly and exclusively in connection with transfer(12)",
            "Total deductions(13) = 7 + 12",
            "Balance(14) = 6 - 13",
        ]
        if financialYear == "2024-25" { header.insert("Share/Unit Transferred(1b)", at: 1) }
        return header
    }

    /// The ISIN the form takes for a security without one.
    public static let noISIN = "INNOTAVAILAB"

    /// The row's cells under ``header(financialYear:)``, worked as the form works them so the utility's checks
    /// pass: rupee amounts in whole rupees (half up), units and per-unit prices exact; for a lot acquired on or
    /// before 31-Jan-2018, 6 = 4 × 5, 11 = 4 × 10, 9 = the lower of 6 and 11 and 7 = the higher of 8 and 9; for
    /// later lots 6 is the sale value, 7 = 8 and 9–11 are 0 (the utility asks 0 in 10); then 13 = 7 + 12 and
    /// 14 = 6 − 13. A missing ISIN is the form's `INNOTAVAILAB`; the name loses commas and quotes (the utility
    /// splits its rows at every comma, quoted or not) and is cut to the form's 125 characters.
    public func cells(financialYear: String) -> [String] {
        let rupees = { (value: Amount) in value.rounded(toPlaces: 0, .halfUp) }
        let cost = rupees(costOfAcquisition)
        let expenses = rupees(transferExpenses)
        var full = rupees(fullValue)
        var fmvTotal = Amount.zero
        var lower = Amount.zero
        var withoutIndexation = rupees(costWithoutIndexation)
        if acquired == "BE", let fmvPerUnit {
            full = (try? rupees(units * salePrice)) ?? full
            fmvTotal = (try? rupees(units * fmvPerUnit)) ?? rupees(totalFMV)
            lower = min(full, fmvTotal)
            withoutIndexation = max(cost, lower)
        }
        let deductions = (try? withoutIndexation + expenses) ?? rupees(totalDeductions)
        let balance = (try? full - deductions) ?? rupees(self.balance)
        let words = name.map { $0 == "," ? " " : $0 }.filter { $0 != "\"" }.split(separator: " ")
        let cleanName = String(words.joined(separator: " ").prefix(125))
        var cells = [
            acquired, isin.flatMap { $0.isEmpty ? nil : $0 } ?? Self.noISIN, cleanName, units.plainText,
            salePrice.plainText, full.plainText, withoutIndexation.plainText, cost.plainText, lower.plainText,
            fmvPerUnit?.plainText ?? "0", fmvTotal.plainText, expenses.plainText, deductions.plainText,
            balance.plainText,
        ]
        if financialYear == "2024-25" { cells.insert(transferred ?? "", at: 1) }
        return cells
    }

    /// The row of one lot.
    init(lot row: GainRow) throws {
        let purchase = CalendarDate(iso8601: row.purchaseDate)!
        let sale = CalendarDate(iso8601: row.saleDate)!
        let grandfathered = purchase <= TaxRules.grandfatheringDate
        acquired = grandfathered ? "BE" : "AE"
        transferred = TaxRules.financialYear(of: sale) == "2024-25" ? (sale < TaxRules.regime2024 ? "BE" : "AE") : nil
        isin = row.isin
        name = row.scheme
        units = row.units
        salePrice = row.saleNAV
        fullValue = row.saleValue
        costOfAcquisition = try row.purchaseValue + row.stampDuty
        if grandfathered, let nav = row.grandfatheringNAV {
            fmvPerUnit = nav
            totalFMV = try nav.multiplied(by: row.units, rounding: .halfEven).rounded(toPlaces: 2, .halfEven)
            lowerOfValueAndFMV = min(row.saleValue, totalFMV)
        } else {
            // Without the NAV of 31-Jan-2018 the fair market value is not known, and is left empty rather than
            // guessed: the lot is taken at cost, as its gain was.
            fmvPerUnit = nil
            totalFMV = .zero
            lowerOfValueAndFMV = .zero
        }
        costWithoutIndexation = row.acquisitionValue
        transferExpenses = .zero
        totalDeductions = row.acquisitionValue
        balance = row.longTermTaxableGain
        folio = row.folio
        purchaseDate = row.purchaseDate
        saleDate = row.saleDate
    }

    /// The rows of a year's 112A lots: one per lot with `details`; else the lots acquired after 31-Jan-2018 summed
    /// per scheme and side of 23-Jul-2024, and each grandfathered lot a row of its own; by name.
    public static func rows(_ lots: [GainRow], details: Bool) throws -> [Schedule112ARow] {
        let each = try lots.filter { GainHead($0) == .equityLongTerm }.map(Schedule112ARow.init(lot:))
        if details { return each }
        var order: [String] = []
        var groups: [String: Schedule112ARow] = [:]
        // A grandfathered lot is a row of its own, as the form asks: its columns 7, 9 and 11 are worked per lot
        // (7 = the higher of 8 and 9), which no sum of lots bought at different costs satisfies.
        var grandfathered: [Schedule112ARow] = []
        for row in each {
            if row.acquired == "BE" {
                grandfathered.append(row)
                continue
            }
            let key = row.sortKey
            guard var group = groups[key] else {
                order.append(key)
                var fresh = row
                fresh.folio = nil
                fresh.purchaseDate = nil
                fresh.saleDate = nil
                groups[key] = fresh
                continue
            }
            try group.add(row)
            groups[key] = group
        }
        let grouped = order.compactMap { groups[$0] }
        return (grouped + grandfathered).sorted {
            ($0.sortKey, $0.saleDate ?? "", $0.purchaseDate ?? "") < (
                $1.sortKey, $1.saleDate ?? "", $1.purchaseDate ?? ""
            )
        }
    }

    /// Rows by name, ISIN, then the sides of 31-Jan-2018 and of 23-Jul-2024.
    var sortKey: String {
        [name, isin ?? "", acquired, transferred ?? ""].joined(separator: "\u{1F}")
    }

    mutating func add(_ row: Schedule112ARow) throws {
        units = try units + row.units
        fullValue = try fullValue + row.fullValue
        costWithoutIndexation = try costWithoutIndexation + row.costWithoutIndexation
        costOfAcquisition = try costOfAcquisition + row.costOfAcquisition
        lowerOfValueAndFMV = try lowerOfValueAndFMV + row.lowerOfValueAndFMV
        totalFMV = try totalFMV + row.totalFMV
        totalDeductions = try totalDeductions + row.totalDeductions
        balance = try balance + row.balance
        salePrice = units.isZero ? .zero : try fullValue.divided(by: units, places: 4, rounding: .halfEven)
    }
}
