import MarketData
import Synchronization

/// The market-data service of one process, built on first use and then handed to every context: one cache, one
/// rate limit and one request per symbol for every face that asks. A failure to build (bad settings) is not kept,
/// so a later context reports it again.
final class SharedMarketData: Sendable {
    private let built = Mutex<MarketDataService?>(nil)

    /// The service, built by `make` the first time.
    func service(_ make: () throws -> MarketDataService) throws -> MarketDataService {
        try built.withLock { built in
            if let built { return built }
            let service = try make()
            built = service
            return service
        }
    }
}
