import ArgumentParser
import Failures
import FeatureCLI
import FeatureHost
import FeatureKit
import Foundation
import NetworkingAsyncHTTPClient
import Settings
import Timing

/// Parses the command line, builds the context and runs the command; returns the exit code.
///
/// The seam that tests drive: the same path as the real binary, with the registry, environment, terminal
/// and kernels chosen by the caller.
enum FolioHost {
    static func run(
        arguments: [String],
        environment: [String: String],
        terminal: any Terminal,
        timing: Timing = .live,
        makeContext: (FeatureDescriptor, HostEnvironment) throws -> FeatureContext = LiveContext.make
    ) async -> Int32 {
        do {
            let globals = try GlobalArguments.split(arguments)
            let remaining = try rewritingAliases(globals.remaining, registry: FeatureRegistry.current)
            let home = HostEnvironment.resolveHome(flag: globals.home, environment: environment)
            let host = HostEnvironment(
                plugins: FeatureRegistry.current, home: home,
                configuration: try HostEnvironment.loadConfiguration(home: home, environment: environment),
                terminal: terminal,
                style: Style.resolve(
                    isTerminal: terminal.isInteractive, environment: environment, noColorFlag: globals.noColor),
                offline: globals.offline, verbose: globals.verbose, timing: timing,
                proxies: ProxySettings(environment: environment), databaseURL: globals.databaseURL)
            if remaining.first != "settings" {
                for unread in HostSettings(registry: host.registry).unread(host.configuration.fileKeys) {
                    terminal.warn(SettingsCommand.sentence(unread, path: host.configuration.filePath))
                }
            }
            // ArgumentParser reflects over every command in the tree before it parses; when the first word
            // names a feature, only that feature's subtree is built, which halves start-up with five features.
            let code: Int32
            if let feature = host.plugins.first(where: { $0.id == remaining.first }) {
                code = try await FeatureRegistry.$current.withValue([feature]) {
                    try await dispatch(remaining, host: host, makeContext: makeContext)
                }
            } else {
                code = try await dispatch(remaining, host: host, makeContext: makeContext)
            }
            // A command that printed its result into a full disk has not succeeded, whatever it returned.
            if code == 0, let failure = terminal.outputFailure { throw failure }
            return code
        } catch {
            if let failure = terminal.outputFailure, FolioError.from(error).kind != .ioError {
                _ = report(error, terminal: terminal)
                return report(failure, terminal: terminal)
            }
            return report(error, terminal: terminal)
        }
    }

    /// The command line after the first feature alias that applies to it (an older spelling of a command).
    private static func rewritingAliases(_ arguments: [String], registry: [FeaturePlugin]) throws -> [String] {
        for alias in registry.flatMap(\.commands.aliases) {
            if let rewritten = try alias.rewrite(arguments) { return rewritten }
        }
        return arguments
    }

    private static func dispatch(
        _ arguments: [String], host: HostEnvironment,
        makeContext: (FeatureDescriptor, HostEnvironment) throws -> FeatureContext
    ) async throws -> Int32 {
        let command: any ParsableCommand
        do {
            command = try Folio.parseAsRoot(arguments)
        } catch {
            return reportParse(error, arguments: arguments, terminal: host.terminal)
        }
        switch Role(command) {
        case .feature(let command):
            guard let feature = host.registry.first(where: { $0.id == arguments.first }) else {
                throw FolioError(.internal, "no registered feature owns \(type(of: command))")
            }
            guard !host.configuration.disabledFeatures.contains(feature.id) else {
                throw FolioError(
                    .usage, "the \(feature.id) feature is disabled",
                    why: "\(host.home.appendingPathComponent("config.json").path) lists it under disabledFeatures")
            }
            let context = try makeContext(feature, host)
            do {
                try await command.run(in: context)
            } catch let refusal as FolioError where refusal.reason == .unknownOption {
                // A command that reads its own words (a negative amount) finds the stray option itself; the
                // nearest spelling comes from the host, as for every other command.
                return reportUnknownOption(arguments: arguments, terminal: host.terminal)
                    ?? report(refusal, terminal: host.terminal)
            }
        case .host(let command):
            try await command.run(host: host)
        case .alertKind(let command):
            do {
                try await AlertsHost.start(host).run(command)
            } catch let refusal as FolioError {
                // A kind's parser words its refusals for the web too; the terminal names the flag typed.
                throw refusal.namingFlag(typedIn: arguments)
            }
        case .plain:
            do {
                var command = command
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            } catch {
                return reportParse(error, arguments: arguments, terminal: host.terminal)
            }
        }
        return 0
    }

    /// Who runs a parsed command.
    private enum Role {
        case feature(any FeatureCommand)
        case host(any HostCommand)
        case alertKind(any AlertAddCommand)
        case plain

        /// Casts from the concrete type (the existential is opened by the generic parameter): a cast from
        /// `any ParsableCommand` first asks whether the existential type itself conforms, one more
        /// conformance lookup (a scan of every record on Linux) per process.
        init(_ command: some ParsableCommand) {
            if let command = command as? any FeatureCommand {
                self = .feature(command)
            } else if let command = command as? any HostCommand {
                self = .host(command)
            } else if let command = command as? any AlertAddCommand {
                self = .alertKind(command)
            } else {
                self = .plain
            }
        }
    }

    /// ArgumentParser's own outcomes: help and version (exit 0), usage errors (64); a refusal a command's
    /// parsing or validation threw (a ``FolioError``) keeps its own code and wording.
    ///
    /// Every message starts with exactly one `error: ` (ArgumentParser's own say `Error: `), and a mistyped long
    /// option is named with the nearest one the command takes, in every command.
    private static func reportParse(_ error: any Error, arguments: [String], terminal: any Terminal) -> Int32 {
        if let refusal = refusal(in: error) {
            return report(refusal, terminal: terminal)
        }
        let code = Folio.exitCode(for: error).rawValue
        let message = Folio.fullMessage(for: error)
        if code == 0 {
            if !message.isEmpty { terminal.print(message) }
            return code
        }
        if let code = reportUnknownOption(arguments: arguments, terminal: terminal) { return code }
        let options = CommandOptions(arguments: arguments)
        terminal.printError(oneErrorPrefix(message))
        if code == ExitCode.validationFailure.rawValue,
            let hint = NegativeNumberHint.hint(for: arguments, takingValues: options.takingValues)
        {
            terminal.printError("hint: \(hint)")
        }
        return code
    }

    /// `error: unknown option '--ammount' — did you mean '--amount'?` with the command's usage (exit 64), or nil when
    /// every long option typed is one the command takes.
    private static func reportUnknownOption(arguments: [String], terminal: any Terminal) -> Int32? {
        let options = CommandOptions(arguments: arguments)
        guard let unknown = options.unknownOption(in: arguments) else { return nil }
        let suggestion = unknown.nearest.map { " — did you mean '\($0)'?" } ?? ""
        terminal.printError("error: unknown option '\(unknown.typed)'\(suggestion)")
        terminal.printError("Usage: \(Folio.usageString(for: options.command))")
        terminal.printError(
            "  See 'folio \((options.path + ["--help"]).joined(separator: " "))' for more information.")
        return ExitCode.validationFailure.rawValue
    }

    /// ArgumentParser's `Error: Missing expected argument` as `error: missing expected argument`.
    private static func oneErrorPrefix(_ message: String) -> String {
        var text = Substring(message)
        while text.hasPrefix("Error: ") || text.hasPrefix("error: ") { text = text.dropFirst("error: ".count) }
        // Lower-case a capitalised first word only, never a symbol or code such as `AAPL`.
        let first = text.prefix(while: { $0.isLetter })
        if first.count > 1, first.first?.isUppercase == true, first.dropFirst().allSatisfy(\.isLowercase) {
            text = first.prefix(1).lowercased() + text.dropFirst()
        }
        return "error: " + text
    }

    /// The ``FolioError`` a command's transform or `validate()` threw, which ArgumentParser wraps in its own
    /// (internal) error types.
    private static func refusal(in error: any Error, depth: Int = 0) -> FolioError? {
        if let refusal = error as? FolioError { return refusal }
        guard depth < 3 else { return nil }
        for child in Mirror(reflecting: error).children {
            if let refusal = child.value as? FolioError { return refusal }
            if let nested = child.value as? any Error, let refusal = refusal(in: nested, depth: depth + 1) {
                return refusal
            }
            for grandchild in Mirror(reflecting: child.value).children {
                if let refusal = grandchild.value as? FolioError { return refusal }
            }
        }
        return nil
    }

    private static func report(_ error: any Error, terminal: any Terminal) -> Int32 {
        if let exit = error as? ExitCode { return exit.rawValue }
        let folioError = FolioError.from(error)
        terminal.printError(folioError.description)
        return folioError.exitCode
    }
}
