import ArgumentParser
import Failures
import FeatureCLI
import FeatureHost
import FeatureKit
import Foundation
import Persistence

/// A plug-in that exists only in tests: it proves the whole host path (parse → context → run → output → exit
/// code) independently of any real feature.
enum DemoPlugin {
    static let descriptor = FeatureDescriptor(
        id: "demo", summary: "A test-only plug-in.", requirements: [.persistence], command: DemoCommand.self)
    static let plugin = FeaturePlugin(commands: descriptor)
}

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Test-only commands.", subcommands: [Count.self, Refuse.self, Say.self])

    struct Count: FeatureCommand {
        static let configuration = CommandConfiguration(abstract: "Adds to a stored counter and prints it.")

        @Option var by: Int = 1
        @OptionGroup var formatting: FormatOptions

        func validate() throws {
            guard by > 0 else { throw ValidationError("--by must be positive") }
        }

        func run(in context: FeatureContext) async throws {
            let by = by
            let total = try await context.store.write { transaction -> Int in
                let total = (try transaction.value(Int.self, "counter") ?? 0) + by
                try transaction.put("counter", total)
                return total
            }
            switch formatting.format {
            case .json:
                try formatting.emit(
                    try JSONOutput.string(["counter": total, "offline": context.offline ? 1 : 0]), to: context.terminal)
            default: try formatting.emit("counter \(total)", to: context.terminal)
            }
        }
    }

    struct Refuse: FeatureCommand {
        static let configuration = CommandConfiguration(abstract: "Always refuses.")

        func run(in context: FeatureContext) async throws {
            throw FolioError(.refused, "cannot do that", why: "the demo always refuses", hint: "do something else")
        }
    }

    /// Echoes its arguments, to show what reached the command.
    struct Say: FeatureCommand {
        static let configuration = CommandConfiguration(abstract: "Prints its arguments.")

        @Argument var first: String
        @Argument var second: String?
        @Option(name: [.short, .long]) var note: String?
        @Flag var yes = false
        @Option(parsing: .unconditional) var limit: String?

        func run(in context: FeatureContext) async throws {
            let words = [first, second ?? "-", note ?? "-", yes ? "yes" : "no"] + (limit.map { [$0] } ?? [])
            context.terminal.print(words.joined(separator: " "))
        }
    }
}
