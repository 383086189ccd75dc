import FeatureKit
import Foundation

/// Asks before destroying data: `--yes` skips the question; without a terminal to ask on, the command
/// refuses rather than guess.
enum Confirmation {
    /// Returns when confirmed.
    /// - Throws: ``FolioError`` (refused) when declined or when there is no terminal and no `--yes`.
    static func require(_ question: String, action: String, yes: Bool, terminal: any Terminal) throws {
        if yes { return }
        guard terminal.inputIsInteractive else {
            throw FolioError(
                .refused, "not \(action) without confirmation", why: "standard input is not a terminal to ask on",
                hint: "pass --yes to confirm")
        }
        terminal.writeError("\(question) [y/N] ")
        let answer = terminal.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard answer == "y" || answer == "yes" else {
            throw FolioError(.refused, "not \(action)", why: "not confirmed")
        }
    }
}
