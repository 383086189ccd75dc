import ArgumentParser
import Failures
import FeatureKit
import Foundation
import MutualFunds
import Timing

/// A scheme code on the command line: digits only, as AMFI assigns them.
struct SchemeCode: ExpressibleByArgument, Sendable, Hashable {
    var value: Int

    init?(argument: String) {
        guard let value = SchemeCodeText.parse(argument) else { return nil }
        self.value = value
    }

    /// The favourites' codes, from folio itself (offline, so completing never waits on the network).
    static var defaultCompletionKind: CompletionKind { .shellCommand(favoriteCodesCommand) }

    static let favoriteCodesCommand =
        "folio --offline funds favorites list --format csv 2>/dev/null | tail -n +2 | cut -d, -f1"
}

/// An ISO `YYYY-MM-DD` date on the command line, read by ``DateArgument`` when the command runs: ArgumentParser
/// would refuse a bad one in its own words ("The value … is invalid"), where every date option in Folio names the
/// accepted form with an example (exit 64).
struct ISODate: ExpressibleByArgument, Sendable, Hashable {
    var text: String

    init?(argument: String) { text = argument }

    /// The date, or the refusal every date option gives.
    func date(for option: String) throws(FolioError) -> CalendarDate {
        try DateArgument.parse(text, option: option)
    }
}

/// A value with a fixed set of names, from the domain's enums (`1Y`, `equity`, `idcw`).
///
/// A wrapper rather than conforming the domain's public enums to `ExpressibleByArgument`, which would make
/// those conformances part of this target's public interface.
protocol ChoiceValue: CaseIterable, RawRepresentable, Sendable where RawValue == String {
    /// Other accepted spellings.
    static var aliases: [String: Self] { get }
}

extension ChoiceValue {
    static var aliases: [String: Self] { [:] }
}

extension HistoryRange: ChoiceValue {}
extension RollingWindow: ChoiceValue {}
extension AssetClass: ChoiceValue {}
extension Plan: ChoiceValue {}
extension PayoutOption: ChoiceValue {
    /// The older wording of IDCW.
    static var aliases: [String: PayoutOption] { ["dividend": .idcw] }
}

/// A ``ChoiceValue`` on the command line, matched case-insensitively.
///
/// The type itself has no requirement on `Value`; the conformance carries it. ArgumentParser builds each option's
/// type from its mangled name when it reflects over a command, and a requirement on the type would be checked
/// then by a conformance lookup, which on Linux scans every conformance record: one scan per choice type, every
/// process.
struct Choice<Value: Sendable>: Sendable {
    var value: Value

    init(_ value: Value) { self.value = value }
}

extension Choice: ExpressibleByArgument where Value: ChoiceValue {
    init?(argument: String) {
        let lowered = argument.lowercased()
        guard let value = Value.allCases.first(where: { $0.rawValue.lowercased() == lowered }) ?? Value.aliases[lowered]
        else { return nil }
        self.value = value
    }

    static var allValueStrings: [String] { Value.allCases.map(\.rawValue) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    var defaultValueDescription: String { value.rawValue }
}

/// `--refresh`, for every command that reads remote data.
struct CacheOptions: ParsableArguments, Sendable {
    @Flag(help: "Fetch from the MF API even when the cached copy is still fresh.")
    var refresh = false
}
