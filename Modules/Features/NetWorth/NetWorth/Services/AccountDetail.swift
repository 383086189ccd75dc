import Money
import Timing

/// One account as `accounts show` presents it: the account, its listing row (with the source it follows, read now),
/// how it counts, and its value in the base currency with the conversion that gives it.
///
/// Its JSON is the listing row with `counted`, `excludedBecause`, `value` and `baseCurrency` beside its keys.
public struct AccountDetail: Encodable, Sendable {
    /// A foreign account's latest balance in the base currency, and the rate that converts it.
    public enum Valuation: Sendable, Equatable {
        /// Converted at `rate` base units per unit (the stored rate itself when `method` is `direct`), through `via`
        /// for a cross rate.
        case converted(value: Amount, rate: Amount, method: String, via: String?)
        /// No stored rate converts the account's currency today.
        case missingRate
    }

    /// The account.
    public var account: Account
    /// Its row in `accounts list`.
    public var listing: AccountListing
    /// Whether net worth counts it under the saved toggles.
    public var counted: Bool
    /// Why it is not counted, when it is not.
    public var excludedBecause: String?
    /// Its value in the base currency today, when it has one.
    public var value: Amount?
    /// The base currency.
    public var baseCurrency: String
    /// For an account in another currency with a balance: its conversion today; nil otherwise.
    public var valuation: Valuation?

    init(_ account: Account, listing: AccountListing, portfolio: Portfolio, today: CalendarDate) throws {
        self.account = account
        self.listing = listing
        counted = portfolio.inclusion.counts(account)
        excludedBecause = portfolio.inclusion.exclusionReason(account)
        value = try? portfolio.value(of: account, on: today)
        baseCurrency = portfolio.baseCurrency
        if account.currency != portfolio.baseCurrency, let latest = account.latestUpdate {
            if let conversion = portfolio.rates.conversion(for: account.currency, on: today) {
                valuation = .converted(
                    value: try conversion.apply(latest.amount, places: 2),
                    rate: conversion.method == "direct" ? conversion.legs[0].rate.rate : conversion.effectiveRate,
                    method: conversion.method, via: conversion.via)
            } else {
                valuation = .missingRate
            }
        }
    }

    /// Encodes the listing row's keys and the detail's own beside them.
    public func encode(to encoder: any Encoder) throws {
        try listing.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(counted, forKey: .counted)
        try container.encode(excludedBecause, forKey: .excludedBecause)
        try container.encode(value, forKey: .value)
        try container.encode(baseCurrency, forKey: .baseCurrency)
    }

    private enum Key: String, CodingKey { case counted, excludedBecause, value, baseCurrency }
}
