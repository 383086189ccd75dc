import FeatureKit

/// How a kind's alerts are added from outside the terminal (the `/alerts` forms, `POST /api/alerts`): its
/// fields and the parser the kind's `folio alerts add` command calls too, so both read input one way.
public struct AlertForm: Sendable {
    /// One field of the form.
    public struct Field: Sendable, Equatable {
        /// The field's name: the option's name without dashes (`above`).
        public var name: String
        /// Its label.
        public var label: String
        /// A line under it: what to type.
        public var hint: String
        /// An example value.
        public var placeholder: String
        /// Whether the field must be filled (a condition among several is not: the parser asks for one).
        public var required: Bool

        /// Creates a field.
        public init(_ name: String, label: String, hint: String = "", placeholder: String = "", required: Bool = false) {
            self.name = name
            self.label = label
            self.hint = hint
            self.placeholder = placeholder
            self.required = required
        }
    }

    /// The fields, in order.
    public let fields: [Field]
    /// Reads the input into what to store, checked against the feature's rules and data.
    /// - Throws: ``Failures/FolioError`` naming the field at fault; nothing is stored then.
    public let define: @Sendable (AlertInput, FeatureContext) async throws -> AlertDefinition

    /// Creates a form.
    public init(fields: [Field], define: @escaping @Sendable (AlertInput, FeatureContext) async throws -> AlertDefinition) {
        self.fields = fields
        self.define = define
    }
}
