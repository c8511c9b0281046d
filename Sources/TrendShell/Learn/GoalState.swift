/// What a goal is decided on: the store's entries, the open draft, the changes waiting for
/// the store, whose log the session works on, and each command the learner ran with whether
/// it failed. The exercise runner
/// reads it from the session's features (TrendKit), never from printed output.
public struct GoalState: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var id: Int64
        public var kilograms: Double?
        public var note: String
        public init(id: Int64, kilograms: Double?, note: String = "") {
            self.id = id
            self.kilograms = kilograms
            self.note = note
        }
    }

    /// The open draft: its weight (kilograms, when the typed value reads as one), the value
    /// as typed, its note, and whether it has unsaved changes.
    public struct Draft: Equatable, Sendable {
        public var kilograms: Double?
        public var value: String
        public var note: String
        public var unsaved: Bool
        public init(kilograms: Double?, value: String, note: String = "", unsaved: Bool) {
            self.kilograms = kilograms
            self.value = value
            self.note = note
            self.unsaved = unsaved
        }
    }

    /// One command the learner ran: its name (`save`) and whether it failed.
    public struct Event: Equatable, Sendable {
        public var command: String
        public var failed: Bool
        public init(command: String, failed: Bool) {
            self.command = command
            self.failed = failed
        }
    }

    public var entries: [Entry]
    public var draft: Draft?
    public var pending: Int
    public var events: [Event]
    /// The person whose log the session works on (`person`), empty before the store says.
    public var person: String

    public init(
        entries: [Entry] = [], draft: Draft? = nil, pending: Int = 0, events: [Event] = [], person: String = ""
    ) {
        self.entries = entries
        self.draft = draft
        self.pending = pending
        self.events = events
        self.person = person
    }
}
