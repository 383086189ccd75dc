import Failures
import FeatureCLI
import FeatureKit
import Foundation
import NetWorth
import Persistence
import Timing

/// What every networth command works with, built once from the context: the domain services' dependencies,
/// the repository over the feature's store, today's date, the terminal and the style.
struct NetWorthServices {
    let context: FeatureContext
    let dependencies: NetWorthDependencies
    let repository: NetWorthRepository
    /// Today in the local time zone: the default date of updates and rates, and the end of reports.
    let today: CalendarDate

    /// - Parameter decoded: Accounts and rates decoded before, reused while the store returns the same bytes.
    init(context: FeatureContext, decoded: DecodedRecords? = nil) {
        self.context = context
        let directory = context.valueSources
        dependencies = NetWorthDependencies(
            store: context.store, timing: context.timing, decoded: decoded,
            sources: LinkedSources(
                check: { try await directory.check($0) }, read: { await directory.read($0) },
                currency: { directory.currency(of: $0) }))
        repository = NetWorthRepository(store: context.store, decoded: decoded)
        today = dependencies.today
    }

    var terminal: any Terminal { context.terminal }
    var style: Style { context.style }

    /// Runs a command's work, turning domain errors into the ``FolioError`` users see (malformed text →
    /// usage, 64; refused → 1; damaged data → 65).
    func run(_ work: (NetWorthServices) async throws -> Void) async throws {
        do {
            try await work(self)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }
}
