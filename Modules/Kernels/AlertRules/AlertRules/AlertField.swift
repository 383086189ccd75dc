/// One input of an alert kind: a `folio alerts add KIND` option and a field of the `/alerts` form at once (the
/// option is `--` and the name), declared by the domain that parses it.
public struct AlertField: Sendable, Equatable {
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
