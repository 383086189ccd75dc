import AlertRules
import Foundation

/// An alert a feature kept itself before the host kept them all (the stocks feature's price alerts), taken
/// into the `alerts` namespace once, by its schema migration.
public struct ImportedAlert: Sendable, Equatable {
    /// The feature that kept it.
    public var featureID: String
    /// What it watches, as one of the feature's kinds.
    public var definition: AlertDefinition
    /// The conditions that had fired and not re-armed.
    public var firedKeys: [String]
    /// When it was added.
    public var createdAt: Date

    /// Creates an imported alert.
    public init(featureID: String, definition: AlertDefinition, firedKeys: [String], createdAt: Date) {
        self.featureID = featureID
        self.definition = definition
        self.firedKeys = firedKeys
        self.createdAt = createdAt
    }
}
