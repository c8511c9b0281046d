/// Why a draft could not become a weight entry. Each case reads as one sentence to the user.
public enum WeightValidationError: Error, Equatable, Sendable {
    /// The value is not a number in the accepted range for the unit.
    case invalidWeight(WeightUnit)
    /// The entry's date is later than the current time.
    case dateInFuture
    /// The note is longer than `WeightEntryDraft.maximumNoteLength` characters.
    case noteTooLong(length: Int)
    /// The date text is not one of the accepted forms.
    case unreadableDate(String)
}
