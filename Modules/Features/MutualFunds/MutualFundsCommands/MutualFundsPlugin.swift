import ArgumentParser
import FeatureCLI
import FeatureKit
import MutualFunds

/// The `funds` plug-in: Indian mutual funds from the MF API.
public enum MutualFundsPlugin {
    /// What the host registers.
    public static let descriptor = FeatureDescriptor(
        id: "funds",
        summary: FundsCommand.configuration.abstract,
        requirements: [.network, .persistence, .timing],
        command: FundsCommand.self,
        alertKinds: [FundsAlerts.fund]
    ).contributing(valueSources: FundsValueSources.kinds).contributing(settings: FundsSettings.keys)
}
