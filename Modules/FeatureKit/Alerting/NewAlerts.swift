import AlertRules

/// Alerts added while a schedule runs (by `folio serve`'s forms): the schedule checks them at its next tick,
/// not at their kind's rate, so an alert added on a page fires in a second when its condition already holds.
public actor NewAlerts {
    private var pending = false

    /// Creates an empty record.
    public init() {}

    /// An alert was added.
    public func added() { pending = true }

    /// Whether an alert was added since the last call.
    public func take() -> Bool {
        defer { pending = false }
        return pending
    }
}
