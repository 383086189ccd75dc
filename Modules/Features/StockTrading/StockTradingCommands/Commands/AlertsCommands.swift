import ArgumentParser
import FeatureKit
import Foundation
import StockTrading
import Timing

struct AlertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts",
        abstract: "Price alerts that fire when a price crosses a level.",
        discussion: """
            An alert fires once, in the check where the price crosses its level compared with the previous \
            check (or with the price when it was added or re-armed): above fires when previous < level ≤ now, \
            below when previous > level ≥ now. It then stays fired until re-armed. Stale prices fire nothing.

            Examples:
              folio stocks alerts add AAPL --above 180
              folio stocks alerts check --watch --interval 1m
            """,
        subcommands: [
            AlertsAddCommand.self, AlertsListCommand.self, AlertsRemoveCommand.self, AlertsRearmCommand.self,
            AlertsCheckCommand.self,
        ])
}
