import ArgumentParser
import Testing

@testable import ETFAnalyzerCommands

/// Shells complete price currencies and portfolio file names, not only subcommands.
@Suite("Shell completion")
struct CompletionTests {
    @Test("currencies and portfolio files", arguments: [CompletionShell.bash, .zsh, .fish])
    func currenciesAndFiles(shell: CompletionShell) {
        let script = ETFCommand.completionScript(for: shell)
        #expect(script.contains("SGD"))
        #expect(script.contains("txt"))
    }

    @Test("saved portfolio names for --saved and delete", arguments: [CompletionShell.bash, .zsh, .fish])
    func savedNames(shell: CompletionShell) {
        let script = ETFCommand.completionScript(for: shell)
        #expect(script.contains("folio etf list --format csv"))
    }
}
