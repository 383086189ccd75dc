import ArgumentParser

/// The command a command line names and the long options it takes, as its help lists them.
///
/// Read from the help screen because ArgumentParser keeps its argument definitions internal; only a command line
/// that failed to parse needs them, so the cost of rendering the help is paid only then.
struct CommandOptions {
    /// The words that named the command (`["funds", "sip"]`).
    let path: [String]
    /// The command those words name.
    let command: any ParsableCommand.Type
    /// Every long option's spelling (`--amount`, `--refresh`, `--no-refresh`).
    let names: Set<String>
    /// The long options that take a value (`--amount <rupees>`).
    let takingValues: Set<String>

    /// The deepest command `arguments` name, and its options.
    init(arguments: [String]) {
        var command: any ParsableCommand.Type = Folio.self
        var path: [String] = []
        for word in arguments {
            guard
                let next = command.configuration.subcommands.first(where: {
                    Self.name(of: $0) == word || $0.configuration.aliases.contains(word)
                })
            else { break }
            command = next
            path.append(word)
        }
        self.path = path
        self.command = command
        var names: Set<String> = []
        var takingValues: Set<String> = []
        let help = Folio.helpMessage(for: command, includeHidden: true, columns: 10_000)
        // Only the lines that define options: descriptions may mention other commands' options.
        for line in help.split(separator: "\n") where line.drop(while: { $0 == " " }).hasPrefix("-") {
            let definition = line.drop(while: { $0 == " " }).split(separator: "  ", maxSplits: 1).first ?? ""
            let words = definition.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "/" })
            for (index, word) in words.enumerated() where word.hasPrefix("--") {
                names.insert(String(word))
                if index + 1 < words.count, words[index + 1].hasPrefix("<") { takingValues.insert(String(word)) }
            }
        }
        self.names = names
        self.takingValues = takingValues
    }

    /// The first long option typed before `--` that the command does not take, with the nearest it does take.
    func unknownOption(in arguments: [String]) -> (typed: String, nearest: String?)? {
        for word in arguments.prefix(while: { $0 != "--" }) where word.hasPrefix("--") && word.count > 2 {
            let name = String(word.split(separator: "=", maxSplits: 1).first ?? "")
            guard !names.contains(name) else { continue }
            let nearest = names.map { (name: $0, distance: Self.distance(name, $0)) }
                .filter { $0.distance <= max(1, min(3, (name.count - 2) / 3)) }
                .min { ($0.distance, $0.name) < ($1.distance, $1.name) }
            return (name, nearest?.name)
        }
        return nil
    }

    /// The Levenshtein distance (adjacent letters swapped count as one edit).
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The word that names `command` on the command line: its declared name, else its type's name in kebab case, as
    /// ArgumentParser derives it (read through the public configuration, not its underscored property).
    static func name(of command: any ParsableCommand.Type) -> String {
        if let declared = command.configuration.commandName { return declared }
        var words = ""
        for (index, character) in String(describing: command).enumerated() {
            if character.isUppercase, index > 0 { words.append("-") }
            words.append(Character(character.lowercased()))
        }
        return words
    }
}
