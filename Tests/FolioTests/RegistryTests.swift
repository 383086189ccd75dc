import ArgumentParser
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import Foundation
import Testing

@testable import folio

@Suite struct RegistryTests {
    @Test func idsAreUniqueAndEqualTheirCommandNames() {
        let ids = FeatureRegistry.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for feature in FeatureRegistry.all {
            #expect(feature.id == feature.commandName, "\(feature.id) has root command \(feature.commandName)")
            #expect(!feature.summary.isEmpty)
            #expect(feature.command.configuration.abstract == feature.summary, "folio --help shows the root abstract")
        }
    }

    @Test func everyFeatureFolderIsRegistered() throws {
        let featuresFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Modules/Features")
        let folders = try FileManager.default.contentsOfDirectory(atPath: featuresFolder.path)
            .filter { !$0.hasPrefix(".") }
            .filter { name in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(
                    atPath: featuresFolder.appendingPathComponent(name).path, isDirectory: &isDirectory)
                    && isDirectory.boolValue
            }
        let registeredModules = Set(FeatureRegistry.all.map { String(reflecting: $0.command).split(separator: ".").first.map(String.init) ?? "" })
        for folder in folders {
            #expect(registeredModules.contains("\(folder)Commands"), "Modules/Features/\(folder) is not in FeatureRegistry.all")
        }
        #expect(registeredModules.count == FeatureRegistry.all.count)
    }

    @Test func everyFeatureHelpRendersUnderTheRoot() async throws {
        for feature in FeatureRegistry.all {
            let terminal = CapturedTerminal()
            let code = await FolioHost.run(arguments: [feature.id, "--help"], environment: [:], terminal: terminal)
            #expect(code == 0)
            #expect(terminal.output.contains("USAGE: folio \(feature.id)"), "\(terminal.output)")
        }
    }
}
