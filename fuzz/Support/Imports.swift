import FoundationEssentials

@testable import TrendKit
@testable import TrendShell

#if canImport(Glibc)
    import Glibc
#endif

/// What the import targets share: reading a file's rows as `import` does, and the checks
/// every row must pass.
enum Imports {
    /// The clock every import is read against: 2026-11-29 08:00 UTC.
    static let now: Int64 = 1_795_939_200_000

    /// Zones for the round trips, as POSIX TZ strings: daylight saving both ways, a
    /// half-hour offset, and an offset in seconds (as every zone had before standard time).
    static let zones = [
        "UTC0", "CET-1CEST,M3.5.0,M10.5.0/3", "EST5EDT,M3.2.0,M11.1.0", "<+0530>-5:30", "<LMT>-0:09:21",
    ]

    /// Sets the local zone, for the rows and for the checks.
    static func setZone(_ index: UInt8) {
        Fuzz.setEnvironment("TZ", zones[Int(index) % zones.count])
        tzset()
    }

    /// Everything one pass over a file gives: its layout and unit, each row's line and what
    /// it reads as, and the file problem that ended the pass, if one did.
    struct Pass: Equatable {
        var layout: ImportLayout?
        var unit: WeightUnit?
        var rows: [Row] = []
        var problem: ImportFileError?
        /// The kinds the file declares.
        var kinds: [MeasurementKind] = []
    }

    struct Row: Equatable {
        var line: Int
        /// Which of the rows starting on `line` it is, from 1, and whether others start there.
        var ordinal: Int
        var sharesLine: Bool
        var reading: Result<ImportedEntry, RowProblem>
    }

    /// Reads the file at `path` with a buffer of `chunkSize` bytes, the rows from `open`.
    static func pass(
        _ path: String, chunkSize: Int, open: (ByteStream) throws(ImportFileError) -> any RowSource
    ) -> Pass {
        var pass = Pass()
        do {
            let source = try open(ByteStream(path: path, chunkSize: chunkSize))
            pass.layout = source.layout
            pass.kinds = source.declaredKinds
            let unit = source.statedUnit.resolved(given: nil, setting: .kilograms).unit
            pass.unit = unit
            // As the import's scan makes it: the file's kinds' columns, its own kinds, its mark
            // for "not measured".
            let reader = RowReader(
                unit: unit, latestMilliseconds: now, columns: source.measureColumns,
                kinds: MeasurementKind.builtIn + source.declaredKinds,
                zeroIsNone: source.layout == .openScale2 || source.layout == .openScale3)
            // Read as the import's pass reads them, one row ahead.
            var rows = LineRows(source: source)
            while try rows.next() {
                pass.rows.append(
                    Row(
                        line: rows.row.line, ordinal: rows.ordinal, sharesLine: rows.sharesLine,
                        reading: reader.read(rows.row)))
            }
            Fuzz.check(source.stream.fingerprint != nil, "a file read to its end has no fingerprint")
        } catch {
            pass.problem = error
        }
        return pass
    }

    /// Reads `bytes` as a file twice, with a small buffer that the first byte sizes and with
    /// the usual one: the rows must not depend on where the buffer ends. Then checks each row.
    static func checkRows(_ bytes: [UInt8], open: (ByteStream) throws(ImportFileError) -> any RowSource) {
        guard let first = bytes.first else { return }
        let path = Fuzz.file("import", holding: Array(bytes.dropFirst()))
        let small = pass(path, chunkSize: 4 + Int(first % 64), open: open)
        let whole = pass(path, chunkSize: ByteStream.defaultChunkSize, open: open)
        Fuzz.check(small == whole, "read in chunks of \(4 + Int(first % 64)) bytes: \(small); at once: \(whole)")
        check(whole)
    }

    /// No row's line is before the last one's; rows on one line (as XML records or a one-line
    /// JSON document may be) share its number, are counted 1, 2, … on it, and each knows it
    /// shares the line, so each has an address of its own (`1.2`). An entry's weight is between
    /// 20 and 500 kg, its date within 1900–9999 and not after now (or, for a row without a
    /// time, 12:00 today), its note as a save stores
    /// it; and what the preview prints for each row, and the sentence for a file problem, hold
    /// no control character once escaped.
    static func check(_ pass: Pass) {
        var lastLine = 0
        let draft = ImportDraft(files: [ImportedFile(name: "export", path: "/export")])
        for (index, row) in pass.rows.enumerated() {
            Fuzz.check(row.line >= lastLine, "a row on line \(row.line) follows one on line \(lastLine)")
            let expected = index > 0 && pass.rows[index - 1].line == row.line ? pass.rows[index - 1].ordinal + 1 : 1
            Fuzz.check(row.ordinal == expected, "row \(row.line).\(row.ordinal) should be \(row.line).\(expected)")
            let nextShares = index + 1 < pass.rows.count && pass.rows[index + 1].line == row.line
            // The last row of a pass that a file problem ended may share its line with the row
            // read after it, which the problem kept out of the pass (the whole file is refused).
            let cutShort = pass.problem != nil && index == pass.rows.count - 1
            Fuzz.check(
                row.sharesLine == (row.ordinal > 1 || nextShares) || (cutShort && row.sharesLine),
                "row \(row.line).\(row.ordinal) says it shares its line: \(row.sharesLine)")
            lastLine = row.line
            let verdict: ImportPreview.Verdict
            switch row.reading {
            case .success(let entry):
                if let kilograms = entry.kilograms {
                    Fuzz.check(
                        kilograms.isFinite && kilograms >= 20 && kilograms <= 500,
                        "line \(row.line) reads as \(kilograms) kg")
                } else {
                    Fuzz.check(!entry.measurements.isEmpty, "line \(row.line) reads as an entry of nothing")
                }
                // Every other value is within its kind's range; a kind the file does not
                // declare is never read.
                for (id, value) in entry.measurements {
                    let kind = (MeasurementKind.builtIn + [extraKind] + pass.kinds).first { $0.id == id }
                    Fuzz.check(
                        kind.map { value.isFinite && $0.range.contains(value) } ?? false,
                        "line \(row.line) reads \(id) as \(value)")
                }
                Fuzz.check(
                    (entry.milliseconds <= now || isTodayWithoutATime(entry)) && StoredTime.isKeepable(entry.date),
                    "line \(row.line) is dated \(StoredTime.text(entry.date))")
                Fuzz.check(
                    entry.note.count <= WeightEntryDraft.maximumNoteLength
                        && RowReader.normalizedNote(ArraySlice(entry.note.utf8)) == entry.note,
                    "line \(row.line) has the note \(entry.note.debugDescription), which a save would change")
                verdict = .new(entry)
            case .failure(let problem):
                verdict = .rejected(problem)
            }
            for unit in WeightUnit.allCases {
                let shown = DisplayText.escaped(
                    Messages.previewRow(
                        ImportPreview.Row(
                            key: RowKey(file: 0, line: row.line, ordinal: row.ordinal), verdict: verdict,
                            fixed: false, sharesLine: row.sharesLine),
                        draft: draft, units: MeasureUnits(kinds: MeasurementKind.builtIn, settings: Settings(unit: unit)), labelled: true))
                Fuzz.check(!Fuzz.hasControl(shown), "\(shown.debugDescription) holds a control character")
            }
        }
        if let problem = pass.problem {
            let shown = DisplayText.escaped(Messages.reason(ImportFileProblem(file: "export", error: problem)))
            Fuzz.check(!Fuzz.hasControl(shown), "\(shown.debugDescription) holds a control character")
        }
    }

    /// True for an entry after now that a row without a time gives: 12:00:00.000 local time
    /// (or the first time after a change that skipped it, which no zone here has) on today's
    /// local day, the day a row is judged by.
    static func isTodayWithoutATime(_ entry: ImportedEntry) -> Bool {
        let fields = LocalCalendar.fields(of: entry.date)
        let today = LocalCalendar.dayNumber(of: Date(timeIntervalSince1970: Double(now) / 1_000))
        return entry.milliseconds % 1_000 == 0 && fields.hour == 12 && fields.minute == 0 && fields.second == 0
            && LocalCalendar.dayNumber(of: entry.date) == today
    }

    /// An entry as a save would store it, made from the bytes: a time within the years
    /// trendsh keeps and not after now, a weight between 20 and 500 kg, and a note trimmed,
    /// in NFC and at most 500 characters. Nil when the bytes are too few.
    static func entry(from bytes: inout ArraySlice<UInt8>) -> ImportedEntry? {
        guard bytes.count >= 12 else { return nil }
        let time = bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let weight = bytes.dropFirst(8).prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        bytes = bytes.dropFirst(12)
        let end = bytes.firstIndex(of: 0) ?? bytes.endIndex
        let noteText = Fuzz.text(bytes[..<end])
        bytes = bytes[end...].dropFirst()
        // 1900-01-01 to now, and 20 to 500 kg in steps that a double holds in several ways.
        let earliest: Int64 = -2_208_988_800_000
        let milliseconds = earliest + Int64(time % UInt64(now - earliest + 1))
        let kilograms = weight & 1 == 0 ? 20 + Double((weight >> 1) % 48_001) / 100 : 20 + Double(weight) / 8_947_848.5
        let note = WeightEntryDraft.canonicalNFC(noteText.trimmingWhitespace())
        guard note.count <= WeightEntryDraft.maximumNoteLength, kilograms <= 500 else { return nil }
        // The weight's bits also pick other kinds' values, within their ranges, and whether
        // the entry has a weight at all (an entry of a waist alone).
        var measurements: [KindID: Double] = [:]
        if weight & 0x10 != 0 { measurements[KindID("fat")] = 2 + Double(weight % 7_301) / 100 }
        if weight & 0x20 != 0 { measurements[KindID("waist")] = 30 + Double(weight >> 3) / 21_000_000 }
        if weight & 0x40 != 0 { measurements[extraKind.id] = 20 + Double((weight >> 2) % 6_001) / 100 }
        let hasWeight = measurements.isEmpty || weight & 0x80 == 0
        return ImportedEntry(
            milliseconds: milliseconds, kilograms: hasWeight ? kilograms : nil, note: note,
            measurements: measurements)
    }

    /// A kind a person added, which the JSON export declares and the CSV export's reader knows.
    static let extraKind = KindRecords.kind(
        id: KindID("neck"), name: "neck", quantity: .length, unit: .centimetres, range: 20...80, decimals: 1,
        hasTrend: false)

    /// Entries exported as `export csv` or `export json` writes them, imported again, must be
    /// the same entries: the same time to the millisecond, the same kilograms, the same note,
    /// the same values of every other kind (one a person added among them).
    @MainActor
    static func checkExport(_ bytes: [UInt8], format: ExportFormat) {
        guard bytes.count >= 2 else { return }
        setZone(bytes[0])
        let unit: WeightUnit = bytes[1] & 1 == 0 ? .kilograms : .pounds
        var rest = bytes.dropFirst(2)
        var entries: [ImportedEntry] = []
        while let entry = entry(from: &rest) { entries.append(entry) }
        var file: [UInt8] = []
        let kinds = MeasurementKind.builtIn.filter { $0.id != .weight } + [extraKind]
        func columns(_ entry: ImportedEntry) -> [(column: String, value: Double?)] {
            kinds.map { ($0.exportColumn, entry.measurements[$0.id]) }
        }
        EntryExporter.appendHeader(format, unit: unit, kinds: kinds, added: [extraKind], to: &file)
        switch format {
        case .csv:
            for entry in entries {
                EntryExporter.appendCSV(
                    entry.milliseconds, entry.kilograms, entry.kilograms, entry.note, unit: unit,
                    measurements: columns(entry), to: &file)
            }
        case .json:
            for (index, entry) in entries.enumerated() {
                if index > 0 { file += [0x2C, 0x0A] }
                EntryExporter.appendJSON(
                    entry.milliseconds, entry.kilograms, entry.kilograms, entry.note, unit: unit,
                    measurements: columns(entry), to: &file)
            }
            file += Array("\n]}\n".utf8)
        }
        let path = Fuzz.file("export", holding: file)
        let read = pass(path, chunkSize: 4 + Int((bytes[1] >> 1) % 64)) { stream throws(ImportFileError) in
            // CSV declares no kinds: its reader knows the added one, as the store would.
            let source: any RowSource =
                format == .csv
                ? try CSVRows(stream: stream, kinds: MeasurementKind.builtIn + [extraKind])
                : try JSONRows(stream: stream)
            return source
        }
        let expected = format == .csv ? ImportLayout.trendshCSV : .trendshJSON
        Fuzz.check(read.layout == expected && read.problem == nil, "the export reads as \(read)")
        let imported = read.rows.map { $0.reading }
        let exported = entries.map { Result<ImportedEntry, RowProblem>.success($0) }
        Fuzz.check(imported == exported, "exported \(entries), imported \(imported)")
    }
}
