import ArgumentParser
import Foundation

/// Lets negative numbers reach a command as values: `stocks buy AAPL -3`, `funds sip … --amount -5000`.
///
/// ArgumentParser reads any word that starts with `-` as an option, so `-3` ends in "Missing expected
/// argument" (exit 64) before the feature can say what is wrong with the number. When a word looks like a
/// negative number and the command declares no option of that name, the command line is rewritten the way a
/// user could have typed it: an option's value is attached (`--amount=-5000`), and positional values go after
/// `--` (`stocks buy AAPL -- -3`), with every option moved before it. The command's declared arguments come
/// from ArgumentParser's documented `--experimental-dump-help` description, asked only when such a word occurs.
enum NegativeNumbers {
    /// Whether `word` is a negative number as a user would type one: `-3`, `-5.5`, `-1,000`, `-.5`, `-£5`,
    /// `-1e5` (the feature refuses what it does not accept, with its own reason).
    static func looksNegative(_ word: String) -> Bool {
        guard word.count >= 2, word.first == "-", let second = word.dropFirst().first else { return false }
        guard second.isNumber || second == "." || second.isCurrencySymbol else { return false }
        return word.contains(where: \.isNumber) && !word.contains("=")
    }

    /// `arguments` (global options already removed) rewritten so negative numbers are values; unchanged when
    /// none occurs or the command cannot be described.
    static func rewrite(_ arguments: [String]) -> [String] {
        guard !arguments.contains("--"), arguments.contains(where: looksNegative) else { return arguments }
        // The words before the first option name the command (and perhaps some positionals, which is harmless);
        // an option without its value would stop ArgumentParser before it describes anything.
        let leading = Array(arguments.prefix { !$0.hasPrefix("-") })
        guard let shape = CommandShape.describe(leading) else { return arguments }
        return shape.rewrite(arguments) ?? arguments
    }
}

/// What a leaf command declares: how many words name it, and which option names take a value.
struct CommandShape {
    /// Words that name the command (`stocks buy`), not counting `folio`.
    var pathLength: Int
    /// Every option name that takes a value (`--amount`, `-a`).
    var valueOptions: Set<String>
    /// Every name the command declares (options and flags), which are never rewritten.
    var names: Set<String>

    /// Rewrites `arguments`; nil when they do not start with the command's path.
    func rewrite(_ arguments: [String]) -> [String]? {
        guard arguments.count >= pathLength, !arguments.prefix(pathLength).contains(where: { $0.hasPrefix("-") })
        else { return nil }
        var options: [String] = []
        var positionals: [String] = []
        var movedNegative = false
        var index = pathLength
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if NegativeNumbers.looksNegative(word), !names.contains(word) {
                positionals.append(word)
                movedNegative = true
            } else if word.hasPrefix("-") {
                guard valueOptions.contains(word), index < arguments.count else {
                    options.append(word)
                    continue
                }
                let value = arguments[index]
                index += 1
                options.append(NegativeNumbers.looksNegative(value) ? "\(long(word))=\(value)" : word)
                if !NegativeNumbers.looksNegative(value) { options.append(value) }
            } else {
                positionals.append(word)
            }
        }
        let path = Array(arguments.prefix(pathLength))
        return path + options + (movedNegative ? ["--"] + positionals : positionals)
    }

    /// ArgumentParser takes `--name=value` for long names only; a short name keeps its long form.
    private func long(_ name: String) -> String {
        name.hasPrefix("--") ? name : (longNames[name] ?? name)
    }

    /// The long name of each short one.
    var longNames: [String: String] = [:]

    /// The shape of the command `arguments` select, from ArgumentParser's JSON description of it.
    static func describe(_ arguments: [String]) -> CommandShape? {
        let request = arguments + ["--experimental-dump-help"]
        let text: String
        do {
            _ = try Folio.parseAsRoot(request)
            return nil
        } catch {
            text = Folio.fullMessage(for: error)
        }
        guard let tool = try? JSONDecoder().decode(ToolDescription.self, from: Data(text.utf8)) else { return nil }
        let command = tool.command
        var shape = CommandShape(
            pathLength: max(0, (command.superCommands ?? []).count - 1) + 1, valueOptions: [], names: [])
        for argument in command.arguments ?? [] where argument.kind != "positional" {
            let names = (argument.names ?? []).map(\.spelled)
            shape.names.formUnion(names)
            if argument.kind == "option" { shape.valueOptions.formUnion(names) }
            if let long = names.first(where: { $0.hasPrefix("--") }) {
                for short in names where !short.hasPrefix("--") { shape.longNames[short] = long }
            }
        }
        return shape
    }

    /// The parts of ArgumentParser's `ToolInfoV0` JSON that say how a command is called.
    private struct ToolDescription: Decodable {
        var command: Command

        struct Command: Decodable {
            var superCommands: [String]?
            var arguments: [Argument]?
        }

        struct Argument: Decodable {
            var kind: String
            var names: [Name]?
        }

        struct Name: Decodable {
            var kind: String
            var name: String

            var spelled: String { kind == "long" ? "--\(name)" : "-\(name)" }
        }
    }
}
