import Foundation

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs: `trimmingCharacters(in: .whitespaces)`'s result.
    ///
    /// That method goes through `NSString`, and its first use in a process sets up CoreFoundation's
    /// character sets: 2–3 % of a short command, for one setting or argument.
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        let visible = { (scalar: Unicode.Scalar) in !CharacterSet.whitespaces.contains(scalar) }
        guard let first = scalars.firstIndex(where: visible), let last = scalars.lastIndex(where: visible) else {
            return ""
        }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
