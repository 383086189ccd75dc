/// The passwords guessed first: a shipped list of the most common ones, compared case-insensitively after
/// trimming, so `Password ` is as weak as `password`.
public enum CommonPasswords {
    /// Every listed password, lower-cased. Built on first use (a signup), never by other commands.
    public static let all: Set<String> = {
        // Embedded in the binary rather than read from a bundle beside it: a copied `folio` keeps working.
        let text = String(decoding: PackageResources.common_passwords_txt, as: UTF8.self)
        var passwords: Set<String> = []
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            passwords.insert(line.lowercased())
        }
        return passwords
    }()

    /// Whether `password` is on the list.
    public static func contains(_ password: String) -> Bool {
        all.contains(normalized(password))
    }

    static func normalized(_ password: String) -> String {
        var text = Substring(password)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text.lowercased()
    }
}
