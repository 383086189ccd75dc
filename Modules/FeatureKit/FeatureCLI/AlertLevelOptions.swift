import AlertRules
import Alerting
import ArgumentParser

/// `--above LEVEL | --below LEVEL`: the options of every alert kind watching a level (a NAV, net worth), read
/// by ``Alerting/AlertLevel`` as the web's fields of the same names are.
public struct AlertLevelOptions: ParsableArguments, Sendable {
    /// The level to rise to.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Fire when the value rises to this level or above.", valueName: "level"))
    public var above: String?

    /// The level to fall to.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Fire when the value falls to this level or below.", valueName: "level"))
    public var below: String?

    /// Creates the options with neither level.
    public init() {}

    /// The options by their fields' names, for a kind's form parser.
    public var fields: [String: String?] { ["above": above, "below": below] }
}
