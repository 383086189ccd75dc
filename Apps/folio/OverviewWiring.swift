import Alerting
import FeatureCLI
import FeatureKit
import Foundation
import Overview
import Settings
import Timing

/// Builds the overview's inputs from the registry: the books the enabled features keep, every value source, what is
/// coming up and the host's alerts, each read with its own feature's context (as ``ValueSourceWiring`` reads
/// sources), so the overview names no feature.
enum OverviewWiring {
    /// How many items each feature's agenda offers.
    static let agendaLength = 5

    /// The inputs, reading each enabled feature with the context `context` gives for it.
    static func inputs(
        host: HostEnvironment, sources: ValueSourceDirectory, alerts: AlertStore?,
        context: @escaping @Sendable (FeatureDescriptor) throws -> FeatureContext
    ) -> OverviewService.Inputs {
        let enabled = host.registry.filter { !host.configuration.disabledFeatures.contains($0.id) }
        let households = enabled.compactMap { feature in feature.household.map { (feature, $0) } }
        let agendas = enabled.compactMap { feature in feature.agenda.map { (feature, $0) } }
        return OverviewService.Inputs(
            household: {
                for (feature, read) in households {
                    if let position = try await read(try context(feature)) { return position }
                }
                return nil
            },
            sources: { await sources.known() },
            agenda: {
                await withTaskGroup(of: [AgendaItem].self) { group in
                    for (feature, read) in agendas {
                        group.addTask { (try? await read(try context(feature), agendaLength)) ?? [] }
                    }
                    return await group.reduce(into: []) { $0 += $1 }
                }
            },
            alerts: { try await alerts?.list() ?? [] })
    }

    /// The service for a command: contexts built as the features' commands get them, on first use.
    static func service(host: HostEnvironment, alerts: AlertStore?) -> OverviewService {
        let contexts = host.registry.map { descriptor in
            (descriptor.id, BuiltOnFirstUse { try LiveContext.make(for: descriptor, host: host) })
        }
        let byID = Dictionary(contexts, uniquingKeysWith: { first, _ in first })
        let inputs = inputs(host: host, sources: ValueSourceWiring.directory(host: host), alerts: alerts) {
            descriptor in
            guard let built = byID[descriptor.id] else { return try LiveContext.make(for: descriptor, host: host) }
            return try built.value()
        }
        let timing = host.timing
        return OverviewService(inputs: inputs, now: { timing.now() })
    }
}
