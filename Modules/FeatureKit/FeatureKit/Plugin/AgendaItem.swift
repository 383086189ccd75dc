import Foundation

/// Something coming up that a feature wants on the household's overview (the next races): what, when and where to
/// look.
public struct AgendaItem: Sendable, Hashable, Codable {
    /// The feature it comes from.
    public var featureID: String
    /// What it is (`Race 4 at Flemington`).
    public var title: String
    /// A second line (`The Melbourne Cup · horse`); nil when none.
    public var detail: String?
    /// When it starts.
    public var startsAt: Date
    /// The page about it; nil when none.
    public var link: String?

    /// Creates an item.
    public init(featureID: String, title: String, detail: String?, startsAt: Date, link: String?) {
        self.featureID = featureID
        self.title = title
        self.detail = detail
        self.startsAt = startsAt
        self.link = link
    }
}

/// A plug-in's agenda: the next `limit` items with the feature's own context, soonest first.
public typealias AgendaReader = @Sendable (_ context: FeatureContext, _ limit: Int) async throws -> [AgendaItem]
