import FoundationEssentials

/// Why a draft could not become a weight entry. Each case reads as one sentence to the user.
public enum WeightValidationError: Error, Equatable, Sendable {
    /// The value is not a number in the accepted range for the unit.
    case invalidWeight(WeightUnit)
    /// The entry's date is later than the current time.
    case dateInFuture
    /// The entry was dated in the future when it was saved (by an earlier `--now`): only its
    /// note can change until its date is set to one that has passed.
    case futureEntryAllowsOnlyNote(date: Date)
    /// The entry being edited weighs what no entry may (another program wrote it), and the
    /// draft keeps that weight: the save needs a weight between 20 and 500 kg. `unit` is
    /// the draft's.
    case storedWeightBreaksRule(kilograms: Double, unit: WeightUnit)
    /// The entry being edited is dated in the future, and the draft changes nothing: the
    /// save needs a date that has passed (or a change to the note alone).
    case storedDateInFuture(date: Date)
    /// The note is longer than `WeightEntryDraft.maximumNoteLength` characters.
    case noteTooLong(length: Int)
    /// The date text names no moment trendsh can keep.
    case date(DateTextError)
    /// A measurement typed for the entry is not a value of its kind.
    case invalidMeasurement(MeasurementError)
    /// The entry would hold no measurement at all: an entry holds at least one.
    case noMeasurement
    /// `amend` names a kind this store does not know.
    case unknownKind(String)
    /// The draft holds a value of a kind the store no longer has: an undo or another session
    /// removed it after the value was typed.
    case kindGone(String)
}

extension EntryDateParser {
    /// An entry's date read from `text`, as `date(from:now:timeOfDay:)` reads it, its failure
    /// as the entry's rule.
    public static func entryDate(from text: String, now: Date, timeOfDay: Date? = nil)
        throws(WeightValidationError) -> Parsed
    {
        do throws(DateTextError) {
            return try date(from: text, now: now, timeOfDay: timeOfDay)
        } catch {
            throw .date(error)
        }
    }
}
