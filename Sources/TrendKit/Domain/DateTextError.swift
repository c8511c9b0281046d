/// Why typed date text names no moment trendsh can keep. Every feature that reads a date a
/// person types (an entry's, a habit's day) wraps this in its own error.
public enum DateTextError: Error, Equatable, Sendable {
    /// The text is not one of the accepted forms.
    case unreadable(String)
    /// The date is outside the years 1900–9999.
    case outOfRange(String)
    /// The local time does not exist: the clocks went forward over it.
    case nonexistentLocalTime(String)
}
