/// Whether the command line being parsed could ask for a shell completion script.
///
/// Before parsing, ArgumentParser tries the whole command line against two pseudo-commands, to find
/// `--generate-completion-script` with or without a value. Building those commands reflects over them, and
/// the protocol-conformance lookups only they need (each a scan of every conformance record in the binary on
/// Linux) came to 1.3 M instructions, 8 % of `folio --version`. ArgumentParser skips that check for a command
/// with a super-command, so while
/// the host parses a command line that does not contain the option, the root reports one. The name is read
/// only by that check during parsing; usage lines and help are generated after parsing, outside this scope,
/// and keep `folio` as the tool name.
enum CompletionScriptRequest {
    @TaskLocal static var isRuledOut = false

    static func isPossible(in arguments: [String]) -> Bool {
        arguments.contains { $0.hasPrefix("--generate-completion-script") }
    }
}
