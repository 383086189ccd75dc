import ArgumentParser
import Testing

@testable import NetWorthCommands

/// Shells complete currency codes and file names, not only subcommands.
@Suite struct CompletionTests {
    @Test(arguments: [CompletionShell.bash, .zsh, .fish])
    func currenciesAndFiles(shell: CompletionShell) {
        let script = NetWorthCommand.completionScript(for: shell)
        // Every currency code folio accepts, e.g. the rare ones no other list has.
        #expect(script.contains("XAU"))
        #expect(script.contains("ZMW"))
        // SVG charts and CSV imports complete file names of their kind.
        #expect(script.contains("svg"))
        #expect(script.contains("csv"))
        // Account types complete by their names.
        #expect(script.contains("foreign-currency"))
    }
}
