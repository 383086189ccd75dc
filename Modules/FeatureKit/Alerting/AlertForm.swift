import AlertRules
import FeatureKit

/// How a kind's alerts are added from outside the terminal (the `/alerts` forms, `POST /api/alerts`): its
/// fields and the parser the kind's `folio alerts add` command calls too, so both read input one way.
public struct AlertForm: Sendable {
    /// One field of the form (declared by the domain that parses it).
    public typealias Field = AlertField

    /// The form's heading (`Net worth`); nil for the kind's name, capitalised.
    public let title: String?
    /// The fields, in order.
    public let fields: [Field]
    /// Reads the input into what to store, checked against the feature's rules and data.
    /// - Throws: ``Failures/FolioError`` naming the field at fault; nothing is stored then.
    public let define: @Sendable (AlertInput, FeatureContext) async throws -> AlertDefinition

    /// Creates a form.
    public init(
        title: String? = nil, fields: [Field],
        define: @escaping @Sendable (AlertInput, FeatureContext) async throws -> AlertDefinition
    ) {
        self.title = title
        self.fields = fields
        self.define = define
    }
}
