import ArgumentParser
import FeatureKit
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

    @Test func everyFeatureHelpParsesUnderTheRoot() throws {
        for feature in FeatureRegistry.all {
            #expect(throws: (any Error).self) { try Folio.parseAsRoot([feature.id, "--help"]) }
            #expect(Folio.exitCode(for: CleanExitProbe.help(Folio.self, [feature.id, "--help"])).rawValue == 0)
        }
    }
}

/// Captures the error ArgumentParser throws for a help request so its exit code can be checked.
enum CleanExitProbe {
    static func help(_ root: Folio.Type, _ arguments: [String]) -> any Error {
        do {
            _ = try root.parseAsRoot(arguments)
            return HelpNotRequested()
        } catch {
            return error
        }
    }

    struct HelpNotRequested: Error {}
}
