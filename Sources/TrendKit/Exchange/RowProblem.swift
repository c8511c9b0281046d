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
    /// The row has no weight, and each of its other values is left out.
    case noValidValue
    /// The note is longer than 500 characters (notes are never cut).
    case noteTooLong(length: Int)
}

/// An entry read from a row, ready to be stored.
public struct ImportedEntry: Equatable, Sendable {
    /// Milliseconds since 1970, UTC.
    public var milliseconds: Int64
    /// Nil for a row without a weight that holds other measurements (an Apple Health body-fat record).
    public var kilograms: Double?
    public var note: String
    /// The values of kinds other than weight, in their canonical units.
    public var measurements: [KindID: Double]
    /// The values of other kinds the row holds but leaves out, each with its reason.
    public var dropped: [DroppedValue]

    public init(
        milliseconds: Int64, kilograms: Double?, note: String, measurements: [KindID: Double] = [:],
        dropped: [DroppedValue] = []
    ) {
        self.milliseconds = milliseconds
        self.kilograms = kilograms
        self.note = note
        self.measurements = measurements
        self.dropped = dropped
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
