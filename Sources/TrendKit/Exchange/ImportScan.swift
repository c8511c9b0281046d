/// One pass over an import's files, in order, row by row: each file is opened, its layout
/// recognised and its unit settled, each row read under the rules of a save with the
/// person's fixes applied, and each file's fingerprint taken once it has been read to the
/// end. The preview and the save both make this pass; neither holds a file whole.
struct ImportScan {
    let draft: ImportDraft
    let settingUnit: WeightUnit
    /// No entry may be dated after this moment (milliseconds since 1970).
    let latestMilliseconds: Int64
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

    /// Reads every row. `opened` hears of each file when its layout is known; `each` gets
    /// every row and returns false to stop the pass; `finished` gets each file's fingerprint
    /// once it is read to the end, and returns false to stop.
    func run(
        opened: (Int, ImportPreview.File) -> Void,
        each: (RowKey, Reading, _ fixed: Bool, Position) -> Bool,
        finished: (Int, FileFingerprint) -> Bool
    ) throws(ImportFileProblem) {
        for (index, file) in draft.files.enumerated() {
            do throws(ImportFileError) {
                let source = try ImportReader.open(path: file.path, chunkSize: chunkSize)
                let unit = source.statedUnit.resolved(given: draft.givenUnit, setting: settingUnit)
                opened(index, ImportPreview.File(layout: source.layout, unit: unit.unit, unitSource: unit.source))
                let reader = RowReader(unit: unit.unit, latestMilliseconds: latestMilliseconds)
                var fixes: [Int: ImportFix] = [:]
                for (key, fix) in draft.fixes where key.file == index { fixes[key.line] = fix }
                var row = RawRow()
                var position = Position(size: source.stream.stamp.size)
                while try source.next(into: &row) {
                    position.rows += 1
                    position.bytesUsed = source.stream.bytesUsed
                    let key = RowKey(file: index, line: row.line)
                    var fixed = false
                    if !fixes.isEmpty, let fix = fixes[row.line] {
                        fixed = true
                        if fix.skipped {
                            guard each(key, nil, true, position) else { return }
                            continue
                        }
                        for field in ImportFix.Field.allCases {
                            if let text = fix.fields[field] { row.replace(field, with: text) }
                        }
                    }
                    guard each(key, reader.read(row), fixed, position) else { return }
                }
                guard let fingerprint = source.stream.fingerprint else { throw .readFailed(errno: 0) }
                guard finished(index, fingerprint) else { return }
            } catch {
                throw ImportFileProblem(file: file.name, error: error)
            }
        }
    }

    /// The raw row at `line` of file `index`, as the file holds it (no fix applied); nil when
    /// no row starts on that line.
    func row(file index: Int, line: Int) throws(ImportFileProblem) -> (row: RawRow, reader: RowReader)? {
        let file = draft.files[index]
        do throws(ImportFileError) {
            let source = try ImportReader.open(path: file.path, chunkSize: chunkSize)
            let unit = source.statedUnit.resolved(given: draft.givenUnit, setting: settingUnit)
            var row = RawRow()
            while try source.next(into: &row) {
                if row.line == line {
                    return (row, RowReader(unit: unit.unit, latestMilliseconds: latestMilliseconds))
                }
                if row.line > line { return nil }
            }
            return nil
        } catch {
            throw ImportFileProblem(file: file.name, error: error)
        }
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
