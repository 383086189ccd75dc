import FeatureKitTesting
import Foundation
import Testing

/// One date parser, one wording: every date option refuses a bad date naming the accepted form with an example
/// (exit 64), never in ArgumentParser's own words.
@Suite struct DateWordingEndToEndTests {
    @Test(arguments: [
        (["funds", "sip", "122639", "--amount", "5000", "--from", "2024-01"], "--from \"2024-01\" is not a date"),
        (["funds", "history", "122639", "--from", "2024/01/05"], "--from \"2024/01/05\" is not a date"),
        (["funds", "nav", "122639", "--on", "yesterday"], "--on \"yesterday\" is not a date"),
    ])
    func aBadDateNamesTheAcceptedForm(arguments: [String], refusal: String) async throws {
        try await FolioBinary.withTemporaryHome { home in
            let result = try await FolioBinary.run(["--offline"] + arguments, home: home)
            #expect(result.exitCode == 64, "\(result.stderr)")
            #expect(result.stderr.contains("error: \(refusal)"), "\(result.stderr)")
            #expect(result.stderr.contains("hint: for example --"), "\(result.stderr)")
            #expect(!result.stderr.contains("The value"), "ArgumentParser's wording: \(result.stderr)")
        }
    }
}
