import Foundation

/// What to tell a user whose negative number ArgumentParser read as an option.
///
/// Options that take numbers parse their value unconditionally (`--amount -5000`, ArgumentParser's documented
/// `.unconditional` strategy), so only a positional value can meet this: ArgumentParser has no strategy for
/// those, and `--` before the value is the spelling it documents.
enum NegativeNumberHint {
    /// Whether `word` is a negative number as a user would type one: `-3`, `-5.5`, `-1,000`, `-.5`, `-£5`, `-1e5`.
    static func looksNegative(_ word: String) -> Bool {
        guard word.count >= 2, word.first == "-", let second = word.dropFirst().first else { return false }
        guard second.isNumber || second == "." || second.isCurrencySymbol else { return false }
        return word.contains(where: \.isNumber) && !word.contains("=")
    }

    /// The hint for a command line that failed to parse, when a negative number is the likely cause: the same
    /// command with `--` before the first negative number.
    static func hint(for arguments: [String]) -> String? {
        guard !arguments.contains("--"), let index = arguments.firstIndex(where: looksNegative) else { return nil }
        let spelled = arguments[..<index] + ["--"] + arguments[index...]
        return "a value that starts with \"-\" is read as an option; put \"--\" before a negative value: "
            + "folio \(spelled.map(quotedIfNeeded).joined(separator: " "))"
    }

    private static func quotedIfNeeded(_ word: String) -> String {
        word.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" }) ? "'\(word.replacingOccurrences(of: "'", with: "'\\''"))'" : word
    }
}
