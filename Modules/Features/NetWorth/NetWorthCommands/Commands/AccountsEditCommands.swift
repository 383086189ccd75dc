import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import NetWorth
import Timing

/// `folio networth accounts rename OLD NEW`
struct AccountsRenameCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename an account (its history is kept).",
        discussion: """
            The new name must not belong to another account, comparing names in Unicode NFC and ignoring case \
            (so "Café" typed with a combining accent is the same name); changing only the case is allowed.

            Examples:
              folio networth accounts rename "Monzo" "Monzo Savings"
              folio networth accounts rename isa ISA
            """)

    @Argument(help: "The current name (any case).")
    var name: String

    @Argument(help: "The new name.")
    var newName: String

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let (before, after) = try await AccountService(services.dependencies).rename(name, to: newName)
        services.terminal.print("Renamed \"\(before.name)\" to \"\(after.name)\".")
    }
}

/// `folio networth accounts remove NAME [--yes]`
struct AccountsRemoveCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove an account and all of its balance updates.",
        discussion: """
            Asks for confirmation on a terminal; scripts pass --yes. Without a terminal and without --yes \
            nothing is removed (exit 1).

            Examples:
              folio networth accounts remove "Old Current Account"
              folio networth accounts remove "Old Current Account" --yes
            """)

    @Argument(help: "The account's name (any case).")
    var name: String

    @Flag(help: "Remove without asking.")
    var yes = false

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let accounts = AccountService(services.dependencies)
        let account = try await accounts.account(named: name)
        let count = account.updates.count
        let updates = "\(count) balance update\(count == 1 ? "" : "s")"
        try Confirmation.require(
            "Remove \"\(account.name)\" and its \(updates)?", action: "removing \"\(account.name)\"", yes: yes,
            terminal: services.terminal)
        let removed = try await accounts.remove(named: account.name)
        services.terminal.print("Removed \"\(removed.name)\" and its \(updates).")
    }
}

/// `folio networth accounts exclude NAME`
struct AccountsExcludeCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "exclude",
        abstract: "Leave an account out of net worth (its history is kept).",
        discussion: """
            An excluded account still shows in lists and history but adds nothing to assets or debts.

            Examples:
              folio networth accounts exclude "Joint Account"
              folio networth summary
            """)

    @Argument(help: "The account's name (any case).")
    var name: String

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let result = try await AccountService(services.dependencies).setIncluded(false, named: name)
        services.terminal.print(
            result.changed
                ? "Excluded \"\(result.account)\" from net worth." : "\"\(result.account)\" was already excluded.")
    }
}

/// `folio networth accounts include NAME`
struct AccountsIncludeCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "include",
        abstract: "Count an excluded account in net worth again.",
        discussion: """
            Pensions and mortgages also follow the pension and mortgage toggles (`folio networth settings`).

            Examples:
              folio networth accounts include "Joint Account"
              folio networth accounts list
            """)

    @Argument(help: "The account's name (any case).")
    var name: String

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let result = try await AccountService(services.dependencies).setIncluded(true, named: name)
        services.terminal.print(
            result.changed
                ? "Included \"\(result.account)\" in net worth." : "\"\(result.account)\" was already included.")
    }
}

/// `folio networth accounts note NAME [TEXT]`
struct AccountsNoteCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Set or clear an account's note.",
        discussion: """
            Without TEXT the note is cleared.

            Examples:
              folio networth accounts note "Monzo Savings" "Emergency fund, 6 months of spending"
              folio networth accounts note "Monzo Savings"
            """)

    @Argument(help: "The account's name (any case).")
    var name: String

    @Argument(help: "The note; omit to clear it.")
    var text: String?

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let note = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        let account = try await AccountService(services.dependencies).setNote(note, named: name)
        services.terminal.print(
            account.note == nil
                ? "Cleared the note of \"\(account.name)\"." : "Noted on \"\(account.name)\": \(account.note!)")
    }
}
