import Foundation

/// Account names: trimmed, printable, unique ignoring Unicode normalisation and case; stored as typed.
public enum AccountName {
    /// The longest name accepted, so tables stay readable.
    public static let maximumLength = 60

    /// The key under which names clash: NFC first, so `Café` typed precomposed or with a combining accent is
    /// one name (the store compares keys byte for byte), then case- and width-insensitive, so `ISA` and `isa`
    /// are the same account; NFC again because folding may decompose.
    public static func fold(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
            .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil).precomposedStringWithCanonicalMapping
    }

    /// The name as it will be stored.
    /// - Throws: ``NetWorthError`` (malformed) when it is empty, too long or holds control characters.
    public static func validate(_ text: String) throws(NetWorthError) -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            throw NetWorthError(
                .malformed, "an account name cannot be empty", hint: "name it, for example \"Monzo Savings\"",
                field: "name")
        }
        guard name.count <= maximumLength else {
            throw NetWorthError(
                .malformed, "account name is too long", why: "\(name.count) characters; at most \(maximumLength)",
                field: "name")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw NetWorthError(.malformed, "account name \"\(name)\" holds control characters", field: "name")
        }
        return name
    }
}
