import ArgumentParser
import FeatureCLI
import FeatureHost
import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import Testing

@testable import folio

@Suite struct RegistryTests {
    @Test func idsAreUniqueAndEqualTheirCommandNames() {
        let ids = FeatureRegistry.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for feature in FeatureRegistry.all.map(\.commands) {
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
        let registeredModules = Set(
            FeatureRegistry.all.map {
                String(reflecting: $0.commands.command).split(separator: ".").first.map(String.init) ?? ""
            })
        for folder in folders {
            #expect(
                registeredModules.contains("\(folder)Commands"),
                "Modules/Features/\(folder) is not in FeatureRegistry.all")
            let hasPages = FileManager.default.fileExists(
                atPath: featuresFolder.appendingPathComponent("\(folder)/\(folder)Web").path)
            let plugin = FeatureRegistry.all.first {
                String(reflecting: $0.commands.command).hasPrefix("\(folder)Commands.")
            }
            #expect((plugin?.web != nil) == hasPages, "Modules/Features/\(folder)'s pages are not in its plug-in")
        }
        #expect(registeredModules.count == FeatureRegistry.all.count)
    }

    @Test func eachPluginsFacesShareItsID() {
        for plugin in FeatureRegistry.all {
            if let web = plugin.web { #expect(web.id == plugin.id, "\(plugin.id)'s pages say \(web.id)") }
        }
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
