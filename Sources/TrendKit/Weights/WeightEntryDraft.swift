import FoundationEssentials

/// What a person is typing: the value is text, possibly incomplete or invalid, kept exactly
/// as typed, with the unit it was typed in. Only `WeightLog.save` turns a draft into
/// confirmed data.
public struct WeightEntryDraft: Sendable, Equatable {
    /// The longest note accepted, in characters, after trimming.
    public static let maximumNoteLength = 500

    public var id: DraftID
    public var date: Date
    /// The weight as typed; it may name its own unit (`165 lb`).
    public var value: String
    /// The unit the value is read in, unless it names its own: the unit in force when it was typed.
    public var unit: WeightUnit
    public var note: String
    /// The measurements other than weight, as typed, each with the unit it was typed in.
    public var measurements: [KindID: TypedMeasurement]
    /// The entry this draft edits; nil for a new entry.
    public var editing: EditedEntry?
    /// The fields as the draft was opened; anything else is an unsaved change.
    public var opened: Fields

    /// One measurement as typed: the text, kept exactly, and the unit it is read in unless it
    /// names its own (the unit in force when it was typed).
    public struct TypedMeasurement: Sendable, Equatable {
        public var text: String
        public var unit: MeasureUnit

        public init(text: String, unit: MeasureUnit) {
            self.text = text
            self.unit = unit
        }
    }

    /// The fields a person changes.
    public struct Fields: Sendable, Equatable {
        public var date: Date
        public var value: String
        public var unit: WeightUnit
        public var note: String
        public var measurements: [KindID: TypedMeasurement]

        public init(
            date: Date, value: String, unit: WeightUnit, note: String, measurements: [KindID: TypedMeasurement] = [:]
        ) {
            self.date = date
            self.value = value
            self.unit = unit
            self.note = note
            self.measurements = measurements
        }
    }

    /// A new draft.
    public init(id: DraftID = .make(), date: Date, value: String = "", unit: WeightUnit = .kilograms, note: String = "")
    {
        self.id = id
        self.date = date
        self.value = value
        self.unit = unit
        self.note = note
        measurements = [:]
        editing = nil
        opened = Fields(date: date, value: "", unit: unit, note: "")
    }

    /// A draft prefilled from `entry`, its weight shown in `unit` and each other measurement
    /// in the unit `unitOf` gives its kind, with up to two decimals.
    public init(
        id: DraftID = .make(), editing entry: WeightEntry, unit: WeightUnit,
        unitOf: (KindID) -> MeasureUnit = { _ in .kilograms }
    ) {
        self.id = id
        let value = entry.kilograms.map { DecimalText.shortest(unit.value(fromKilograms: $0)) } ?? ""
        date = entry.date
        self.value = value
        self.unit = unit
        note = entry.note
        var typed: [KindID: TypedMeasurement] = [:]
        for (kind, canonical) in entry.measurements {
            let shownIn = unitOf(kind)
            typed[kind] = TypedMeasurement(
                text: DecimalText.shortest(shownIn.value(fromCanonical: canonical)), unit: shownIn)
        }
        measurements = typed
        editing = EditedEntry(
            id: entry.id, revision: entry.revision, prefilledKilograms: entry.kilograms,
            prefilledMeasurements: entry.measurements)
        opened = Fields(date: entry.date, value: value, unit: unit, note: entry.note, measurements: typed)
    }

    /// The fields as they are now.
    public var fields: Fields {
        Fields(date: date, value: value, unit: unit, note: note, measurements: measurements)
    }

    /// True when the draft differs from how it was opened. A value's unit matters only
    /// when there is a value, and a value that names its own unit needs no other.
    public var hasUnsavedChanges: Bool {
        date != opened.date || value != opened.value || note != opened.note
            || (!value.isEmpty && WeightText(value).unit == nil && unit != opened.unit)
            || measurementsChanged
    }

    /// True when a measurement other than weight differs from how the draft was opened (its
    /// text, or its unit where the text names none).
    private var measurementsChanged: Bool {
        guard measurements != opened.measurements else { return false }
        for kind in Set(measurements.keys).union(opened.measurements.keys) {
            guard let now = measurements[kind], let then = opened.measurements[kind], now.text == then.text else {
                return true
            }
            if now.unit != then.unit && MeasurementText(now.text).unit == nil { return true }
        }
        return false
    }

    /// True when the value is the one trendsh filled in, unchanged: it stands for the stored
    /// weight exactly, whatever rounding the text shows.
    public var valueIsAsPrefilled: Bool {
        editing?.prefilledKilograms != nil && value == opened.value && unit == opened.unit
    }

    /// True when a value of kind `id` is typed in the draft (text that is not blank).
    public func holdsValue(of id: KindID) -> Bool {
        guard let typed = measurements[id] else { return false }
        return !typed.text.trimmingWhitespace().isEmpty
    }

    /// Converts the typed value through the unit's own validation. The value as prefilled
    /// stands for the stored weight exactly, which must keep the rule too: a weight another
    /// program stored outside 20–500 kg is not saved again.
    ///
    /// Nil when no weight is typed and other measurements are: an entry of those alone.
    public func kilograms() throws(WeightValidationError) -> Double? {
        if valueIsAsPrefilled, let exact = editing?.prefilledKilograms {
            guard EntryRule.weightKeepsRule(exact) else {
                throw .storedWeightBreaksRule(kilograms: exact, unit: unit)
            }
            return exact
        }
        if value.trimmingWhitespace().isEmpty && !measurements.isEmpty { return nil }
        return try unit.kilograms(from: value)
    }

    /// Every measurement other than weight, read through its kind (`kinds`), in canonical
    /// units: one trendsh filled in and left as it was stands for the stored value exactly.
    public func measurementValues(kinds: (KindID) -> MeasurementKind?) throws(WeightValidationError)
        -> [KindID: Double]
    {
        var values: [KindID: Double] = [:]
        for (id, typed) in measurements.sorted(by: { $0.key < $1.key }) {
            // A value of a kind taken away since the edit opened is refused even when it is
            // kept as filled in: saved, the entry would hold a value of no kind.
            guard let kind = kinds(id) else { throw .kindGone(id.rawValue) }
            if typed == opened.measurements[id], let exact = editing?.prefilledMeasurements[id] {
                values[id] = exact
                continue
            }
            do {
                values[id] = try kind.canonical(fromTyped: typed.text, unit: typed.unit)
            } catch {
                throw .invalidMeasurement(error)
            }
        }
        return values
    }

    /// For a draft that changes nothing: why saving the entry as it is stored would break a
    /// rule (`EntryRule`), or nil when it keeps them all (or the entry was not read).
    public func ruleBrokenAsOpened(latestPermittedDate: Date) -> WeightValidationError? {
        guard let kilograms = editing?.prefilledKilograms else { return nil }
        switch EntryRule.broken(kilograms: kilograms, date: opened.date, asOf: latestPermittedDate) {
        case .weightInRange: return .storedWeightBreaksRule(kilograms: kilograms, unit: unit)
        case .notInFuture: return .storedDateInFuture(date: opened.date)
        case nil: return nil
        }
    }

    /// The note as it will be stored: trimmed, in Unicode NFC, at most 500 characters.
    public func normalizedNote() throws(WeightValidationError) -> String {
        try Self.normalized(note: note)
    }

    /// A typed note as it will be stored: trimmed, in Unicode NFC, at most 500 characters.
    public static func normalized(note text: String) throws(WeightValidationError) -> String {
        let note = canonicalNFC(text.trimmingWhitespace())
        guard note.count <= maximumNoteLength else {
            throw .noteTooLong(length: note.count)
        }
        return note
    }

    /// Checks every field and returns the entry to store. An entry already dated in the
    /// future (by an earlier fixed clock, or an imported day kept at 12:00) may keep that
    /// date; its weight may change only while it is dated no later than
    /// `latestWeighingDate` (the end of today; `latestPermittedDate` when not given), so
    /// its note can always be corrected.
    public func validated(
        latestPermittedDate: Date, latestWeighingDate: Date? = nil,
        kinds: (KindID) -> MeasurementKind? = { MeasurementKind.builtIn(named: $0.rawValue) }
    ) throws(WeightValidationError) -> NewWeightEntry {
        let kilograms = try kilograms()
        let values = try measurementValues(kinds: kinds)
        // Compared at the store's precision: rounding keeps order, so a date that is not
        // after now never rounds to after it.
        if StoredTime.rounded(date) > StoredTime.rounded(latestPermittedDate) {
            let keepsFutureDate = editing != nil && date == opened.date
            guard keepsFutureDate else { throw .dateInFuture }
            let weighing = StoredTime.rounded(latestWeighingDate ?? latestPermittedDate)
            guard valueIsAsPrefilled || StoredTime.rounded(date) <= weighing else {
                throw .futureEntryAllowsOnlyNote(date: date)
            }
        }
        return NewWeightEntry(
            date: date, kilograms: kilograms, measurements: values, note: try normalizedNote(), draftID: id)
    }

    /// Unicode canonical composition. FoundationEssentials has no public NFC API, and full
    /// Foundation costs milliseconds at start-up, so this uses the standard library's
    /// normaliser, which `String` itself uses for comparison.
    static func canonicalNFC(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }
}

/// The stored entry a draft edits, as the draft knows it.
public struct EditedEntry: Sendable, Equatable {
    public var id: Int64
    /// The revision the draft was opened from, or moved to by a refused save; nil when the
    /// entry could not be read when the draft was restored (unread).
    public var revision: Int64?
    /// The stored weight behind the prefilled value; nil when unread, or for an entry without one.
    public var prefilledKilograms: Double?
    /// The stored measurements behind the prefilled ones; empty when unread.
    public var prefilledMeasurements: [KindID: Double]

    public init(
        id: Int64, revision: Int64?, prefilledKilograms: Double?, prefilledMeasurements: [KindID: Double] = [:]
    ) {
        self.id = id
        self.revision = revision
        self.prefilledKilograms = prefilledKilograms
        self.prefilledMeasurements = prefilledMeasurements
    }
}
