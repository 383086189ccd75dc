import Failures
import Timing

/// `import`: every row of a balances file recorded in one transaction, or none.
public struct ImportService: Sendable {
    private let dependencies: NetWorthDependencies

    /// Creates the service.
    public init(_ dependencies: NetWorthDependencies) {
        self.dependencies = dependencies
    }

    /// Records `file`'s rows, creating the accounts rows name with a type; a bad row stores nothing.
    /// - Throws: ``FolioError`` naming the row's line for a row the rules refuse.
    public func importBalances(_ file: BalanceImport) async throws -> ImportOutcome {
        do {
            return try await dependencies.repository.importBalances(file, today: dependencies.today)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }
}
