/// Formats the time left until an event as a compact countdown: `1h 02m`, `4m 05s`, `45s`, `-30s`.
///
/// The sign of a past event stays visible so a race that has just started reads `-30s`, not `30s`.
public enum CountdownFormat {
    /// The countdown for a whole number of seconds (negative once the event has passed).
    public static func string(seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : ""
        let magnitude = seconds.magnitude
        let hours = magnitude / 3600
        let minutes = (magnitude % 3600) / 60
        let secs = magnitude % 60
        if hours > 0 {
            return "\(sign)\(hours)h \(twoDigits(minutes))m"
        }
        if minutes > 0 {
            return "\(sign)\(minutes)m \(twoDigits(secs))s"
        }
        return "\(sign)\(secs)s"
    }

    /// The countdown for a duration, rounded toward negative infinity to whole seconds so a countdown
    /// never shows a second that has not yet fully begun.
    public static func string(_ duration: Duration) -> String {
        string(seconds: wholeSeconds(duration))
    }

    static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) - (attoseconds < 0 ? 1 : 0)
    }

    private static func twoDigits(_ value: UInt) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
