import Foundation
import Money
import Timing

/// Casparser JSON statements made up from a seed: several folios and schemes over 2016–2026 with every
/// transaction type (reversals of same-day purchases, segregated units at no cost), switches between schemes, same-day purchases and sales, stamp duty and STT rows, and
/// transactions on the rule dates (31-Jan-2018, 1-Apr-2018, 1-Apr-2023, 23-Jul-2024). Every statement
/// reconciles; NAVs follow a smooth curve per scheme so the NAV of 31-Jan-2018 is known.
struct StatementGenerator {
    /// A scheme of the statement.
    struct Scheme {
        var folio: String
        var name: String
        var isin: String
        var code: Int
        /// `EQUITY`, `DEBT` or nil (the type then follows from STT, else the MF API category).
        var type: String?
        var category: String
        var base: Double
        var rows: [[String: Any]] = []
        var units = Amount.zero
        var equityLike: Bool { type == "EQUITY" || (type == nil && category.hasPrefix("Equity")) }
    }

    private var state: UInt64
    private(set) var schemes: [Scheme] = []

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    /// SplitMix64.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// The scheme's NAV on `date`, to 4 decimals.
    func nav(_ scheme: Scheme, _ date: CalendarDate) -> Amount {
        let day = Double(date.dayNumber - CalendarDate(year: 2016, month: 1, day: 1)!.dayNumber)
        let value = scheme.base * pow(1.0004, day) * (1 + 0.08 * sin(day / 47))
        return Amount(value, places: 4)!
    }

    static let ruleDates = [
        "2017-12-01", "2018-01-31", "2018-03-15", "2018-04-02", "2019-02-01", "2021-01-31",
        "2023-03-31", "2023-04-01", "2024-07-22", "2024-07-23", "2025-04-01", "2026-06-01",
    ]

    /// Builds a statement of `count` schemes in `folios` folios with about `events` transactions.
    mutating func generate(schemes count: Int, folios: Int = 2, events: Int) -> Data {
        let kinds: [(String?, String)] = [
            ("EQUITY", "Equity Scheme - Flexi Cap Fund"), ("DEBT", "Debt Scheme - Corporate Bond Fund"),
            (nil, "Equity Scheme - Large Cap Fund"), (nil, "Debt Scheme - Liquid Fund"),
        ]
        schemes = (0..<count).map { index in
            let kind = kinds[index % kinds.count]
            return Scheme(
                folio: "\(1000 + index % folios) / \(index % 3)", name: "Generated Fund \(index) - Direct Growth",
                isin: "INF9\(String(format: "%08d", index))", code: 900_000 + index, type: kind.0, category: kind.1,
                base: Double(int(10...150)))
        }
        var dates = Self.ruleDates.map { CalendarDate(iso8601: $0)! }
        var day = CalendarDate(year: 2016, month: 4, day: 1)!
        while dates.count < events {
            day = day.adding(days: int(1...40))
            if day > CalendarDate(year: 2026, month: 6, day: 30)! {
                day = CalendarDate(year: 2016, month: 4, day: int(1...28))!
            }
            dates.append(day)
        }
        for date in dates.sorted() { event(on: date) }
        let folioNames = Array(Set(schemes.map(\.folio))).sorted()
        let folioObjects = folioNames.map { folio -> [String: Any] in
            [
                "folio": folio, "amc": "Generated Mutual Fund", "PAN": "ABCDE1234F", "KYC": "OK", "PANKYC": "OK",
                "schemes": schemes.filter { $0.folio == folio }.map { scheme -> [String: Any] in
                    [
                        "scheme": scheme.name, "isin": scheme.isin, "amfi": String(scheme.code),
                        "type": scheme.type as Any? ?? NSNull(), "rta": "CAMS", "rta_code": "X\(scheme.code)",
                        "advisor": "INA000000001", "open": "0", "close": scheme.units.plainText,
                        "close_calculated": scheme.units.plainText,
                        "valuation": ["date": "2026-06-30", "nav": "0", "value": "0"], "transactions": scheme.rows,
                    ]
                },
            ]
        }
        let statement: [String: Any] = [
            "statement_period": ["from": "01-Jan-1990", "to": "30-Jun-2026"], "file_type": "CAMS",
            "cas_type": "DETAILED",
            "investor_info": ["name": "Test", "email": "t@example.com", "address": "x", "mobile": "1"],
            "folios": folioObjects,
        ]
        return try! JSONSerialization.data(withJSONObject: statement, options: [.sortedKeys])
    }

    /// The NAV of 31-Jan-2018 of each scheme, by ISIN (what both casparser and folio grandfather with).
    var navsOn31Jan2018: [String: String] {
        Dictionary(uniqueKeysWithValues: schemes.map { ($0.isin, nav($0, TaxRules31Jan).plainText) })
    }

    private let TaxRules31Jan = CalendarDate(year: 2018, month: 1, day: 31)!

    private mutating func row(
        _ index: Int, _ date: CalendarDate, _ type: String, amount: Amount?, units: Amount?, nav: Amount?
    ) {
        var balance: Amount? = nil
        if let units {
            schemes[index].units = try! schemes[index].units + units
            balance = schemes[index].units
        }
        func text(_ value: Amount?) -> Any { value.map { $0.plainText as Any } ?? NSNull() }
        schemes[index].rows.append([
            "date": date.iso8601, "description": type.lowercased(), "amount": text(amount), "units": text(units),
            "nav": text(nav), "balance": text(balance), "type": type, "dividend_rate": NSNull(),
        ])
    }

    private mutating func buy(_ index: Int, _ date: CalendarDate, _ type: String, rupees: Int) {
        let nav = nav(schemes[index], date)
        let amount = Amount(rupees)
        let units = try! amount.divided(by: nav, places: 3, rounding: .halfEven)
        row(index, date, type, amount: amount, units: units, nav: nav)
        if date >= CalendarDate(year: 2020, month: 7, day: 1)! {
            let stamp = try! amount.multiplied(by: Amount(5, places: 5), rounding: .halfEven).rounded(
                toPlaces: 2, .halfUp)
            if stamp.isPositive { row(index, date, "STAMP_DUTY_TAX", amount: stamp, units: nil, nav: nil) }
        }
    }

    /// Sells `share` thousandths of the holding (all of it at 1000); returns the rupees.
    @discardableResult
    private mutating func sell(_ index: Int, _ date: CalendarDate, _ type: String, share: Int) -> Amount? {
        let held = schemes[index].units
        guard held >= Amount(1, places: 2) else { return nil }
        let units = share >= 1000 ? held : try! (held * share).divided(by: 1000, places: 3, rounding: .down)
        guard units.isPositive else { return nil }
        let nav = nav(schemes[index], date)
        let amount = try! units.multiplied(by: nav, rounding: .halfEven).rounded(toPlaces: 2, .halfEven)
        row(index, date, type, amount: -amount, units: -units, nav: nav)
        if schemes[index].equityLike && schemes[index].type != "DEBT" {
            let stt = try! amount.multiplied(by: Amount(1, places: 5), rounding: .halfEven).rounded(
                toPlaces: 2, .halfUp)
            row(index, date, "STT_TAX", amount: stt.isZero ? Amount(1, places: 2) : stt, units: nil, nav: nil)
        }
        return amount
    }

    private mutating func event(on date: CalendarDate) {
        let index = int(0...(schemes.count - 1))
        switch int(0...22) {
        case 0...5: buy(index, date, "PURCHASE", rupees: int(5...500) * 100)
        case 6...9: buy(index, date, "PURCHASE_SIP", rupees: int(10...50) * 100)
        case 10:
            buy(index, date, "PURCHASE", rupees: int(5...50) * 100)
            sell(index, date, "REDEMPTION", share: int(100...600))
        case 11...13: sell(index, date, "REDEMPTION", share: int(50...700))
        case 14:
            let target = (index + 1 + int(0...(schemes.count - 2))) % schemes.count
            if let rupees = sell(index, date, "SWITCH_OUT", share: int(200...1000)) {
                let nav = nav(schemes[target], date)
                row(target, date, "SWITCH_IN", amount: rupees, units: try! rupees.divided(by: nav, places: 3), nav: nav)
            }
        case 15:
            let nav = nav(schemes[index], date)
            let rupees = Amount(int(1...40) * 25)
            row(
                index, date, "DIVIDEND_REINVEST", amount: rupees, units: try! rupees.divided(by: nav, places: 3),
                nav: nav)
        case 16:
            row(index, date, "DIVIDEND_PAYOUT", amount: Amount(int(1...40) * 25), units: nil, nav: nil)
            row(index, date, "TDS_TAX", amount: Amount(int(1...9), places: 1), units: nil, nav: nil)
        case 17: sell(index, date, "SWITCH_OUT_MERGER", share: 1000)
        case 18: buy(index, date, "SWITCH_IN_MERGER", rupees: int(10...100) * 100)
        case 19:
            // A SIP whose debit bounced: the purchase and its reversal on one day.
            let nav = nav(schemes[index], date)
            let rupees = Amount(int(10...50) * 100)
            let units = try! rupees.divided(by: nav, places: 3)
            row(index, date, "PURCHASE_SIP", amount: rupees, units: units, nav: nav)
            row(index, date, "REVERSAL", amount: -rupees, units: -units, nav: nav)
        case 20:
            // Units of a segregated portfolio (a side pocket), allotted at no cost.
            row(index, date, "SEGREGATION", amount: .zero, units: Amount(int(1...500), places: 1), nav: .zero)
        case 21: row(index, date, "UNKNOWN", amount: nil, units: nil, nav: nil)
        default: row(index, date, "MISC", amount: nil, units: nil, nav: nil)
        }
    }
}
