import Failures
import FeatureKit

/// The global options taken out of the command line, wherever they appear before `--`.
struct GlobalArguments: Equatable {
    var home: String?
    var databaseURL: String?
    var offline = false
    var noColor = false
    var verbose = false
    /// Everything else, in order, for ArgumentParser.
    var remaining: [String] = []

    /// Splits `arguments` into global options and the rest.
    /// - Throws: ``FolioError`` (usage) when `--home` has no value.
    static func split(_ arguments: [String]) throws -> GlobalArguments {
        var result = GlobalArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--":
                result.remaining += arguments[index...]
                return result
            case "--offline": result.offline = true
            case "--no-color", "--no-colour": result.noColor = true
            case "-v", "--verbose": result.verbose = true
            case "--home":
                guard index + 1 < arguments.count else {
                    throw FolioError(.usage, "--home needs a directory", hint: "folio --home ~/folio-data features")
                }
                result.home = arguments[index + 1]
                index += 1
            case "--database-url":
                guard index + 1 < arguments.count else {
                    throw FolioError(
                        .usage, "--database-url needs a URL",
                        hint: "folio --database-url postgres://user@host:5432/folio stocks portfolio")
                }
                result.databaseURL = arguments[index + 1]
                index += 1
            default:
                if argument.hasPrefix("--database-url=") {
                    result.databaseURL = String(argument.dropFirst("--database-url=".count))
                } else if argument.hasPrefix("--home=") {
                    result.home = String(argument.dropFirst("--home=".count))
                } else {
                    result.remaining.append(argument)
                }
            }
            index += 1
        }
        return result
    }
}
