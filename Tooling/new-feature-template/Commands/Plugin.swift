import ArgumentParser
import FeatureCLI
import FeatureKit

/// The __NAME__ feature's plug-in: `folio __ID__ …`.
public enum __NAME__Plugin {
    /// What the host registers: the `__ID__` command and the kernels it uses.
    public static let descriptor = FeatureDescriptor(
        id: "__ID__", summary: __NAME__Command.configuration.abstract, requirements: [.persistence, .timing],
        command: __NAME__Command.self)
}

struct __NAME__Command: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "__ID__",
        abstract: "Notes kept by the __NAME__ feature.",
        subcommands: [AddCommand.self, ListCommand.self])
}
