/// What an import would do, as its preview counts it: each file's layout and unit, how many
/// rows are new, duplicates, rejected or skipped, and the first few of each.
public struct ImportPreview: Sendable, Equatable {
    /// How many rows of each kind the preview lists by line (`show all` lists every one).
    public static let sampleSize = 5
    /// At most this many names a file leaves out are kept (`File.leftOut`).
    public static let leftOutLimit = ImportMeasures.leftOutLimit

    /// One file as the preview read it.
    public struct File: Sendable, Equatable {
        public var layout: ImportLayout
        /// The unit its weights are read in; nil when each record names its own.
        public var unit: WeightUnit?
        public var unitSource: UnitSource
        /// Rows read from it.
        public var rows = 0
        /// The kinds it declares (a `trendsh-entries` file of version 2).
        public var kinds: [MeasurementKind] = []
        /// Its columns, keys or record types that no kind reads, each with why.
        public var leftOut: [LeftOutColumn] = []
        /// How a spreadsheet's columns and dates were read; nil for a named layout.
        public var spreadsheet: SpreadsheetReading?
    }

    /// A value of a kind other than weight that a row leaves out (the row is read all the same).
    public struct Dropped: Sendable, Equatable {
        public var key: RowKey
        public var sharesLine: Bool
        public var value: DroppedValue
    }

    /// What one row is.
    public enum Verdict: Sendable, Equatable {
        /// An entry the store does not hold yet: the import adds it.
        case new(ImportedEntry)
        /// The same time and weight as a stored entry or an earlier row: left out.
        case duplicate(ImportedEntry)
        /// The time and weight of stored entry `entryID`, which lacks the row's values of
        /// `kinds`: the import adds them to it.
        case adds(ImportedEntry, entryID: Int64, kinds: [KindID])
        /// A row problem: left out, with its reason.
        case rejected(RowProblem)
        /// A row the person chose to leave out (`fix LINE skip`).
        case skipped
    }

    /// One row of the preview.
    public struct Row: Sendable, Equatable {
        public var key: RowKey
        public var verdict: Verdict
        /// True when a fix changed it.
        public var fixed: Bool
        /// True when other rows start on its line, so its address needs its ordinal (`1.2`).
        public var sharesLine = false
    }

    public var files: [File] = []
    public var newCount = 0
    public var duplicateCount = 0
    public var rejectedCount = 0
    public var skippedCount = 0
    /// Rows that add measurements to a stored entry.
    public var addsCount = 0
    /// How many values of each kind other than weight the rows hold, read.
    public var valueCounts: [KindID: Int] = [:]
    /// How many values of other kinds are left out, and the first few of them.
    public var droppedCount = 0
    public var dropped: [Dropped] = []
    /// How many values differ from their stored entry's, and the first few.
    public var conflictCount = 0
    public var conflicts: [ImportConflict] = []
    /// The first few rows of each kind, in file order.
    public var samples: [Row] = []
    /// The earliest and latest new entries (milliseconds since 1970).
    public var earliest: Int64?
    public var latest: Int64?
    /// What the preview saw of each file.
    public var fingerprints: [FileFingerprint] = []

    public init() {}

    /// Counts a row, keeping it as a sample while its kind has fewer than `sampleSize`.
    mutating func count(_ row: Row) {
        let seen: Int
        switch row.verdict {
        case .new(let entry):
            seen = newCount
            newCount += 1
            earliest = min(earliest ?? entry.milliseconds, entry.milliseconds)
            latest = max(latest ?? entry.milliseconds, entry.milliseconds)
        case .duplicate:
            seen = duplicateCount
            duplicateCount += 1
        case .adds:
            seen = addsCount
            addsCount += 1
        case .rejected:
            seen = rejectedCount
            rejectedCount += 1
        case .skipped:
            seen = skippedCount
            skippedCount += 1
        }
        if seen < Self.sampleSize { samples.append(row) }
        let entry: ImportedEntry
        switch row.verdict {
        case .new(let read), .duplicate(let read), .adds(let read, _, _): entry = read
        case .rejected, .skipped: return
        }
        for kind in entry.measurements.keys { valueCounts[kind, default: 0] += 1 }
        for value in entry.dropped {
            if droppedCount < Self.sampleSize {
                dropped.append(Dropped(key: row.key, sharesLine: row.sharesLine, value: value))
            }
            droppedCount += 1
        }
    }

    /// Counts a value that differs from its stored entry's.
    mutating func count(_ conflict: ImportConflict) {
        if conflictCount < Self.sampleSize { conflicts.append(conflict) }
        conflictCount += 1
    }
}

/// What a saved import did.
public enum ImportOutcome: Sendable, Equatable {
    /// The rows were written now.
    case imported(ImportCounts)
    /// An earlier attempt at this same import had already been committed (its reply was
    /// lost): nothing new was written. `added` is what that attempt added.
    case alreadySaved(added: Int)
    /// No row was new (every one a duplicate, rejected or skipped): nothing was written, not
    /// even the import's operation, so a retry reads the files again.
    case nothingNew(ImportCounts)
}

/// What a saved import wrote and left out.
public struct ImportCounts: Sendable, Equatable {
    public var added = 0
    public var duplicates = 0
    public var rejected = 0
    public var skipped = 0
    /// Stored entries that were given measurements they lacked.
    public var extended = 0
    /// Values that differ from their stored entry's, not written.
    public var conflicts = 0
    /// Kinds a file declared that the store now holds.
    public var kindsAdded = 0

    public init(
        added: Int = 0, duplicates: Int = 0, rejected: Int = 0, skipped: Int = 0, extended: Int = 0,
        conflicts: Int = 0, kindsAdded: Int = 0
    ) {
        self.added = added
        self.duplicates = duplicates
        self.rejected = rejected
        self.skipped = skipped
        self.extended = extended
        self.conflicts = conflicts
        self.kindsAdded = kindsAdded
    }
}
