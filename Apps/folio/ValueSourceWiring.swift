import FeatureCLI
import FeatureKit
import Settings

/// Collects the value sources of every registered plug-in for the context of a feature that follows them. A
/// source is read with its own feature's context, built as that feature's commands get it, and only when a source
/// of it is first read, so a command that reads none pays nothing.
enum ValueSourceWiring {
    static func directory(host: HostEnvironment) -> ValueSourceDirectory {
        ValueSourceDirectory(
            providers: host.registry.filter { !$0.valueSources.isEmpty }.map { descriptor in
                let context = BuiltOnFirstUse { try LiveContext.make(for: descriptor, host: host) }
                let disabled = host.configuration.disabledFeatures.contains(descriptor.id)
                return ValueSourceDirectory.Provider(
                    featureID: descriptor.id, kinds: descriptor.valueSources,
                    disabledBecause: disabled
                        ? "the \(descriptor.id) feature is disabled (config.json lists it under disabledFeatures)"
                        : nil,
                    context: { try context.value() })
            })
    }
}
