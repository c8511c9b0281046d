/// The session of the attempt in progress, read by the reader's completion (entry numbers,
/// habit names) while attempts come and go.
@MainActor
public final class PracticeSession {
    public var session: Session?
    public init() {}
}
