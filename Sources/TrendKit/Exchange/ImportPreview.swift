/// What an import would do, as its preview counts it: each file's layout and unit, how many
/// rows are new, duplicates, rejected or skipped, and the first few of each.
public struct ImportPreview: Sendable, Equatable {
    /// How many rows of each kind the preview lists by line (`show all` lists every one).
    public static let sampleSize = 5

    /// One file as the preview read it.
    public struct File: Sendable, Equatable {
        public var layout: ImportLayout
        /// The unit its weights are read in; nil when each record names its own.
        public var unit: WeightUnit?
        public var unitSource: UnitSource
        /// Rows read from it.
        public var rows = 0
    }

    /// What one row is.
    public enum Verdict: Sendable, Equatable {
        /// An entry the store does not hold yet: the import adds it.
        case new(ImportedEntry)
        /// The same time and weight as a stored entry or an earlier row: left out.
        case duplicate(ImportedEntry)
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
        case .rejected:
            seen = rejectedCount
            rejectedCount += 1
        case .skipped:
            seen = skippedCount
            skippedCount += 1
        }
        if seen < Self.sampleSize { samples.append(row) }
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

    public init(added: Int = 0, duplicates: Int = 0, rejected: Int = 0, skipped: Int = 0) {
        self.added = added
        self.duplicates = duplicates
        self.rejected = rejected
        self.skipped = skipped
    }
}
