/// One pass over an import's files, in order, row by row: each file is opened, its layout
/// recognised and its unit settled, each row read under the rules of a save with the
/// person's fixes applied, and each file's fingerprint taken once it has been read to the
/// end. The preview and the save both make this pass; neither holds a file whole.
struct ImportScan {
    let draft: ImportDraft
    let settingUnit: WeightUnit
    /// No entry may be dated after this moment (milliseconds since 1970).
    let latestMilliseconds: Int64
    /// The kinds the import knows: the built-in ones and those the store holds.
    var kinds: [MeasurementKind] = MeasurementKind.builtIn
    var chunkSize = ByteStream.defaultChunkSize

    /// What one row reads as: an entry, a row problem, or nil when a fix skips it.
    typealias Reading = Result<ImportedEntry, RowProblem>?

    /// How far the pass is through the current file.
    struct Position {
        var rows = 0
        var bytesUsed: Int64 = 0
        var size: Int64 = 0

        /// About how many more rows the file holds, from its rows so far and its bytes left.
        var rowsLeft: Int {
            guard bytesUsed > 0, size > bytesUsed else { return 0 }
            return Int(Double(rows) * Double(size - bytesUsed) / Double(bytesUsed) * 1.05) + 64
        }
    }

    /// One row of the pass: which row it is, whether other rows start on its line (so that
    /// its address needs its ordinal), what it reads as, and whether a fix changed it.
    struct Step {
        var key: RowKey
        var sharesLine: Bool
        var reading: Reading
        var fixed: Bool
    }

    /// Reads every row. `opened` hears of each file when its layout is known; `each` gets
    /// every row and returns false to stop the pass; `finished` gets each file's fingerprint
    /// once it is read to the end, and returns false to stop.
    func run(
        opened: (Int, ImportPreview.File) -> Void,
        each: (Step, Position) -> Bool,
        finished: (Int, FileFingerprint, [LeftOutColumn]) -> Bool
    ) throws(ImportFileProblem) {
        for (index, file) in draft.files.enumerated() {
            do throws(ImportFileError) {
                let source = try ImportReader.open(
                    path: file.path, kinds: kinds, options: draft.spreadsheet, chunkSize: chunkSize)
                let unit = source.statedUnit.resolved(given: draft.givenUnit, setting: settingUnit)
                var opening = ImportPreview.File(layout: source.layout, unit: unit.unit, unitSource: unit.source)
                opening.kinds = source.declaredKinds
                opening.spreadsheet = source.spreadsheet
                opened(index, opening)
                let reader = reader(for: source, unit: unit.unit)
                var fixes: [RowKey: ImportFix] = [:]
                for (key, fix) in draft.fixes where key.file == index { fixes[key] = fix }
                var rows = LineRows(source: source)
                var position = Position(size: source.stream.stamp.size)
                while try rows.next() {
                    position.rows += 1
                    position.bytesUsed = source.stream.bytesUsed
                    let key = RowKey(file: index, line: rows.row.line, ordinal: rows.ordinal)
                    var step = Step(key: key, sharesLine: rows.sharesLine, reading: nil, fixed: false)
                    if !fixes.isEmpty, let fix = fixes[key] {
                        step.fixed = true
                        if fix.skipped {
                            guard each(step, position) else { return }
                            continue
                        }
                        fix.apply(to: &rows.row)
                    }
                    step.reading = reader.read(rows.row)
                    guard each(step, position) else { return }
                }
                guard let fingerprint = source.stream.fingerprint else { throw .readFailed(errno: 0) }
                guard finished(index, fingerprint, source.leftOut) else { return }
            } catch {
                throw ImportFileProblem(file: file.name, error: error)
            }
        }
    }

    /// The reader of a file's rows: its unit, its kinds' columns, and its mark for "not measured".
    private func reader(for source: any RowSource, unit: WeightUnit?) -> RowReader {
        let declared = source.declaredKinds.filter { kind in !kinds.contains { $0.id == kind.id } }
        return RowReader(
            unit: unit, latestMilliseconds: latestMilliseconds, columns: source.measureColumns,
            kinds: kinds + declared, zeroIsNone: source.layout == .openScale2 || source.layout == .openScale3)
    }

    /// The raw rows that start on `line` of file `index`, in order, as the file holds them
    /// (no fix applied), and the reader for them; no rows when none starts there.
    func rows(file index: Int, line: Int) throws(ImportFileProblem) -> (rows: [RawRow], reader: RowReader) {
        let file = draft.files[index]
        do throws(ImportFileError) {
            let source = try ImportReader.open(
                path: file.path, kinds: kinds, options: draft.spreadsheet, chunkSize: chunkSize)
            let unit = source.statedUnit.resolved(given: draft.givenUnit, setting: settingUnit)
            let reader = reader(for: source, unit: unit.unit)
            var found: [RawRow] = []
            var row = RawRow()
            while try source.next(into: &row) {
                if row.line == line { found.append(row) }
                if row.line > line { break }
            }
            return (found, reader)
        } catch {
            throw ImportFileProblem(file: file.name, error: error)
        }
    }

    /// How many rows start on each of `lines` of file `index`.
    func rowCounts(file index: Int, lines: Set<Int>) throws(ImportFileProblem) -> [Int: Int] {
        let file = draft.files[index]
        let last = lines.max() ?? 0
        var counts: [Int: Int] = [:]
        do throws(ImportFileError) {
            let source = try ImportReader.open(
                path: file.path, kinds: kinds, options: draft.spreadsheet, chunkSize: chunkSize)
            var row = RawRow()
            while try source.next(into: &row), row.line <= last {
                if lines.contains(row.line) { counts[row.line, default: 0] += 1 }
            }
            return counts
        } catch {
            throw ImportFileProblem(file: file.name, error: error)
        }
    }
}

/// A file's rows with their place on their line: each row is read one row ahead, so that a
/// row knows whether the next one starts on its line too. Two reused rows, so reading
/// allocates nothing per row.
struct LineRows {
    let source: any RowSource
    /// The current row.
    var row = RawRow()
    /// Which of the rows starting on its line the current row is, from 1.
    private(set) var ordinal = 0
    /// True when another row starts on the current row's line.
    private(set) var sharesLine = false
    private var ahead = RawRow()
    private var hasAhead = false
    private var started = false

    init(source: any RowSource) { self.source = source }

    /// Moves to the next row; false after the last.
    mutating func next() throws(ImportFileError) -> Bool {
        if !started {
            started = true
            hasAhead = try source.next(into: &ahead)
        }
        guard hasAhead else { return false }
        let previousLine = ordinal > 0 ? row.line : nil
        swap(&row, &ahead)
        ordinal = previousLine == row.line ? ordinal + 1 : 1
        hasAhead = try source.next(into: &ahead)
        sharesLine = ordinal > 1 || (hasAhead && ahead.line == row.line)
        return true
    }
}

/// A set of 64-bit fingerprints of (time, weight) pairs, open-addressed, for the preview to
/// notice a row that repeats an earlier one without keeping the rows: 8 bytes a row.
struct FingerprintSet {
    private var slots: [UInt64]
    private var filled = 0

    init() { slots = [UInt64](repeating: 0, count: 1 << 12) }

    /// Makes room for `additional` more fingerprints.
    mutating func reserve(additional: Int) {
        var capacity = slots.count
        while (filled + additional) * 10 > capacity * 7 { capacity *= 2 }
        guard capacity > slots.count else { return }
        let old = slots
        slots = [UInt64](repeating: 0, count: capacity)
        filled = 0
        for value in old where value != 0 { _ = insert(value) }
    }

    /// The fingerprint of an entry: its time and weight, or, without a weight, its time and
    /// its other values.
    static func fingerprint(of entry: ImportedEntry) -> UInt64 {
        if let kilograms = entry.kilograms {
            return fingerprint(milliseconds: entry.milliseconds, kilograms: kilograms)
        }
        var mixed: UInt64 = 0x5BD1_E995
        for (kind, value) in entry.measurements.sorted(by: { $0.key < $1.key }) {
            for byte in kind.rawValue.utf8 { mixed = (mixed ^ UInt64(byte)) &* 0x100_0000_01B3 }
            mixed = (mixed ^ value.bitPattern) &* 0xFF51_AFD7_ED55_8CCD
        }
        return fingerprint(milliseconds: entry.milliseconds, kilograms: Double(bitPattern: mixed))
    }

    /// The fingerprint of a time and a weight (never 0, which marks an empty slot).
    static func fingerprint(milliseconds: Int64, kilograms: Double) -> UInt64 {
        var hash = UInt64(bitPattern: milliseconds) &* 0x9E37_79B9_7F4A_7C15
        hash ^= kilograms.bitPattern &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= hash >> 31
        hash &*= 0x94D0_49BB_1331_11EB
        hash ^= hash >> 29
        return hash == 0 ? 1 : hash
    }

    /// Adds `fingerprint`; false when it was already there. When the set is full it grows
    /// at once to hold `rowsLeft` more, so a large file's set is made about once at its
    /// size instead of doubling again and again (each time holding the old table and the new).
    mutating func insert(_ fingerprint: UInt64, rowsLeft: @autoclosure () -> Int = 0) -> Bool {
        if (filled + 1) * 10 > slots.count * 7 { reserve(additional: max(filled, rowsLeft())) }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: fingerprint) & mask
        while slots[index] != 0 {
            if slots[index] == fingerprint { return false }
            index = (index + 1) & mask
        }
        slots[index] = fingerprint
        filled += 1
        return true
    }
}
