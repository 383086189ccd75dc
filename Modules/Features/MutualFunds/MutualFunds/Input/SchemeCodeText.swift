import Foundation

/// A scheme code as a person types it, read one way by every face: digits only (AMFI's codes are whole numbers of
/// at most nine digits), no sign, no spaces inside, more than zero.
public enum SchemeCodeText {
    /// The code in `text` (spaces around it allowed), or nil when it is not one.
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 9, trimmed.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }),
            let value = Int(trimmed), value > 0
        else { return nil }
        return value
    }
}
