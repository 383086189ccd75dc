/// What reading a named value source gave: its value, nothing to value yet, or why it could not be read.
///
/// A reader never throws for a source that is down: the consumer decides what to show instead (the last value
/// it recorded), so one missing source never hides the rest of a report.
public enum SourceReading: Sendable, Hashable {
    /// The source's current (or stale) value.
    case value(SourcedValue)
    /// The source exists but has nothing to value (a funds portfolio with no holdings), with why.
    case nothing(String)
    /// The source could not be read (its feature disabled, its service down, the thing it names gone), with why.
    case unavailable(String)
}
