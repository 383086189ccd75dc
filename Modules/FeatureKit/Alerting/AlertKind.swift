import AlertRules
import FeatureKit
import Foundation

/// One kind of alert a plug-in contributes: its name, the rate its source changes at (read from the feature's
/// own settings), the check that says which of an alert's conditions hold now, and the form that adds one.
///
/// The host keeps every alert and its state in its own `alerts` namespace; a kind only reads its feature's data
/// through the feature's context, so no feature imports another and no kind writes alert state.
public struct AlertKind: Sendable {
    /// The word after `folio alerts add` (`race`, `fund`, `stock`, `networth`).
    public let name: String
    /// The feature that contributes the kind (`races`); its context is what ``check`` gets.
    public let featureID: String
    /// One line for `folio alerts add --help`.
    public let summary: String
    /// How often the kind's source can have news, from the feature's settings in its context (`races.refresh`,
    /// `stocks.quotesTTL`): a watch or `folio serve` checks no more often than this, unless a reading asks to be
    /// looked at sooner (``AlertReading/nextCheck``).
    public let rate: @Sendable (FeatureContext) throws -> Duration
    /// Reads the source for one alert.
    public let check: @Sendable (AlertDefinition, FeatureContext) async throws -> AlertReading
    /// How the web adds one; nil for a kind added on the terminal only.
    public let form: AlertForm?

    /// Creates a kind whose check decodes the alert's parameters itself.
    public init(
        name: String, featureID: String, summary: String, rate: @escaping @Sendable (FeatureContext) throws -> Duration,
        form: AlertForm? = nil,
        check: @escaping @Sendable (AlertDefinition, FeatureContext) async throws -> AlertReading
    ) {
        self.name = name
        self.featureID = featureID
        self.summary = summary
        self.rate = rate
        self.form = form
        self.check = check
    }

    /// Creates a kind checked at a fixed `interval`.
    public init(
        name: String, featureID: String, summary: String, interval: Duration, form: AlertForm? = nil,
        check: @escaping @Sendable (AlertDefinition, FeatureContext) async throws -> AlertReading
    ) {
        self.init(name: name, featureID: featureID, summary: summary, rate: { _ in interval }, form: form, check: check)
    }

    /// Creates a kind whose check receives its parameters decoded as `parameters`.
    public static func typed<Parameters: Decodable & Sendable>(
        name: String, featureID: String, summary: String, rate: @escaping @Sendable (FeatureContext) throws -> Duration,
        form: AlertForm? = nil, parameters: Parameters.Type,
        check: @escaping @Sendable (Parameters, FeatureContext) async throws -> AlertReading
    ) -> AlertKind {
        AlertKind(name: name, featureID: featureID, summary: summary, rate: rate, form: form) { definition, context in
            try await check(try definition.decode(Parameters.self), context)
        }
    }
}
