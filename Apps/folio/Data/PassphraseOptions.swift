import ArgumentParser
import Failures
import FeatureKit
import Foundation

/// Where a sealed file's passphrase comes from: typed at the terminal (twice when sealing), or the first line of
/// standard input with `--passphrase-stdin`, for scripts. Never an option's value, which `ps` and shell
/// history would show.
struct PassphraseOptions: ParsableArguments {
    @Flag(help: "Read the passphrase from the first line of standard input instead of asking at the terminal.")
    var passphraseStdin = false

    /// The passphrase for sealing (asked twice at a terminal, so a typo does not lock the file).
    func forSealing(on terminal: any Terminal) throws -> String {
        let passphrase = try read(prompt: "Passphrase for the file: ", on: terminal)
        guard passphrase.count >= 8 else {
            throw FolioError(
                .usage, "the passphrase is too short", why: "a sealed file needs at least 8 characters",
                hint: "a few unrelated words make a passphrase that is long and easy to type")
        }
        if !passphraseStdin {
            guard try read(prompt: "Again, to confirm: ", on: terminal) == passphrase else {
                throw FolioError(.usage, "the two passphrases differ; nothing was written")
            }
        }
        return passphrase
    }

    /// The passphrase for opening a sealed file.
    func forOpening(on terminal: any Terminal) throws -> String {
        try read(prompt: "Passphrase of the file: ", on: terminal)
    }

    private func read(prompt: String, on terminal: any Terminal) throws -> String {
        let line: String?
        if passphraseStdin {
            line = terminal.readLine()
        } else {
            guard terminal.inputIsInteractive else {
                throw FolioError(
                    .usage, "a sealed file needs a passphrase",
                    why: "standard input is not a terminal to type it at",
                    hint: "pass --passphrase-stdin and give the passphrase on standard input's first line")
            }
            line = terminal.readSecret(prompt: prompt)
        }
        guard let line, !line.isEmpty else {
            throw FolioError(.usage, "no passphrase was given", hint: "type it, or give it on standard input")
        }
        return line
    }
}
