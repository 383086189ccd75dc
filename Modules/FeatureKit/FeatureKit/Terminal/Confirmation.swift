import Failures
import Settings

/// The one way a command asks before it destroys or replaces something.
///
/// `--yes` agrees without asking. On a terminal the user answers `y`/`yes` (anything else declines). Without
/// a terminal to ask on, the command does nothing and exits 1 ("refused"), whatever the feature: a script
/// must say `--yes` to mean it.
public enum Confirmation {
    /// Whether to go ahead: true with `yes` or a `y`/`yes` answer, false for any other answer.
    /// - Parameters:
    ///   - question: Asked on stderr, e.g. `Delete the saved portfolio Core (5 ETFs)?`.
    ///   - action: What is not done without confirmation, as a gerund: `deleting "Core"`.
    /// - Throws: ``FolioError/confirmationNeeded(action:)`` (exit 1) when standard input is not a terminal.
    public static func ask(
        _ question: String, action: String, yes: Bool, terminal: any Terminal
    ) throws(FolioError) -> Bool {
        if yes { return true }
        guard terminal.inputIsInteractive else { throw FolioError.confirmationNeeded(action: action) }
        terminal.writeError("\(question) [y/N] ")
        let answer = terminal.readLine()?.trimmingWhitespace().lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }

    /// Returns when confirmed; a declined question is a refusal like the missing terminal.
    /// - Throws: ``FolioError`` (refused, exit 1) when declined or when there is no terminal to ask on.
    public static func require(
        _ question: String, action: String, yes: Bool, terminal: any Terminal
    ) throws(FolioError) {
        guard try ask(question, action: action, yes: yes, terminal: terminal) else {
            throw FolioError(.refused, "not \(action)", why: "not confirmed")
        }
    }
}
