/// What the trace last saw of one editor's draft, kept only while the trace is on, so each
/// edit tells the typed fields it changed without the editor's `draft` reading `oldValue`:
/// a `didSet` that reads it copies the whole draft on every edit, with the trace off too
/// (an import draft holds every row). Opened while the trace is on, the editor starts from
/// its draft; with the trace turned on while a draft is open, the first change tells every
/// typed field the draft keeps.
struct TracedFields {
    private var seen: DraftRecord?

    /// Starts from `record` when the trace is on.
    init(_ record: @autoclosure () -> DraftRecord, tracing: Bool) {
        seen = tracing ? record() : nil
    }

    /// The typed fields that differ from what was last seen, remembering `record`; none, and
    /// nothing kept, while the trace is off.
    mutating func changes(to record: @autoclosure () -> DraftRecord, tracing: Bool) -> [TraceField] {
        guard tracing else {
            seen = nil
            return []
        }
        let now = record()
        defer { seen = now }
        return now.typedChanges(since: seen)
    }
}
