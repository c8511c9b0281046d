import FoundationEssentials

/// A weigh-in that storage has confirmed: its weight, if it has one, and its other
/// measurements, each in its kind's canonical unit. Only a repository creates these.
public struct WeightEntry: Sendable, Equatable, Identifiable {
    /// The store's row id, shown to people as `#12`.
    public var id: Int64
    /// When it was weighed, to the millisecond.
    public var date: Date
    /// The weight, in kilograms; nil for an entry of other measurements alone (a waist).
    public var kilograms: Double?
    /// Every measurement other than the weight, by kind, in each kind's canonical unit.
    public var measurements: [KindID: Double]
    public var note: String
    /// The draft this entry was saved from; a retry of that draft finds it instead of writing twice.
    public var draftID: DraftID?
    /// Raised by every write; an edit saved against an older revision is refused.
    public var revision: Int64

    public init(
        id: Int64, date: Date, kilograms: Double?, measurements: [KindID: Double] = [:], note: String,
        draftID: DraftID? = nil, revision: Int64 = 1
    ) {
        self.id = id
        self.date = date
        self.kilograms = kilograms
        self.measurements = measurements
        self.note = note
        self.draftID = draftID
        self.revision = revision
    }

    /// The value of `kind`, the weight included; nil when the entry does not hold one.
    public func value(of kind: KindID) -> Double? { kind == .weight ? kilograms : measurements[kind] }

    /// Every kind the entry holds a value of, the weight first.
    public var kinds: [KindID] { (kilograms == nil ? [] : [.weight]) + measurements.keys.sorted() }

    /// True when the two describe the same weigh-in, whatever their ids.
    func hasSameContent(as other: NewWeightEntry) -> Bool {
        date == other.date && kilograms == other.kilograms && measurements == other.measurements
            && note == other.note
    }
}

/// A validated entry on its way to storage: everything but the id the store assigns.
public struct NewWeightEntry: Sendable, Equatable {
    public var date: Date
    public var kilograms: Double?
    public var measurements: [KindID: Double]
    public var note: String
    public var draftID: DraftID

    /// The date is kept to the millisecond, as the store keeps it.
    public init(
        date: Date, kilograms: Double?, measurements: [KindID: Double] = [:], note: String, draftID: DraftID
    ) {
        self.date = StoredTime.rounded(date)
        self.kilograms = kilograms
        self.measurements = measurements
        self.note = note
        self.draftID = draftID
    }
}

/// A change to a stored entry, made only if the entry is still at `expectedRevision`.
public struct EntryChange: Sendable, Equatable {
    public var id: Int64
    public var date: Date
    public var kilograms: Double?
    /// The entry's measurements other than weight as they are to be: all of them, not a difference.
    public var measurements: [KindID: Double]
    public var note: String
    /// The revision the change was made from; nil changes whatever is stored.
    public var expectedRevision: Int64?
    /// The change's identity, recorded with it, so a retry never applies it twice.
    public var operation: OperationID

    public init(
        id: Int64, date: Date, kilograms: Double?, measurements: [KindID: Double] = [:], note: String,
        expectedRevision: Int64?, operation: OperationID
    ) {
        self.id = id
        self.date = StoredTime.rounded(date)
        self.kilograms = kilograms
        self.measurements = measurements
        self.note = note
        self.expectedRevision = expectedRevision
        self.operation = operation
    }
}
