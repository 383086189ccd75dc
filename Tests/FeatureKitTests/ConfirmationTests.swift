import Failures
import FeatureKit
import FeatureKitTesting
import Testing

@Suite struct ConfirmationTests {
    @Test func yesAgreesWithoutAsking() throws {
        let terminal = CapturedTerminal()
        #expect(try Confirmation.ask("Delete it?", action: "deleting it", yes: true, terminal: terminal))
        #expect(terminal.errors.isEmpty)
    }

    @Test func withoutATerminalEveryCommandRefusesWithExitOneAndTheSameHint() {
        let error = #expect(throws: FolioError.self) {
            try Confirmation.ask("Delete it?", action: "deleting \"Core\"", yes: false, terminal: CapturedTerminal())
        }
        #expect(error?.exitCode == 1)
        #expect(error == FolioError.confirmationNeeded(action: "deleting \"Core\""))
        #expect(
            error?.description == """
                error: not deleting "Core" without confirmation — standard input is not a terminal to ask on
                hint: pass --yes to confirm
                """)
    }

    @Test(arguments: [("y", true), ("YES", true), (" yes ", true), ("n", false), ("", false), ("sure", false)])
    func asksOnATerminal(answer: String, agreed: Bool) throws {
        let terminal = CapturedTerminal(interactive: true, input: [answer])
        #expect(try Confirmation.ask("Delete it?", action: "deleting it", yes: false, terminal: terminal) == agreed)
        #expect(terminal.errors == "Delete it? [y/N] ")
    }

    @Test func endOfInputDeclines() throws {
        #expect(
            try !Confirmation.ask(
                "Delete it?", action: "deleting it", yes: false, terminal: CapturedTerminal(interactive: true)))
    }

    @Test func requireRefusesADeclineWithExitOne() {
        let terminal = CapturedTerminal(interactive: true, input: ["n"])
        let error = #expect(throws: FolioError.self) {
            try Confirmation.require("Remove it?", action: "removing \"Savings\"", yes: false, terminal: terminal)
        }
        #expect(error?.exitCode == 1)
        #expect(error?.description == "error: not removing \"Savings\" — not confirmed")
    }
}
