import ArgumentParser
import FeatureCLI
import FeatureKit
import Racing

/// The Racing feature's plug-in: `folio races …`.
public enum RacingPlugin {
    /// What the host registers: the `races` command and the kernels it uses.
    public static let descriptor = FeatureDescriptor(
        id: "races",
        summary: RacesCommand.configuration.abstract,
        requirements: [.network, .persistence, .timing],
        command: RacesCommand.self,
        alertKinds: [RacingAlerts.race]
    ).contributing(agenda: RacingAgenda.read).contributing(settings: RacingSettings.keys)
}
