import Failures

/// What loading the sample data stored.
public struct SampleLoaded: Codable, Sendable, Equatable {
    /// Accounts loaded.
    public var accounts: Int
    /// Balance updates loaded.
    public var updates: Int
    /// Exchange rates loaded.
    public var rates: Int
}

/// `sample`: a demo household ending today, from a fixed seed.
public struct SampleService: Sendable {
    private let dependencies: NetWorthDependencies

    /// Creates the service.
    public init(_ dependencies: NetWorthDependencies) {
        self.dependencies = dependencies
    }

    /// Replaces every account and rate with the sample (settings are kept).
    /// - Parameter force: Replace existing accounts or rates; without it they make this a refusal.
    public func load(force: Bool = false) async throws -> SampleLoaded {
        do {
            let repository = dependencies.repository
            let settings = try await repository.settings()
            let sample = SampleData.generate(today: dependencies.today, base: settings.baseCurrency)
            try await repository.load(sample, force: force)
            return SampleLoaded(
                accounts: sample.accounts.count, updates: sample.accounts.reduce(0) { $0 + $1.updates.count },
                rates: sample.rates.count)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }
}
