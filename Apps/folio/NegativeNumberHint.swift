import Foundation

/// What to tell a user whose negative number ArgumentParser read as an option.
///
/// An option's value may be negative when it is joined with `=` (`--amount=-5000`; options that take numbers also
/// read `--amount -5000`). A positional value cannot be: ArgumentParser has no parsing strategy for those, and `--`
/// before the value is the spelling it documents — after `--` every word is positional, so the options go first.
enum NegativeNumberHint {
    /// Whether `word` is a negative number as a user would type one: `-3`, `-5.5`, `-1,000`, `-.5`, `-£5`, `-1e5`.
    static func looksNegative(_ word: String) -> Bool {
        guard word.count >= 2, word.first == "-", let second = word.dropFirst().first else { return false }
        guard second.isNumber || second == "." || second.isCurrencySymbol else { return false }
        return word.contains(where: \.isNumber) && !word.contains("=")
    }

    /// The hint for a command line that failed to parse, when a negative number is the likely cause: the same
    /// command with its options first, then `--`, then the positional values from the first negative one on.
    ///
    /// `takingValues` are the command's options that take a value: their value moves with them.
    static func hint(for arguments: [String], takingValues: Set<String> = []) -> String? {
        guard !arguments.contains("--"), let index = arguments.firstIndex(where: looksNegative) else { return nil }
        // A negative value given to an option: `=` joins them whatever the option.
        if index > 0, takingValues.contains(arguments[index - 1]) {
            let option = arguments[index - 1]
            return "a value that starts with \"-\" is read as an option; join it to its option with \"=\": "
                + "\(option)=\(arguments[index])"
        }
        var options: [String] = []
        var positionals: [String] = []
        var rest = arguments[index...].makeIterator()
        while let word = rest.next() {
            if word.hasPrefix("-"), !looksNegative(word) {
                options.append(word)
                let name = String(word.split(separator: "=", maxSplits: 1).first ?? "")
                if takingValues.contains(name), !word.contains("="), let value = rest.next() { options.append(value) }
            } else {
                positionals.append(word)
            }
        }
        let spelled = arguments[..<index] + options + ["--"] + positionals
        return
            "a value that starts with \"-\" is read as an option; put \"--\" before a negative value: folio \(spelled.map(quotedIfNeeded).joined(separator: " "))"
    }

    private static func quotedIfNeeded(_ word: String) -> String {
        word.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" })
            ? "'\(word.replacingOccurrences(of: "'", with: "'\\''"))'" : word
    }
}
