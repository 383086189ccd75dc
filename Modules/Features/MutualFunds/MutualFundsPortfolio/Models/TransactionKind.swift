import MutualFunds

/// What a statement's transaction is, in casparser's names (the JSON's `type`).
public enum TransactionKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A lump-sum purchase.
    case purchase = "PURCHASE"
    /// A SIP installment.
    case purchaseSIP = "PURCHASE_SIP"
    /// A redemption (units sold back to the fund).
    case redemption = "REDEMPTION"
    /// A dividend (IDCW) paid out in cash.
    case dividendPayout = "DIVIDEND_PAYOUT"
    /// A dividend (IDCW) reinvested as units.
    case dividendReinvest = "DIVIDEND_REINVEST"
    /// Units switched in from another scheme.
    case switchIn = "SWITCH_IN"
    /// Units switched in by a scheme merger.
    case switchInMerger = "SWITCH_IN_MERGER"
    /// Units switched out to another scheme.
    case switchOut = "SWITCH_OUT"
    /// Units switched out by a scheme merger.
    case switchOutMerger = "SWITCH_OUT_MERGER"
    /// Securities transaction tax on a redemption.
    case stt = "STT_TAX"
    /// Stamp duty on a purchase.
    case stampDuty = "STAMP_DUTY_TAX"
    /// Tax deducted at source.
    case tds = "TDS_TAX"
    /// Units of a segregated portfolio (a side pocket), allotted at no cost.
    case segregation = "SEGREGATION"
    /// Anything else the statement lists.
    case misc = "MISC"
    /// A line casparser could not classify.
    case unknown = "UNKNOWN"
    /// A reversal of an earlier transaction (its units carry the sign that undoes it).
    case reversal = "REVERSAL"

    /// Kinds that add purchase lots for capital gains (casparser's `PURCHASE_TXNS`; segregation is handled apart).
    public var isPurchase: Bool {
        switch self {
        case .purchase, .purchaseSIP, .dividendReinvest, .switchIn, .switchInMerger, .reversal: true
        default: false
        }
    }

    /// Kinds that dispose of units for capital gains.
    public var isSale: Bool {
        switch self {
        case .redemption, .switchOut, .switchOutMerger: true
        default: false
        }
    }

    /// Tax lines, which carry an amount and no units.
    public var isTax: Bool { self == .stt || self == .stampDuty || self == .tds }

    /// The kind for a statement's `type` text; unknown text is ``unknown`` (casparser's own fallback).
    public init(statementType text: String) {
        self = TransactionKind(rawValue: text.uppercased()) ?? .unknown
    }
}
