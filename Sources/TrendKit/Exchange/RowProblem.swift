import FoundationEssentials

/// Why one row of an import is left out. The rest of the file can still be saved; the
/// preview names the row by its line.
public enum RowProblem: Error, Equatable, Sendable {
    /// The date (and time) cannot be read, or lies outside the years 1900–9999.
    case unreadableDate(String)
    /// The date is after now.
    case dateInFuture(Date)
    /// The row names a day without a time, and that day is after today (days since 1970).
    case dayInFuture(day: Int)
    /// The weight is not a number.
    case unreadableWeight(String)
    /// The row has no weight.
    case missingWeight
    /// The weight, in the unit it was read in, is outside 20–500 kg.
    case weightOutOfRange(value: String, unit: WeightUnit)
    /// The record names a unit trendsh does not read.
    case unknownUnit(String)
    /// The note is longer than 500 characters (notes are never cut).
    case noteTooLong(length: Int)
}

/// An entry read from a row, ready to be stored.
public struct ImportedEntry: Equatable, Sendable {
    /// Milliseconds since 1970, UTC.
    public var milliseconds: Int64
    public var kilograms: Double
    public var note: String

    public init(milliseconds: Int64, kilograms: Double, note: String) {
        self.milliseconds = milliseconds
        self.kilograms = kilograms
        self.note = note
    }

    public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1_000) }
}

/// How one row reads once its fixes are applied (before any duplicate is looked for).
public enum RowCheck: Equatable, Sendable {
    case readsAs(ImportedEntry)
    case rejected(RowProblem)
    /// A fix leaves it out.
    case skipped
}
