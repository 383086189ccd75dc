import ArgumentParser
import Failures
import FeatureKit

/// `--password-stdin`: passwords come from a prompt without echo, or from one line of standard input for
/// scripts; never from a flag's value, which would end up in shell history and `ps`.
struct PasswordOptions: ParsableArguments {
    @Flag(help: "Read the password from the first line of standard input instead of prompting.")
    var passwordStdin = false

    /// The password, prompted without echo (twice when `confirm`) or read from standard input.
    /// - Returns: The password and its confirmation (the same text with `--password-stdin`).
    func read(from terminal: any Terminal, confirm: Bool) throws -> (password: String, confirmation: String) {
        if passwordStdin {
            guard let line = terminal.readLine() else {
                throw FolioError(
                    .usage, "no password on standard input", why: "--password-stdin reads one line and found none")
            }
            return (line, line)
        }
        guard let password = terminal.readSecret(prompt: "Password: ") else {
            throw FolioError(
                .usage, "no password given", why: "input ended before a password was typed",
                hint: "use --password-stdin in scripts")
        }
        guard confirm else { return (password, password) }
        guard let confirmation = terminal.readSecret(prompt: "Confirm password: ") else {
            throw FolioError(
                .usage, "no password confirmation given", why: "input ended before the password was repeated")
        }
        return (password, confirmation)
    }
}
