import FeatureKit
import Foundation
import Logging
import Networking
import NetworkingTesting
import Persistence
import PersistenceTesting
import Settings
import Timing
import TimingTesting

extension FeatureContext {
    /// A context for tests. Everything a test does not set fails loudly: the HTTP client and the store
    /// throw "unimplemented" errors, so a test that reaches the network or writes state without saying so fails.
    /// - Parameters:
    ///   - http: Defaults to a client that throws on any request.
    ///   - store: Defaults to a store that throws on any access.
    ///   - timing: Defaults to a manual clock and a wall clock pinned at 2023-11-14T22:13:20Z.
    public static func test(
        featureID: String = "test",
        http: any HTTPClient = UnimplementedHTTPClient(),
        store: (any KeyValueStore)? = nil,
        timing: Timing = .test(),
        configuration: Configuration = Configuration(),
        terminal: any Terminal = CapturedTerminal(),
        colorEnabled: Bool = false,
        offline: Bool = false,
        home: URL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("folio-test-home")
    ) -> FeatureContext {
        FeatureContext(
            featureID: featureID, http: http, store: store ?? UnimplementedStore(namespace: featureID),
            timing: timing, ticker: Ticker(clock: timing.clock), configuration: configuration, terminal: terminal,
            style: Style(colorEnabled: colorEnabled),
            logger: Logger(label: "folio.\(featureID)") { _ in SwiftLogNoOpLogHandler() },
            offline: offline, home: home)
    }
}
