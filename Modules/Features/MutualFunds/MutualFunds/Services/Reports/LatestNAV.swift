import Foundation
import Money
import Timing

/// Where a latest NAV comes from: the scheme's MF API history, or AMFI's daily file standing in when the MF API
/// is unavailable.
public enum NAVSource: String, Codable, Sendable, Hashable, CaseIterable {
    /// The scheme's history from the MF API.
    case mfapi
    /// AMFI's NAVAll.txt.
    case amfi
}

/// A scheme's latest NAV with where it came from: what `folio funds nav CODE` (without `--on`) reports.
public struct LatestNAV: Sendable, Equatable {
    /// The scheme code.
    public var code: Int
    /// The scheme's name.
    public var name: String
    /// The NAV.
    public var nav: Amount
    /// Its date.
    public var date: CalendarDate
    /// Where it came from.
    public var source: NAVSource
    /// How fresh the copy it was read from is (the history's, or AMFI's file's).
    public var freshness: Freshness
    /// Why the MF API's history could not be used, when the NAV comes from AMFI.
    public var mfapiFailure: String?
}
