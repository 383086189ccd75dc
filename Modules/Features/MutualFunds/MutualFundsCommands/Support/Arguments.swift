import ArgumentParser
import FeatureKit
import Foundation
import MutualFunds
import Timing

/// A scheme code on the command line: digits only, as AMFI assigns them.
struct SchemeCode: ExpressibleByArgument, Sendable, Hashable {
    var value: Int

    init?(argument: String) {
        let trimmed = argument.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 9, trimmed.allSatisfy(\.isASCIIDigit), let value = Int(trimmed),
            value > 0
        else { return nil }
        self.value = value
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// An ISO `YYYY-MM-DD` date on the command line.
struct ISODate: ExpressibleByArgument, Sendable, Hashable {
    var date: CalendarDate

    init?(argument: String) {
        guard let date = CalendarDate(iso8601: argument.trimmingCharacters(in: .whitespaces)) else { return nil }
        self.date = date
    }
}

extension HistoryRange: ExpressibleByArgument {
    public init?(argument: String) { self.init(text: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension RollingWindow: ExpressibleByArgument {
    public init?(argument: String) { self.init(text: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension AssetClass: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

extension Plan: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

extension PayoutOption: ExpressibleByArgument {
    public init?(argument: String) {
        let lowered = argument.lowercased()
        self.init(rawValue: lowered == "dividend" ? "idcw" : lowered)
    }
}

/// `--refresh`, for every command that reads remote data.
struct CacheOptions: ParsableArguments, Sendable {
    @Flag(help: "Fetch from the MF API even when the cached copy is still fresh.")
    var refresh = false
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
