import ArgumentParser
import FeatureCLI
import FeatureKit
import __NAME__

/// `folio __ID__ add TEXT`.
struct AddCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Keep a note.",
        discussion: """
            A note is its text, trimmed, at most 280 characters, and the time it was added.

            Examples:
              folio __ID__ add "Review the budget"
              folio __ID__ add "Call the bank"
            """)

    @Argument(help: "The note's text.")
    var text: String

    func run(in context: FeatureContext) async throws {
        let note = try await __NAME__Service(store: context.store, timing: context.timing).add(text)
        context.terminal.print("Kept: \(note.text)")
    }
}
