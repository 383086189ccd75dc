import Foundation
import Money
import Timing

/// `folio overview` and `/api/overview`: the household's position now, as `--format json` prints it.
public struct OverviewReport: Codable, Sendable, Equatable {
    /// The base currency of every figure that is not in its own currency.
    public var currency: String
    /// When the overview was assembled.
    public var generatedAt: Date
    /// Net worth now.
    @NullEncodable public var netWorth: NetWorthNow?
    /// How net worth moved today, over a month and over a year.
    public var changes: [Change]
    /// Net worth over the chosen range.
    public var trend: Trend
    /// What the household holds, by asset class and by currency.
    public var allocation: Allocation
    /// The holdings that moved most today, largest move first.
    public var movers: [Mover]
    /// Alerts that fired in the last 24 hours, newest first.
    public var alerts: [FiredAlert]
    /// What is coming up (the next races).
    public var agenda: [AgendaEntry]
    /// Sources the household has that no account follows yet: each a link to make.
    public var suggestions: [Suggestion]
    /// Where a page posts a suggestion's `source` to link it; null when nothing keeps accounts.
    @NullEncodable public var linkAction: String?
    /// What could not be counted, in words.
    public var warnings: [String]

    /// Net worth now, in the base currency.
    public struct NetWorthNow: Codable, Sendable, Equatable {
        /// Counted assets.
        public var assets: Amount
        /// Counted debts, positive.
        public var debts: Amount
        /// Assets − debts.
        public var net: Amount
        /// The day the figures are for.
        public var asOf: CalendarDate
    }

    /// A change of net worth over a period.
    public struct Change: Codable, Sendable, Equatable {
        /// `today`, `1M` or `1Y`.
        public var period: String
        /// Net worth now − net worth then; null when nothing was recorded by then.
        @NullEncodable public var change: Amount?
        /// The change as a fraction of the net worth then; null when that was zero or unknown.
        @NullEncodable public var fraction: Amount?
        /// The net worth then.
        @NullEncodable public var then: Amount?
        /// The recorded day the change is measured from.
        @NullEncodable public var since: CalendarDate?
    }

    /// Net worth over a range, from recorded balances (a linked account's are its synced values).
    public struct Trend: Codable, Sendable, Equatable {
        /// The range shown.
        public var range: OverviewRange
        /// The points, oldest first; the last is today's.
        public var points: [Point]
    }

    /// One day's net worth.
    public struct Point: Codable, Sendable, Equatable {
        /// The day.
        public var date: CalendarDate
        /// Net worth that day.
        public var net: Amount
    }

    /// The breakdown of everything held.
    public struct Allocation: Codable, Sendable, Equatable {
        /// Σ of the asset slices (every class but liabilities), in the base currency.
        public var total: Amount
        /// What is owed, positive, apart from the classes.
        public var liabilities: Amount
        /// The part of ``total`` that no net-worth account counts (sources not linked yet).
        public var outsideNetWorth: Amount
        /// By asset class, largest first.
        public var byClass: [Slice]
        /// By currency (the holdings' own), largest first.
        public var byCurrency: [Slice]
    }

    /// One share of the allocation.
    public struct Slice: Codable, Sendable, Equatable {
        /// The class (`equity`) or the currency (`USD`).
        public var key: String
        /// For people (`Equity`, `USD`).
        public var label: String
        /// Its value in the base currency.
        public var value: Amount
        /// Its share of the total, 0…1, to four places.
        public var share: Amount
    }

    /// A holding's move today.
    public struct Mover: Codable, Sendable, Equatable {
        /// The holding.
        public var name: String
        /// The source it belongs to.
        public var source: String
        /// The currency of ``value`` and ``dayChange``.
        public var currency: String
        /// Its value now.
        public var value: Amount
        /// How much it moved today.
        public var dayChange: Amount
        /// The move as a fraction of yesterday's value; null when that was zero.
        @NullEncodable public var fraction: Amount?
    }

    /// An alert that fired.
    public struct FiredAlert: Codable, Sendable, Equatable {
        /// Its number.
        public var id: Int
        /// Its kind (`race`, `stock`).
        public var kind: String
        /// What it watches, in words.
        public var condition: String
        /// When it last fired.
        public var firedAt: Date
    }

    /// Something coming up.
    public struct AgendaEntry: Codable, Sendable, Equatable {
        /// The feature it comes from.
        public var feature: String
        /// What it is.
        public var title: String
        /// A second line.
        @NullEncodable public var detail: String?
        /// When it starts.
        public var startsAt: Date
        /// Its page.
        @NullEncodable public var link: String?
    }

    /// A source to link to net worth.
    public struct Suggestion: Codable, Sendable, Equatable {
        /// Its full name (`funds:portfolio`).
        public var source: String
        /// What it is.
        public var summary: String
        /// Its value now, in its own currency.
        public var value: Amount
        /// That currency.
        public var currency: String
        /// When the value was true.
        public var asOf: Date
        /// A name for the account that would follow it.
        public var accountName: String
    }
}
