import ArgumentParser
import Testing

@testable import RacingCommands

@Suite("races shell completion")
struct CompletionTests {
    @Test func categoryAndCountryValuesAreCompleted() {
        for shell in [CompletionShell.bash, .zsh, .fish] {
            let script = RacesCommand.completionScript(for: shell)
            for category in ["horse", "harness", "greyhound", "other"] {
                #expect(script.contains(category), "\(shell): \(category)")
            }
            #expect(script.contains("AUS") && script.contains("NZ"), "\(shell): countries")
        }
    }

    @Test func outputCompletesFileNames() {
        // --output is FeatureKit's shared option, so every feature's listings complete file names for it.
        let script = RacesCommand.completionScript(for: .zsh)
        #expect(script.contains("'--output[Write to this file instead of standard output.]:file:_files'"))
    }
}
