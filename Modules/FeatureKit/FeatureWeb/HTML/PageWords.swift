import Failures

/// A refusal in a page's words. A command's refusal may explain itself in the terminal's terms (a flag to pass, a
/// command to type); a page shows what went wrong and leaves those words to the terminal.
public enum PageWords {
    /// `what — why`, without a `why` that speaks the terminal's words.
    public static func line(_ error: FolioError) -> String {
        guard let why = error.why, !speaksTerminal(why) else { return error.what }
        return "\(error.what) — \(why)"
    }

    /// The hint, unless it tells the reader to type something in a terminal.
    public static func hint(_ error: FolioError) -> String? {
        error.hint.flatMap { speaksTerminal($0) ? nil : $0 }
    }

    /// The host's commands, as a refusal would quote them (a fund's "folio 77" is no command).
    static let commands = [
        "alerts", "config", "etf", "features", "funds", "networth", "overview", "races", "serve", "stocks",
    ]

    /// Whether `text` names a flag (`--offline`), a command (`folio etf save`) or quotes code in backticks.
    public static func speaksTerminal(_ text: String) -> Bool {
        if text.contains("`") || commands.contains(where: { text.contains("folio \($0)") }) { return true }
        var previous: Character?
        var dashes = 0
        for character in text {
            if dashes == 2, character.isLetter, previous == "-" { return true }
            dashes = character == "-" ? dashes + 1 : 0
            previous = character
        }
        return false
    }
}
