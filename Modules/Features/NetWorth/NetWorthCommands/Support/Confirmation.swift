import FeatureKit
import Foundation

/// Asks before destroying data: `--yes` skips the question; without a terminal to ask on, the command
/// refuses rather than guess.
enum Confirmation {
    /// Returns when confirmed.
    /// - Throws: ``FolioError``: usage (64) when there is no terminal to ask on and no `--yes` — the same
    ///   rule as `funds cache clear` and `etf delete` — and refused (1) when the answer is no.
    static func require(_ question: String, action: String, yes: Bool, terminal: any Terminal) throws {
        if yes { return }
        guard terminal.inputIsInteractive else {
            throw FolioError(
                .usage, "not \(action) without confirmation", why: "standard input is not a terminal to ask on",
                hint: "pass --yes to confirm")
        }
        terminal.writeError("\(question) [y/N] ")
        let answer = terminal.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard answer == "y" || answer == "yes" else {
            throw FolioError(.refused, "not \(action)", why: "not confirmed")
        }
    }
}
