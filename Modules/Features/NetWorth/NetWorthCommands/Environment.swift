import FeatureKit
import Foundation
import NetWorth
import Timing

/// What every networth command works with: the context, the repository and today's date.
struct NetWorthEnvironment {
    let context: FeatureContext
    let repository: NetWorthRepository
    /// Today in the local time zone: the default date of updates and rates, and the end of reports.
    let today: CalendarDate

    init(_ context: FeatureContext) {
        self.context = context
        repository = NetWorthRepository(store: context.store)
        today = CalendarDate(context.timing.now(), in: .current)
    }

    var terminal: any Terminal { context.terminal }
    var style: Style { context.style }

    /// The width tables are fitted to: the terminal's, or unlimited when output goes to a pipe or file,
    /// where shortened names would only lose information.
    func tableWidth(_ formatting: FormatOptions) -> Int {
        context.terminal.isInteractive && (formatting.output ?? "-") == "-" ? context.terminal.width : .max
    }
}

/// A networth leaf command: its work runs with a ``NetWorthEnvironment`` and domain errors become the
/// ``FolioError`` users see (malformed text → usage, 64; refused → 1; damaged data → 65).
protocol NetWorthLeafCommand: FeatureCommand {
    func execute(in environment: NetWorthEnvironment) async throws
}

extension NetWorthLeafCommand {
    func run(in context: FeatureContext) async throws {
        do {
            try await execute(in: NetWorthEnvironment(context))
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }
}

extension FolioError {
    /// The user-facing form of a domain error.
    init(_ error: NetWorthError) {
        let kind: FolioError.Kind =
            switch error.kind {
            case .malformed: .usage
            case .refused: .refused
            case .corrupt: .dataError
            }
        self.init(kind, error.what, why: error.why, hint: error.hint)
    }
}
