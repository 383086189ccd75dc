import Foundation
import FeatureKit

/// The yes/no question destructive commands ask, or the refusal when nobody can answer it.
enum Confirmation {
    /// Whether the user agreed to `question`; `--yes` agrees without asking.
    /// - Throws: ``FolioError`` (refused) when stdin is not a terminal and `--yes` was not given.
    static func confirm(_ question: String, yes: Bool, terminal: any Terminal, refusal: @autoclosure () -> FolioError) throws -> Bool {
        if yes { return true }
        guard terminal.inputIsInteractive else { throw refusal() }
        terminal.writeError("\(question) [y/N] ")
        let answer = terminal.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
