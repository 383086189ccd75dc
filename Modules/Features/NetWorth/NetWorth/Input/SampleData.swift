import Foundation
import Money
import Timing

/// Realistic demonstration data, as the seed's debug build loads: ten accounts of varied types with
/// histories from six weeks to seven years, steady growth, market volatility (with a drawdown), a
/// foreign-currency account with its own rate history, and debts being paid down.
///
/// Generated from a fixed seed relative to `today`, so the same day always gives the same data.
public struct SampleData: Sendable {
    /// The accounts, ids 1…10.
    public var accounts: [Account]
    /// The USD rates the foreign-currency account needs, one per month of its history.
    public var rates: [ExchangeRate]

    /// Generates the sample ending on `today`, in `base` currency.
    public static func generate(today: CalendarDate, base: String = "GBP") -> SampleData {
        var random = SplitMix64(seed: 0x4E45_5457_4F52_5448)  // "NETWORTH"
        var accounts: [Account] = []
        func add(
            _ name: String, _ type: AccountType, currency: String = base, note: String? = nil,
            _ dates: [CalendarDate], _ values: [Amount]
        ) {
            let updates = zip(dates, values).map { BalanceUpdate(date: $0, amount: $1) }
            accounts.append(
                Account(
                    id: accounts.count + 1, name: name, type: type, currency: currency,
                    createdOn: dates.first ?? today, note: note, updates: updates))
        }
        func monthly(_ count: Int, endingDaysAgo offset: Int) -> [CalendarDate] {
            let end = today.adding(days: -offset)
            return (0..<count).reversed().map { end.adding(months: -$0) }
        }

        // Six weeks of weekly balances that swing with pay day and spending.
        let weeks = (0..<7).reversed().map { today.adding(days: -7 * $0) }
        add(
            "Everyday Current", .current, note: "Salary comes in here", weeks,
            walk(&random, count: 7, start: 2_150, drift: 0, volatility: 0.18, contribution: 0, floor: 250))
        // Three years of steady saving with interest.
        add(
            "Easy Access Savings", .savings, monthly(36, endingDaysAgo: 2),
            walk(&random, count: 36, start: 8_000, drift: 0.0035, volatility: 0.0005, contribution: 450))
        // Seven years of a volatile index fund with regular contributions and one sharp fall.
        add(
            "Stocks & Shares ISA", .isa, monthly(85, endingDaysAgo: 0),
            walk(
                &random, count: 85, start: 5_000, drift: 0.006, volatility: 0.035, contribution: 300, shock: (20, -0.22)
            ))
        // Seven years of a workplace pension growing with contributions.
        add(
            "Workplace Pension", .pension, note: "Employer matches 5%", monthly(85, endingDaysAgo: 5),
            walk(
                &random, count: 85, start: 21_000, drift: 0.005, volatility: 0.02, contribution: 520, shock: (21, -0.15)
            ))
        // Two years of a more volatile general investment account.
        add(
            "General Investment", .investment, monthly(24, endingDaysAgo: 9),
            walk(&random, count: 24, start: 12_000, drift: 0.004, volatility: 0.05, contribution: 0))
        // Eighteen months of a very volatile crypto wallet.
        add(
            "Crypto Wallet", .crypto, monthly(18, endingDaysAgo: 1),
            walk(&random, count: 18, start: 1_500, drift: 0.01, volatility: 0.22, contribution: 0, floor: 100))
        // A year of a US dollar account, valued in dollars and converted with the month's rate.
        let dollarDates = monthly(12, endingDaysAgo: 3)
        add(
            "US Dollar Account", .foreignCurrency, currency: "USD", note: "Held for trips to the US", dollarDates,
            walk(&random, count: 12, start: 4_200, drift: 0.002, volatility: 0.06, contribution: 0, floor: 500))
        // Five years of a repayment mortgage being paid down.
        add(
            "Home Mortgage", .mortgage, monthly(60, endingDaysAgo: 4),
            paydown(start: 240_000, annualRate: 0.042, payment: 1_310, count: 60))
        // Six months of a credit card that is cleared and run up again.
        add(
            "Credit Card", .creditCard, monthly(6, endingDaysAgo: 6),
            walk(&random, count: 6, start: 640, drift: 0, volatility: 0.45, contribution: 0, floor: 80))
        // Three years of a car loan heading for zero.
        add(
            "Car Loan", .loan, monthly(36, endingDaysAgo: 7),
            paydown(start: 16_500, annualRate: 0.069, payment: 395, count: 36))

        var rates: [ExchangeRate] = []
        if base != "USD" {
            let usd = walk(&random, count: 12, start: 0.79, drift: 0, volatility: 0.015, contribution: 0, places: 4)
            rates = zip(dollarDates, usd).map { ExchangeRate(currency: "USD", base: base, date: $0, rate: $1) }
        }
        return SampleData(accounts: accounts, rates: rates)
    }

    /// A random walk: each step grows by `drift` plus noise of ±`volatility` (one step may be a `shock`),
    /// then adds `contribution`; values are rounded to `places` decimals and kept above `floor`.
    private static func walk(
        _ random: inout SplitMix64, count: Int, start: Double, drift: Double, volatility: Double,
        contribution: Double, shock: (step: Int, change: Double)? = nil, floor: Double = 0, places: Int16 = 2
    ) -> [Amount] {
        var value = start
        var values: [Amount] = []
        for step in 0..<count {
            if step > 0 {
                let noise = (random.unit() + random.unit() + random.unit() - 1.5) / 1.5
                value *= 1 + drift + volatility * noise
                if let shock, shock.step == step { value *= 1 + shock.change }
                value = max(floor, value + contribution)
            }
            values.append(rounded(value, places: places))
        }
        return values
    }

    /// A repayment loan's balance month by month: interest added, the fixed payment taken off.
    private static func paydown(start: Double, annualRate: Double, payment: Double, count: Int) -> [Amount] {
        var balance = start
        var values: [Amount] = []
        for step in 0..<count {
            if step > 0 { balance = max(0, balance * (1 + annualRate / 12) - payment) }
            values.append(rounded(balance, places: 2))
        }
        return values
    }

    private static func rounded(_ value: Double, places: Int16) -> Amount {
        // Sample values are small and finite, so the conversion always succeeds.
        Amount(value, places: Int(places), rounding: .toNearestOrAwayFromZero) ?? .zero
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64), so sample data is reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
