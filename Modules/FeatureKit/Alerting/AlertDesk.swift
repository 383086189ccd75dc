import AlertRules
import Failures
import FeatureKit
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
    private let context: @Sendable (String) throws -> FeatureContext
    /// The kinds the registered plug-ins contribute that have a form, in the registry's order.
    public let kinds: [AlertKind]
    /// Where additions are recorded for the schedule running beside the pages.
    private let newAlerts: NewAlerts?

    /// Creates a desk.
    /// - Parameters:
    ///   - kinds: The kinds the host knows; those with a form can be added through ``add(kind:input:)``.
    ///   - context: A feature's context, which its kind's form reads the feature's data through.
    ///   - problem: Why an alert cannot be checked (its feature disabled or missing), nil when it can.
    ///   - admit: Refuses a new alert of a feature that is disabled.
    ///   - newAlerts: Told of each alert added, so the schedule beside the pages checks it at its next tick.
    public init(
        store: AlertStore, feed: AlertFeed = AlertFeed(), timing: Timing, kinds: [AlertKind] = [],
        newAlerts: NewAlerts? = nil,
        context: @escaping @Sendable (String) throws -> FeatureContext = {
            throw FolioError(.unavailable, "the \($0) feature is not available here")
        },
        problem: @escaping @Sendable (StoredAlert) -> FolioError? = { _ in nil },
        admit: @escaping @Sendable (String) throws -> Void = { _ in }
    ) {
        self.store = store
        self.feed = feed
        self.timing = timing
        self.kinds = kinds.filter { $0.form != nil }
        self.newAlerts = newAlerts
        self.context = context
        self.problem = problem
        self.admit = admit
    }

    /// Stores an armed alert of kind `name` read from `input` by the kind's form, the parser its
    /// `folio alerts add` command uses too.
    /// - Throws: ``FolioError``: an unknown kind (field `kind`), the feature disabled, or the input refused
    ///   naming its field; nothing is stored then.
    public func add(kind name: String, input: AlertInput) async throws -> StoredAlert {
        guard let kind = kinds.first(where: { $0.name == name }), let form = kind.form else {
            throw FolioError(
                .invalid, "no alert kind \"\(name)\"",
                why: "the kinds are \(kinds.map(\.name).joined(separator: ", "))",
                field: "kind")
        }
        try admit(kind.featureID)
        return try await add(try await form.define(input, try context(kind.featureID)), featureID: kind.featureID)
    }

    /// Every alert, by number, with its state.
    public func listings() async throws -> [AlertListing] {
        try await store.list().map { AlertListing($0, problem: problem($0)) }
    }

    /// Stores an armed alert of `featureID`'s kind.
    /// - Throws: ``FolioError`` when the feature is disabled; nothing is stored then.
    public func add(_ definition: AlertDefinition, featureID: String) async throws -> StoredAlert {
        try admit(featureID)
        let added = try await store.add(definition, featureID: featureID, at: timing.now())
        await newAlerts?.added()
        return added
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
