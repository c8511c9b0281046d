import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Exports every entry, or every habit and the days it was done, as CSV or JSON, streaming
/// from one query straight to the sink: nothing is held but the row being written.
///
/// An entry's columns are `EntryColumn.all`, in order, then one for each kind other than
/// weight (the built-in ones, then those the store holds), named by the kind's export column
/// and holding its value in the kind's stored unit, exactly; both formats follow that list, and
/// trendsh's own import finds its columns by name (and ignores `trend`), so a column added
/// later needs one case here, and older exports still import. The JSON file also declares
/// the kinds a person added (`"kinds"`, since version 2), so that they travel with their
/// values. The last column is `person` (version 3): whose log the rows are. An export holds
/// the session's person's log only; an import ignores the column, and the rows go to the
/// importing session's person.
///
/// The trend is computed as the rows stream by, with `TrendModel`'s formula over each local
/// day's mean: the rows of one day are held until the day ends (a few rows), so nothing
/// depends on the per-day table being up to date and memory does not grow with the log.
/// Every row is written as it is stored; as the trend's reads do, a row that breaks a rule at
/// `now` (`EntryRule`: a weight outside 20–500 kg, or a date after now) is left out of its
/// day's mean, and a row before the first one counted has no trend (an empty CSV field,
/// JSON `null`).
@MainActor
public final class EntryExporter {
    public let store: any RecordStore
    private let settings: SettingsFeature

    public init(store: any RecordStore, settings: SettingsFeature) {
        self.store = store
        self.settings = settings
    }

    /// The columns of an entries export, in the order written.
    public enum EntryColumn: String, CaseIterable, Sendable {
        /// ISO 8601 local time with its offset, to the millisecond.
        case date
        /// The stored kilograms, exactly (the shortest decimal that reads back the same).
        case kilograms
        /// The weight in the display unit, with one decimal, as trendsh shows it.
        case weight
        /// The display unit of `weight`.
        case unit
        /// The trend at the end of the entry's local day, in the display unit, one decimal,
        /// as `list` shows it.
        case trend
        case note

        public static let all = allCases
    }

    /// The version of the entries' JSON format this trendsh writes (its `"version"`), and the
    /// newest its import reads: a file of a later version is refused, naming both.
    nonisolated public static let entriesVersion = 3

    /// `taken_at`, `kilograms`, `note`: the columns `EntryColumn.all` is written from, and the
    /// id, of the person's (?1) entries.
    static let entriesQuery = "SELECT taken_at, kilograms, note, id FROM entries WHERE person = ? ORDER BY taken_at, id"

    /// Writes every entry of the session's person, oldest first, with the trend as it stands
    /// at `now`; returns how many.
    public func exportEntries(as format: ExportFormat, to sink: any ExportSink, asOf now: Date) throws(ExportError)
        -> Int
    {
        let unit = settings.unit.numberUnit
        let nowMilliseconds = StoredTime.milliseconds(now)
        var record: [UInt8] = []
        record.reserveCapacity(512)
        var held: [UInt8] = []
        var count = 0
        var sinkError: ExportError?
        func emit(_ bytes: [UInt8]) -> Bool {
            do throws(ExportError) {
                try bytes.withUnsafeBufferPointer { buffer throws(ExportError) in try sink.write(record: buffer) }
                return true
            } catch {
                sinkError = error
                return false
            }
        }
        /// The kinds other than weight, in column order, and those of them a person added.
        var kinds: [MeasurementKind] = []
        var day = DayRows()
        var trend: TrendPoint?
        var person = ""
        /// An entry's values in the order of `kinds`' columns (nil for a kind it lacks).
        func columns(_ measurements: [KindID: Double]) -> [(column: String, value: Double?)] {
            kinds.map { ($0.exportColumn, measurements[$0.id]) }
        }
        /// Writes the held day's rows with the day's trend, then empties it.
        func flush() throws(StorageError) {
            guard !day.rows.isEmpty else { return }
            if day.counted > 0 {
                trend =
                    TrendModel.smooth(
                        [DailyWeight(day: day.day, meanKilograms: day.sum / Double(day.counted))], after: trend
                    ).last
            }
            let trendKilograms = trend?.trendKilograms
            for row in day.rows {
                record.removeAll(keepingCapacity: true)
                switch format {
                case .csv:
                    Self.appendCSV(
                        row.milliseconds, row.kilograms, trendKilograms, row.note, unit: unit, parts: row.parts,
                        measurements: columns(row.measurements), person: person, to: &record)
                    guard emit(record) else { throw .interrupted }
                case .json:
                    // Each entry is written once the next is known, so the last has no comma.
                    if count > 0 {
                        held.append(contentsOf: [0x2C, 0x0A])
                        guard emit(held) else { throw .interrupted }
                    }
                    Self.appendJSON(
                        row.milliseconds, row.kilograms, trendKilograms, row.note, unit: unit, parts: row.parts,
                        measurements: columns(row.measurements), person: person, to: &record)
                    swap(&held, &record)
                }
                count += 1
            }
            day.rows.removeAll(keepingCapacity: true)
            day.sum = 0
            day.counted = 0
        }
        do throws(StorageError) {
            try store.read(.weights) { db throws(StorageError) in
                person = db.person
                let added = try KindRecords.all(in: db)
                kinds = MeasurementKind.builtIn.filter { $0.id != .weight } + added
                record.removeAll(keepingCapacity: true)
                Self.appendHeader(format, unit: unit, kinds: kinds, added: added, to: &record)
                guard emit(record) else { throw .interrupted }
                // A store without measurements (every store before format 11) is read without
                // a look-up for each entry.
                let hasMeasurements =
                    try db.integer(
                        "SELECT CAST(EXISTS (SELECT 1 FROM measurements WHERE person = ?) AS INTEGER)",
                        [.text(person)]) != 0
                let values = try db.statement("SELECT kind, value FROM measurements WHERE entry_id = ? AND person = ?")
                let statement = try db.statement(Self.entriesQuery)
                try statement.bind([.text(person)])
                while try statement.step() {
                    let milliseconds = statement.withText(0) { TimeText.milliseconds(stored: $0) } ?? 0
                    let parts = TimeText.localParts(milliseconds)
                    let rowDay = TimeText.localDay(parts)
                    if rowDay != day.day { try flush() }
                    day.day = rowDay
                    let kilograms = statement.isNull(1) ? nil : statement.double(1)
                    if let kilograms, EntryRule.weightKeepsRule(kilograms), milliseconds <= nowMilliseconds {
                        day.sum += kilograms
                        day.counted += 1
                    }
                    var measurements: [KindID: Double] = [:]
                    if hasMeasurements {
                        try values.bind([.integer(statement.int64(3)), .text(person)])
                        while try values.step() {
                            if let kind = values.text(0) { measurements[KindID(kind)] = values.double(1) }
                        }
                        values.reset()
                    }
                    day.rows.append(
                        HeldRow(
                            milliseconds: milliseconds, kilograms: kilograms, note: statement.text(2) ?? "",
                            measurements: measurements, parts: parts))
                }
                try flush()
            }
        } catch {
            // A sink's failure stops the query with a stand-in error; the sink's is reported.
            throw sinkError ?? .storage(error)
        }
        if format == .json {
            if count > 0 {
                held.append(0x0A)
                guard emit(held) else { throw sinkError ?? .output(errno: 0) }
            }
            guard emit(Array("]}\n".utf8)) else { throw sinkError ?? .output(errno: 0) }
        }
        return count
    }

    /// An entry read and held until its day's trend is known.
    private struct HeldRow {
        var milliseconds: Int64
        /// Nil for an entry without a weight (its other measurements only).
        var kilograms: Double?
        var note: String
        /// Its values of kinds other than weight.
        var measurements: [KindID: Double]
        var parts: tm
    }

    /// The rows of the local day being read, and the sum and count of the weights its trend counts.
    private struct DayRows {
        var day = Int.min
        var sum = 0.0
        var counted = 0
        var rows: [HeldRow] = []
    }

    /// The first record of an entries export: CSV's header (`EntryColumn.all`, then each
    /// kind's export column, then `person`), or JSON's opening up to its entries, with the
    /// kinds a person added.
    static func appendHeader(
        _ format: ExportFormat, unit: WeightUnit, kinds: [MeasurementKind], added: [MeasurementKind],
        to record: inout [UInt8]
    ) {
        switch format {
        case .csv:
            for (index, column) in EntryColumn.all.enumerated() {
                if index > 0 { record.append(0x2C) }
                record.append(contentsOf: column.rawValue.utf8)
            }
            for kind in kinds {
                record.append(0x2C)
                ExportText.appendCSV(kind.exportColumn, to: &record)
            }
            ExportText.append(",person\r\n", to: &record)
        case .json:
            ExportText.append("{\"format\":\"trendsh-entries\",\"version\":", to: &record)
            record.append(contentsOf: String(Self.entriesVersion).utf8)
            ExportText.append(",\"unit\":", to: &record)
            ExportText.appendJSON(unit.rawValue, to: &record)
            ExportText.append(",\"kinds\":[", to: &record)
            for (index, kind) in added.enumerated() {
                if index > 0 { record.append(0x2C) }
                ExportText.append("\n{\"id\":", to: &record)
                ExportText.appendJSON(kind.id.rawValue, to: &record)
                ExportText.append(",\"name\":", to: &record)
                ExportText.appendJSON(kind.name, to: &record)
                ExportText.append(",\"quantity\":", to: &record)
                ExportText.appendJSON(kind.quantity.rawValue, to: &record)
                ExportText.append(",\"unit\":", to: &record)
                ExportText.appendJSON(kind.defaultUnit.symbol, to: &record)
                ExportText.append(",\"min\":", to: &record)
                ExportText.appendExact(kind.range.lowerBound, to: &record)
                ExportText.append(",\"max\":", to: &record)
                ExportText.appendExact(kind.range.upperBound, to: &record)
                ExportText.append(",\"decimals\":", to: &record)
                record.append(contentsOf: String(kind.decimals).utf8)
                ExportText.append(",\"trend\":", to: &record)
                if kind.hasTrend {
                    ExportText.append("true}", to: &record)
                } else {
                    ExportText.append("false}", to: &record)
                }
            }
            ExportText.append("],\"entries\":[\n", to: &record)
        }
    }

    /// One entry's CSV row, with its values of the other kinds in `measurements`' order (an
    /// empty field for a kind it lacks), then its person. Internal, not private, so the export
    /// fuzz target writes exactly this.
    static func appendCSV(
        _ milliseconds: Int64, _ kilograms: Double?, _ trendKilograms: Double?, _ note: String, unit: WeightUnit,
        parts: tm? = nil, measurements: [(column: String, value: Double?)] = [], person: String = "",
        to record: inout [UInt8]
    ) {
        for (index, column) in EntryColumn.all.enumerated() {
            if index > 0 { record.append(0x2C) }
            switch column {
            case .date:
                TimeText.appendLocal(milliseconds, parts: parts ?? TimeText.localParts(milliseconds), to: &record)
            case .kilograms: if let kilograms { ExportText.appendExact(kilograms, to: &record) }
            case .weight:
                if let kilograms { ExportText.appendOneDecimal(unit.value(fromKilograms: kilograms), to: &record) }
            case .unit: record.append(contentsOf: unit.rawValue.utf8)
            case .trend:
                if let trendKilograms {
                    ExportText.appendOneDecimal(unit.value(fromKilograms: trendKilograms), to: &record)
                }
            case .note: ExportText.appendCSV(note, to: &record)
            }
        }
        for measurement in measurements {
            record.append(0x2C)
            if let value = measurement.value { ExportText.appendExact(value, to: &record) }
        }
        record.append(0x2C)
        ExportText.appendCSV(person, to: &record)
        record.append(contentsOf: [0x0D, 0x0A])
    }

    /// One entry's JSON object, with a key for each of its values of the other kinds (none for
    /// a kind it lacks), then its person. Internal, not private, so the export fuzz target
    /// writes exactly this.
    static func appendJSON(
        _ milliseconds: Int64, _ kilograms: Double?, _ trendKilograms: Double?, _ note: String, unit: WeightUnit,
        parts: tm? = nil, measurements: [(column: String, value: Double?)] = [], person: String = "",
        to record: inout [UInt8]
    ) {
        record.append(0x7B)
        for (index, column) in EntryColumn.all.enumerated() {
            if index > 0 { record.append(0x2C) }
            ExportText.appendJSON(column.rawValue, to: &record)
            record.append(0x3A)
            switch column {
            case .date:
                record.append(0x22)
                TimeText.appendLocal(milliseconds, parts: parts ?? TimeText.localParts(milliseconds), to: &record)
                record.append(0x22)
            case .kilograms:
                if let kilograms {
                    ExportText.appendExact(kilograms, to: &record)
                } else {
                    ExportText.append("null", to: &record)
                }
            case .weight:
                if let kilograms {
                    ExportText.appendOneDecimal(unit.value(fromKilograms: kilograms), to: &record)
                } else {
                    ExportText.append("null", to: &record)
                }
            case .unit: ExportText.appendJSON(unit.rawValue, to: &record)
            case .trend:
                if let trendKilograms {
                    ExportText.appendOneDecimal(unit.value(fromKilograms: trendKilograms), to: &record)
                } else {
                    ExportText.append("null", to: &record)
                }
            case .note: ExportText.appendJSON(note, to: &record)
            }
        }
        for measurement in measurements {
            guard let value = measurement.value else { continue }
            record.append(0x2C)
            ExportText.appendJSON(measurement.column, to: &record)
            record.append(0x3A)
            ExportText.appendExact(value, to: &record)
        }
        ExportText.append(",\"person\":", to: &record)
        ExportText.appendJSON(person, to: &record)
        record.append(0x7D)
    }

    /// Every habit of the connection's person with the days it was done, in one query: one
    /// row per done day, or one row with no day for a habit never done.
    static let habitsQuery = """
        SELECT h.id, h.name, h.created_at, c.day, c.recorded_at FROM habits h
        LEFT JOIN completions c ON c.habit_id = h.id WHERE h.person = ? ORDER BY h.name_key, h.id, c.day
        """

    /// Writes every habit and the days it was done. CSV has one row per done day
    /// (`habit,created,day,recorded`; a habit never done has one row with no day); JSON has
    /// one line per habit. Returns how many habits.
    public func exportHabits(as format: ExportFormat, to sink: any ExportSink) throws(ExportError) -> Int {
        var record: [UInt8] = []
        var habits = 0
        var currentID: Int64?
        var sinkError: ExportError?
        func emit(_ bytes: [UInt8]) -> Bool {
            do throws(ExportError) {
                try bytes.withUnsafeBufferPointer { buffer throws(ExportError) in try sink.write(record: buffer) }
                return true
            } catch {
                sinkError = error
                return false
            }
        }
        switch format {
        case .csv: ExportText.append("habit,created,day,recorded\r\n", to: &record)
        case .json: ExportText.append("{\"format\":\"trendsh-habits\",\"version\":1,\"habits\":[\n", to: &record)
        }
        guard emit(record) else { throw sinkError ?? .output(errno: 0) }
        record.removeAll(keepingCapacity: true)
        do throws(StorageError) {
            try store.read(.habits) { db throws(StorageError) in
                let statement = try db.statement(Self.habitsQuery)
                try statement.bind([.text(db.person)])
                while try statement.step() {
                    let id = statement.int64(0)
                    let name = statement.text(1) ?? ""
                    let created = statement.withText(2) { TimeText.milliseconds(stored: $0) } ?? 0
                    let day = statement.text(3)
                    let recorded = statement.withText(4) { TimeText.milliseconds(stored: $0) }
                    switch format {
                    case .csv:
                        record.removeAll(keepingCapacity: true)
                        ExportText.appendCSV(name, to: &record)
                        record.append(0x2C)
                        TimeText.appendLocal(created, to: &record)
                        record.append(0x2C)
                        if let day { record.append(contentsOf: day.utf8) }
                        record.append(0x2C)
                        if let recorded { TimeText.appendLocal(recorded, to: &record) }
                        record.append(contentsOf: [0x0D, 0x0A])
                        guard emit(record) else { throw .interrupted }
                        if id != currentID { habits += 1 }
                        currentID = id
                    case .json:
                        if id != currentID {
                            if currentID != nil {
                                ExportText.append("]},\n", to: &record)
                                guard emit(record) else { throw .interrupted }
                                record.removeAll(keepingCapacity: true)
                            }
                            currentID = id
                            habits += 1
                            ExportText.append("{\"name\":", to: &record)
                            ExportText.appendJSON(name, to: &record)
                            ExportText.append(",\"created\":\"", to: &record)
                            TimeText.appendLocal(created, to: &record)
                            ExportText.append("\",\"done\":[", to: &record)
                        } else {
                            record.append(0x2C)
                        }
                        if let day {
                            ExportText.append("{\"day\":", to: &record)
                            ExportText.appendJSON(day, to: &record)
                            if let recorded {
                                ExportText.append(",\"recorded\":\"", to: &record)
                                TimeText.appendLocal(recorded, to: &record)
                                record.append(0x22)
                            }
                            record.append(0x7D)
                        } else if record.last == 0x2C {
                            record.removeLast()
                        }
                    }
                }
            }
        } catch {
            throw sinkError ?? .storage(error)
        }
        if format == .json {
            if currentID != nil {
                ExportText.append("]}\n", to: &record)
                guard emit(record) else { throw sinkError ?? .output(errno: 0) }
            }
            guard emit(Array("]}\n".utf8)) else { throw sinkError ?? .output(errno: 0) }
        }
        return habits
    }
}
