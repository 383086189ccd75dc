import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Persistence

/// Runs a feature's own command, exactly as `folio <feature> <arguments>` would, and captures what it
/// printed. The web pages and JSON routes are a face over the same commands, so they show the same figures
/// and refuse bad input with the same messages: there is one code path, never a second calculation.
public struct CommandRunner: Sendable {
    private let features: [String: (descriptor: FeatureDescriptor, context: FeatureContext)]

    /// Creates a runner over the host's contexts (one per feature, built once, sharing the store and client).
    public init(features: [(descriptor: FeatureDescriptor, context: FeatureContext)]) {
        var byID: [String: (descriptor: FeatureDescriptor, context: FeatureContext)] = [:]
        for feature in features { byID[feature.descriptor.id] = feature }
        self.features = byID
    }

    /// Whether the feature is registered (and enabled).
    public func has(_ featureID: String) -> Bool { features[featureID] != nil }

    /// Every feature's context as the host built it, by id.
    public var contexts: [String: FeatureContext] { features.mapValues(\.context) }

    /// The feature's context as the host built it (its store, clocks, configuration).
    public func context(_ featureID: String) -> FeatureContext? { features[featureID]?.context }

    /// Runs `folio <featureID> <arguments…>`; never throws: a refusal is in ``CommandResult/error``.
    /// - Parameter store: Replaces the feature's store for this run (e.g. to act for a logged-in browser).
    public func run(
        _ featureID: String, _ arguments: [String], input: [String] = [],
        store: (@Sendable (any KeyValueStore) -> any KeyValueStore)? = nil
    ) async -> CommandResult {
        guard let feature = features[featureID] else {
            return CommandResult(output: "", warnings: "", error: FolioError(.usage, "the \(featureID) feature is not available"))
        }
        // Arguments carry text from the browser: never let one become `--output`, which writes files.
        if arguments.contains(where: { $0 == "-o" || $0.hasPrefix("--output") }) {
            return CommandResult(output: "", warnings: "", error: FolioError(.usage, "--output is not available on the web"))
        }
        let terminal = BufferTerminal(input: input)
        var context = feature.context
        context.terminal = terminal
        if let store { context.store = store(context.store) }
        do {
            let parsed: any ParsableCommand
            do {
                parsed = try feature.descriptor.command.parseAsRoot(arguments)
            } catch {
                let message = feature.descriptor.command.fullMessage(for: error)
                throw FolioError(.usage, Self.firstLine(of: message))
            }
            guard let command = parsed as? any FeatureCommand else {
                throw FolioError(.usage, "\(featureID) \(arguments.joined(separator: " ")) is not a command")
            }
            try await command.run(in: context)
            return CommandResult(output: terminal.output, warnings: terminal.errors, error: nil)
        } catch {
            return CommandResult(output: terminal.output, warnings: terminal.errors, error: FolioError.from(error))
        }
    }

    /// ArgumentParser's message without its "Error: " prefix and usage lines.
    static func firstLine(of message: String) -> String {
        let line = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? message
        return line.hasPrefix("Error: ") ? String(line.dropFirst(7)) : line
    }
}

/// What a command printed, and how it failed if it did.
public struct CommandResult: Sendable {
    /// Standard output (the JSON document with `--format json`).
    public var output: String
    /// Standard error (warnings such as "prices are the last known…").
    public var warnings: String
    /// The refusal, as the CLI would report it.
    public var error: FolioError?

    /// Creates a result.
    public init(output: String, warnings: String, error: FolioError?) {
        self.output = output
        self.warnings = warnings
        self.error = error
    }

    /// The warning lines without their `warning: ` prefix.
    public var warningLines: [String] {
        warnings.split(separator: "\n").map { line in
            line.hasPrefix("warning: ") ? String(line.dropFirst(9)) : String(line)
        }
    }

    /// The error as one line for a page: `what — why`.
    public var errorLine: String? {
        error.map { error in error.why.map { "\(error.what) — \($0)" } ?? error.what }
    }

    /// The form field a refusal is about, so a page can put it next to that field: the first of `fields` one of
    /// whose words the refusal's `what` mentions (the CLI names the option or the thing it refused), nil when it
    /// names none of them or the command did not fail.
    public func blamedField(_ fields: KeyValuePairs<String, [String]>) -> String? {
        guard let what = error?.what else { return nil }
        return fields.first { _, words in words.contains { what.contains($0) } }?.key
    }

    /// The error as it is shown beside a form's field: `what — why (hint)`, the CLI's whole answer on one line.
    public var fieldMessage: String? {
        guard let error, let line = errorLine else { return nil }
        return line + (error.hint.map { " (\($0))" } ?? "")
    }
}
