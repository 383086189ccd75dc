import Caching
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Racing
import Settings

/// The racing service as pages use it: built from the feature's context with the server's page policy, so a
/// page shows the saved board at once and never waits past the page deadline.
struct RacingPageServices: Sendable {
    let context: FeatureContext
    let environment: WebEnvironment

    /// The services of `environment`'s races context.
    /// - Throws: ``FolioError`` (unavailable) when the feature is disabled.
    init(_ environment: WebEnvironment) throws(FolioError) {
        guard let context = environment.featureContext else {
            throw FolioError(
                .unavailable, "the races feature is disabled",
                hint: "remove \"races\" from disabledFeatures in config.json")
        }
        self.context = context
        self.environment = environment
    }

    /// The next-to-go service; a saved board counts as fresh for one refresh interval of the live page.
    func nextToGo() throws -> NextToGoService {
        NextToGoService(
            http: context.http, store: context.store, timing: context.timing,
            settings: RacingSettings(
                baseURL: try context.configuration.url(RacingSettings.baseURLKey),
                freshness: min(.seconds(60), environment.refresh), refresh: environment.refresh),
            page: environment.pagePolicy)
    }

    /// The board `request` asks for, never from the network with `--offline`.
    /// - Parameter mode: ``FetchMode/normal`` for a page (the saved board when fresh, or at once while the service
    ///   is slow); ``FetchMode/refresh`` for the live stream, whose every event should be a new fetch.
    /// - Throws: ``FolioError`` for every failure, kernel errors mapped.
    func nextRaces(_ request: BoardRequest, mode: FetchMode = .normal) async throws(FolioError) -> NextRacesReport {
        do {
            return try await nextToGo().nextRaces(request, mode: context.offline ? .offline : mode)
        } catch {
            throw FolioError.from(error)
        }
    }
}
