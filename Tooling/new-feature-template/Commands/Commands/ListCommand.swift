import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Timing
import __NAME__

/// `folio __ID__ list`.
struct ListCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the notes, oldest first.",
        discussion: """
            Examples:
              folio __ID__ list
              folio __ID__ list --format json
            """)

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let report = try await __NAME__Service(store: context.store, timing: context.timing).notes()
        try formatting.render(rows: report.notes, columns: ["createdAt", "text"], to: context.terminal) {
            guard !report.notes.isEmpty else { return "No notes yet. Add one with `folio __ID__ add TEXT`." }
            let table = TextTable(
                columns: [.text("ADDED"), .text("NOTE", truncatable: true)],
                rows: report.notes.map { [.init(LocalDateTime($0.createdAt, in: .current).secondStamp), .init($0.text)] })
            return table.render(style: context.style, maxWidth: context.terminal.width)
        }
    }
}
