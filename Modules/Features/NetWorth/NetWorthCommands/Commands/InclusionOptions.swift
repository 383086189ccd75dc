import ArgumentParser
import NetWorth
import Timing

/// `--include-pension|--exclude-pension`.
enum PensionToggle: String, EnumerableFlag {
    case includePension
    case excludePension

    static func help(for value: PensionToggle) -> ArgumentHelp? {
        value == .includePension ? "Count pensions (overrides the saved setting)." : "Leave pensions out."
    }
}

/// `--include-mortgage|--exclude-mortgage`.
enum MortgageToggle: String, EnumerableFlag {
    case includeMortgage
    case excludeMortgage

    static func help(for value: MortgageToggle) -> ArgumentHelp? {
        value == .includeMortgage ? "Count mortgages (overrides the saved setting)." : "Leave mortgages out."
    }
}

/// The per-command overrides of the saved pension and mortgage toggles.
struct InclusionOptions: ParsableArguments {
    @Flag var pension: PensionToggle?
    @Flag var mortgage: MortgageToggle?

    /// The toggles in force: the flags where given, else `saved`.
    func resolve(_ saved: Inclusion) -> Inclusion { override.resolve(saved) }

    /// The flags as a service's overrides.
    var override: InclusionOverride {
        InclusionOverride(
            pensions: pension.map { $0 == .includePension }, mortgages: mortgage.map { $0 == .includeMortgage })
    }

    /// Whether any override was given.
    var isEmpty: Bool { pension == nil && mortgage == nil }
}
