import FoundationEssentials

/// What a person is typing: the value is text, possibly incomplete or invalid, kept exactly
/// as typed. Only `WeightLog.save` turns a draft into confirmed data.
public struct WeightEntryDraft: Sendable, Equatable, Codable {
    /// The longest note accepted, in characters, after trimming.
    public static let maximumNoteLength = 500

    public var id: DraftID
    public var date: Date
    public var value: String
    public var note: String

    public init(id: DraftID = .make(), date: Date, value: String = "", note: String = "") {
        self.id = id
        self.date = date
        self.value = value
        self.note = note
    }

    /// Converts the typed value through the unit's own validation.
    public func kilograms(using unit: WeightUnit) throws(WeightValidationError) -> Double {
        try unit.kilograms(from: value)
    }

    /// The note as it will be stored: trimmed, in Unicode NFC, at most 500 characters.
    public func normalizedNote() throws(WeightValidationError) -> String {
        let note = Self.canonicalNFC(note.trimmingWhitespace())
        guard note.count <= Self.maximumNoteLength else {
            throw .noteTooLong(length: note.count)
        }
        return note
    }

    /// Checks every field and returns the entry to store.
    public func validated(unit: WeightUnit, latestPermittedDate: Date) throws(WeightValidationError)
        -> NewWeightEntry
    {
        let kilograms = try kilograms(using: unit)
        guard date <= latestPermittedDate else { throw .dateInFuture }
        return NewWeightEntry(date: date, kilograms: kilograms, note: try normalizedNote(), draftID: id)
    }

    /// Unicode canonical composition. FoundationEssentials has no public NFC API, and full
    /// Foundation costs milliseconds at start-up, so this uses the standard library's
    /// normaliser, which `String` itself uses for comparison.
    static func canonicalNFC(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }
}
