import Failures

/// Which way an order goes.
public enum TradeSide: String, Codable, Sendable, CaseIterable {
    /// Pay cash for shares.
    case buy
    /// Turn shares into cash.
    case sell

    /// The side a person typed or a form sent.
    /// - Throws: ``FolioError`` (invalid, field `side`) for anything but `buy` or `sell`, missing included:
    ///   an order must never default to a side.
    public init(parsing text: String?) throws {
        guard let text, let side = TradeSide(rawValue: text.lowercased()) else {
            throw FolioError(
                .invalid, "invalid side \"\(text ?? "")\"", why: "an order is buy or sell", field: "side")
        }
        self = side
    }
}

extension PriceAlert.Direction {
    /// The direction a person typed or a form sent.
    /// - Throws: ``FolioError`` (invalid, field `direction`) for anything but `above` or `below`, missing included.
    public init(parsing text: String?) throws {
        guard let text, let direction = PriceAlert.Direction(rawValue: text.lowercased()) else {
            throw FolioError(
                .invalid, "invalid direction \"\(text ?? "")\"", why: "an alert fires above or below its level",
                field: "direction")
        }
        self = direction
    }
}
