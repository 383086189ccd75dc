import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import Foundation
import Persistence
import Testing
import Timing

@testable import folio

@Suite struct GlobalArgumentTests {
    @Test func takesGlobalOptionsFromAnywhereBeforeDoubleDash() throws {
        let parsed = try GlobalArguments.split([
            "funds", "--offline", "show", "-v", "--home", "/tmp/h", "122639", "--no-color",
        ])
        #expect(parsed.remaining == ["funds", "show", "122639"])
        #expect(parsed.offline && parsed.verbose && parsed.noColor)
        #expect(parsed.home == "/tmp/h")
        let literal = try GlobalArguments.split(["--home=/x", "etf", "analyze", "--", "--offline"])
        #expect(literal.home == "/x")
        #expect(literal.remaining == ["etf", "analyze", "--", "--offline"])
        #expect(!literal.offline)
        #expect(throws: FolioError.self) { try GlobalArguments.split(["features", "--home"]) }
    }

    @Test func resolvesHomeByPrecedence() {
        #expect(HostEnvironment.resolveHome(flag: "/flag", environment: ["FOLIO_HOME": "/env"]).path == "/flag")
        #expect(
            HostEnvironment.resolveHome(flag: nil, environment: ["FOLIO_HOME": "/env", "XDG_DATA_HOME": "/xdg"]).path
                == "/env")
        #expect(HostEnvironment.resolveHome(flag: nil, environment: ["XDG_DATA_HOME": "/xdg"]).path == "/xdg/folio")
        #expect(
            HostEnvironment.resolveHome(flag: nil, environment: ["HOME": "/home/u"]).path
                == "/home/u/.local/share/folio")
        #expect(HostEnvironment.resolveHome(flag: "~/data", environment: ["HOME": "/home/u"]).path == "/home/u/data")
    }
}

@Suite struct HostDispatchTests {
    let database = InMemoryDatabase()

    private func run(
        _ arguments: [String], environment: [String: String] = [:], terminal: CapturedTerminal = CapturedTerminal()
    )
        async -> Int32
    {
        let database = self.database
        return await FeatureRegistry.$current.withValue([DemoPlugin.plugin]) {
            await FolioHost.run(arguments: arguments, environment: environment, terminal: terminal) { feature, host in
                .test(
                    featureID: feature.id, store: database.store(namespace: feature.id), terminal: host.terminal,
                    offline: host.offline, home: host.home)
            }
        }
    }

    @Test func runsAFeatureCommandWithItsContext() async throws {
        let terminal = CapturedTerminal()
        #expect(await run(["demo", "count", "--by", "2"], terminal: terminal) == 0)
        #expect(await run(["--offline", "demo", "count", "--format", "json"], terminal: terminal) == 0)
        #expect(terminal.output.contains("counter 2\n"))
        #expect(terminal.output.contains("\"counter\" : 3"))
        #expect(terminal.output.contains("\"offline\" : 1"))
        #expect(terminal.errors.isEmpty)
        #expect(try await database.store(namespace: "demo").get(Int.self, "counter")?.value == 3)
    }

    @Test func mapsRefusalsAndUsageErrorsToExitCodes() async {
        let refused = CapturedTerminal()
        #expect(await run(["demo", "refuse"], terminal: refused) == 1)
        #expect(refused.errors == "error: cannot do that — the demo always refuses\nhint: do something else\n")
        #expect(refused.output.isEmpty)
        let usage = CapturedTerminal()
        #expect(await run(["demo", "count", "--by", "0"], terminal: usage) == 64)
        #expect(usage.errors.contains("--by must be positive"))
        #expect(await run(["demo", "nonsense"]) == 64)
        #expect(await run(["demo", "count", "--format", "xml"]) == 64)
    }

    @Test func printsHelpVersionAndTheFeatureGroup() async {
        let help = CapturedTerminal()
        #expect(await run(["--help"], terminal: help) == 0)
        #expect(help.output.contains("FEATURES SUBCOMMANDS:"), "\(help.output)")
        #expect(help.output.contains("demo"))
        #expect(help.output.contains("--offline"))
        let version = CapturedTerminal()
        #expect(await run(["--version"], terminal: version) == 0)
        #expect(version.output == "\(FolioVersion.current)\n")
        let completion = CapturedTerminal()
        #expect(await run(["--generate-completion-script", "bash"], terminal: completion) == 0)
        #expect(completion.output.contains("demo"))
    }

    /// Usage lines, help and completion scripts name `folio` alone.
    @Test func helpUsageAndCompletionScriptsNameFolio() async {
        let usage = CapturedTerminal()
        #expect(await run(["demo", "nonsense"], terminal: usage) == 64)
        #expect(usage.errors.contains("Usage: folio demo"), "\(usage.errors)")
        let help = CapturedTerminal()
        #expect(await run(["demo", "--help"], terminal: help) == 0)
        #expect(help.output.contains("USAGE: folio demo"), "\(help.output)")
        #expect(help.output.contains("See 'folio help demo <subcommand>'"), "\(help.output)")
        for output in [usage.errors, help.output] { #expect(!output.contains("folio folio")) }
        let completion = CapturedTerminal()
        #expect(await run(["--generate-completion-script=zsh"], terminal: completion) == 0)
        #expect(completion.output.contains("demo"))
    }

    @Test func listsFeaturesAndHonoursDisabledOnesFromConfig() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try Data(#"{"disabledFeatures": ["demo"], "funds.historyTTL": "10m"}"#.utf8)
                .write(to: home.appendingPathComponent("config.json"))
            let listing = CapturedTerminal()
            #expect(await run(["features", "--format", "json", "--home", home.path], terminal: listing) == 0)
            #expect(listing.output.contains("\"enabled\" : false"))
            #expect(listing.output.contains("\"id\" : \"demo\""))
            let disabled = CapturedTerminal()
            #expect(await run(["demo", "count"], environment: ["FOLIO_HOME": home.path], terminal: disabled) == 64)
            #expect(disabled.errors.contains("disabled"))
        }
    }

    @Test("the host's own tables fit a screen, and are whole when piped or written with --output")
    func hostTablesAreWholeOffTheScreen() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let screen = CapturedTerminal(interactive: true, width: 30)
            #expect(await run(["features", "--home", home.path], terminal: screen) == 0)
            #expect(!screen.output.contains("A test-only plug-in."), "\(screen.output)")
            let piped = CapturedTerminal(interactive: false, width: 30)
            #expect(await run(["features", "--home", home.path], terminal: piped) == 0)
            #expect(piped.output.contains("A test-only plug-in."), "\(piped.output)")
            let file = home.appendingPathComponent("features.txt")
            #expect(await run(["features", "--home", home.path, "--output", file.path], terminal: screen) == 0)
            let written = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            #expect(written.contains("A test-only plug-in."), "\(written)")
        }
    }

    @Test func aBrokenConfigFileIsADataError() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try Data("{not json".utf8).write(to: home.appendingPathComponent("config.json"))
            let terminal = CapturedTerminal()
            #expect(await run(["features"], environment: ["FOLIO_HOME": home.path], terminal: terminal) == 65)
            #expect(terminal.errors.contains("config.json"))
        }
    }

    @Test func theLiveContextStoresInAPrivateSQLiteFileUnderHome() async throws {
        // `throws` spelled out: the closure's only `try`s are inside `#expect`, which do not make it throwing.
        try await withTemporaryDirectory(prefix: "folio-e2e") { directory throws in
            let home = directory.appendingPathComponent("nested/home")
            let terminal = CapturedTerminal()
            let code = await FeatureRegistry.$current.withValue([DemoPlugin.plugin]) {
                await FolioHost.run(
                    arguments: ["demo", "count", "--by", "5"], environment: ["FOLIO_HOME": home.path],
                    terminal: terminal)
            }
            #expect(code == 0)
            #expect(terminal.output == "counter 5\n")
            let file = LiveContext.databaseURL(home: home)
            #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
            #expect(try FileManager.default.attributesOfItem(atPath: home.path)[.posixPermissions] as? Int == 0o700)
        }
    }

    @Test func aCommandThatNeverTouchesTheStoreDoesNotOpenIt() async throws {
        try await withTemporaryDirectory(prefix: "folio-e2e") { directory in
            let home = directory.appendingPathComponent("untouched")
            let terminal = CapturedTerminal()
            let code = await FeatureRegistry.$current.withValue([DemoPlugin.plugin]) {
                await FolioHost.run(
                    arguments: ["demo", "refuse"], environment: ["FOLIO_HOME": home.path], terminal: terminal)
            }
            #expect(code == 1)
            #expect(!FileManager.default.fileExists(atPath: LiveContext.databaseURL(home: home).path))
        }
    }

    @Test func aStoreThatCannotBeOpenedIsReportedOnFirstUseWithItsPath() async throws {
        try await FolioBinary.withTemporaryHome { home in
            // A directory where the database file should be: SQLite cannot open it.
            try FileManager.default.createDirectory(
                at: LiveContext.databaseURL(home: home), withIntermediateDirectories: true)
            let terminal = CapturedTerminal()
            let code = await FeatureRegistry.$current.withValue([DemoPlugin.plugin]) {
                await FolioHost.run(
                    arguments: ["demo", "count"], environment: ["FOLIO_HOME": home.path], terminal: terminal)
            }
            #expect(code == 70)
            #expect(terminal.errors.contains("folio.sqlite"))
            #expect(terminal.output.isEmpty)
        }
    }
}
