import Failures
import Foundation
import Timing

/// What a face other than the host's commands may do with the host's alerts (`folio serve`'s pages): list
/// them, add one a feature's form defined, remove one, and read the firings of this process. The host builds
/// it over its `alerts` namespace and says which alerts cannot be checked and which features are disabled.
public struct AlertDesk: Sendable {
    /// The firings of the running process, newest kept.
    public let feed: AlertFeed
    private let store: AlertStore
    private let timing: Timing
    private let problem: @Sendable (StoredAlert) -> FolioError?
    private let admit: @Sendable (String) throws -> Void

    /// Creates a desk.
    /// - Parameters:
    ///   - problem: Why an alert cannot be checked (its feature disabled or missing), nil when it can.
    ///   - admit: Refuses a new alert of a feature that is disabled.
    public init(
        store: AlertStore, feed: AlertFeed = AlertFeed(), timing: Timing,
        problem: @escaping @Sendable (StoredAlert) -> FolioError? = { _ in nil },
        admit: @escaping @Sendable (String) throws -> Void = { _ in }
    ) {
        self.store = store
        self.feed = feed
        self.timing = timing
        self.problem = problem
        self.admit = admit
    }

    /// Every alert, by number, with its state.
    public func listings() async throws -> [AlertListing] {
        try await store.list().map { AlertListing($0, problem: problem($0)) }
    }

    /// Stores an armed alert of `featureID`'s kind.
    /// - Throws: ``FolioError`` when the feature is disabled; nothing is stored then.
    public func add(_ definition: AlertDefinition, featureID: String) async throws -> StoredAlert {
        try admit(featureID)
        return try await store.add(definition, featureID: featureID, at: timing.now())
    }

    /// Alert `id`, if there is one.
    public func alert(_ id: Int) async throws -> StoredAlert? {
        try await store.list().first { $0.id == id }
    }

    /// Removes alert `id` and what of it still waits for the webhook.
    /// - Throws: ``FolioError`` (not found, field `id`).
    @discardableResult
    public func remove(_ id: Int) async throws -> StoredAlert {
        try await store.remove(id)
    }
}
