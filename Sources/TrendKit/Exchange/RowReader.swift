import FoundationEssentials

/// Reads a raw row as an entry under the same rules as any save: a date that can be read
/// and is not in the future, a weight between 20 and 500 kg in the unit it was read in,
/// and a note of at most 500 characters once trimmed and put in Unicode NFC. A row that
/// breaks a rule is a `RowProblem`; nothing in it is cut or guessed.
///
/// A row without a time is judged by its day, not by the 12:00 it is kept at: a row dated
/// today is read at any hour, so a morning's import of today's weight is not "in the future".
struct RowReader {
    /// The unit the file's weights are in; nil when each record names its own.
    let unit: WeightUnit?
    /// No entry with a time may be dated after this moment (milliseconds since 1970).
    let latestMilliseconds: Int64
    /// No entry without a time may be dated after this day: today's, in local time (days since 1970).
    let latestDay: Int
    /// The columns of the file that hold other kinds' values, as `RawMeasure.column` counts them.
    let columns: [MeasureColumn]
    /// Every kind the import knows, for a value a fix typed.
    let kinds: [MeasurementKind]
    /// True when the layout writes `0` for "not measured" (openScale).
    let zeroIsNone: Bool

    init(
        unit: WeightUnit?, latestMilliseconds: Int64, columns: [MeasureColumn] = [], kinds: [MeasurementKind] = [],
        zeroIsNone: Bool = false
    ) {
        self.unit = unit
        self.latestMilliseconds = latestMilliseconds
        self.columns = columns
        self.kinds = kinds
        self.zeroIsNone = zeroIsNone
        let seconds = latestMilliseconds >= 0 ? latestMilliseconds / 1_000 : (latestMilliseconds - 999) / 1_000
        latestDay = LocalCalendar.dayNumber(unixSeconds: seconds)
    }

    func read(_ row: RawRow) -> Result<ImportedEntry, RowProblem> {
        guard let date = ImportDateParser.read(row) else {
            var text = row.text(row.date)
            if let time = row.time, !time.isEmpty { text += " " + row.text(time) }
            return .failure(.unreadableDate(text.trimmingWhitespace()))
        }
        let milliseconds = date.milliseconds
        if let day = date.day {
            if day > latestDay { return .failure(.dayInFuture(day: day)) }
        } else if milliseconds > latestMilliseconds {
            return .failure(.dateInFuture(Date(timeIntervalSince1970: Double(milliseconds) / 1_000)))
        }
        var measurements: [KindID: Double] = [:]
        var dropped: [DroppedValue] = []
        let kilograms: Double?
        switch weight(row) {
        case .success(let value): kilograms = value
        case .failure(.missingWeight) where hasMeasures(row):
            // A row of other measurements only (an Apple Health body-fat record).
            kilograms = nil
        case .failure(let problem): return .failure(problem)
        }
        if !row.measures.isEmpty {
            for measure in row.measures {
                switch value(measure, in: row, kilograms: kilograms) {
                case nil: continue
                case .success(let value)?: measurements[measure.kind] = value
                case .failure(let problem)?:
                    dropped.append(
                        DroppedValue(
                            kind: measure.kind, text: row.text(measure.range).trimmingWhitespace(), problem: problem))
                }
            }
            if kilograms == nil && measurements.isEmpty {
                return .failure(dropped.isEmpty ? .missingWeight : .noValidValue)
            }
        }
        var note = ""
        if let range = row.note {
            var start = range.lowerBound
            if row.noteHasFormulaMark, start < range.upperBound, row.bytes[start] == 0x27 { start += 1 }
            note = Self.normalizedNote(row.bytes[start..<range.upperBound])
            if !note.isEmpty {
                let length = note.count
                if length > WeightEntryDraft.maximumNoteLength { return .failure(.noteTooLong(length: length)) }
            }
        }
        return .success(
            ImportedEntry(
                milliseconds: milliseconds, kilograms: kilograms, note: note, measurements: measurements,
                dropped: dropped))
    }

    /// True when the row holds a value (not the layout's mark for none) of a kind other than weight.
    private func hasMeasures(_ row: RawRow) -> Bool {
        row.measures.contains { !isNone(row, $0) }
    }

    /// True when the value's text is the layout's mark for "not measured": an empty field, or
    /// openScale's `0.0`.
    private func isNone(_ row: RawRow, _ measure: RawMeasure) -> Bool {
        let text = row.bytes[measure.range]
        guard let first = text.firstIndex(where: { !Self.isSpace($0) }) else { return true }
        guard zeroIsNone, measure.column != nil else { return false }
        return text[first...].allSatisfy { $0 == 0x30 || $0 == 0x2E || $0 == 0x2C || Self.isSpace($0) }
    }

    /// One value of a kind other than weight in its canonical unit, read as the file means it;
    /// nil when the file marks it as not measured.
    private func value(_ measure: RawMeasure, in row: RawRow, kilograms: Double?) -> Result<Double, ValueProblem>? {
        if isNone(row, measure) { return nil }
        let text = row.text(measure.range).trimmingWhitespace()
        guard let index = measure.column else {
            // A fix typed it: read as a person types it, in the kind's stored unit unless it names one.
            guard let kind = kinds.first(where: { $0.id == measure.kind }) else { return .failure(.unreadable) }
            do throws(MeasurementError) {
                return .success(try kind.canonical(fromTyped: text, unit: kind.canonicalUnit))
            } catch {
                switch error {
                case .unitNotForKind: return .failure(.wrongUnit)
                case .invalidValue: return .failure(.outOfRange)
                }
            }
        }
        guard columns.indices.contains(index) else { return .failure(.unreadable) }
        let column = columns[index]
        let kind = column.kind
        guard let number = text.utf8.withContiguousStorageIfAvailable({ Self.decimal($0) }) ?? nil else {
            return .failure(.unreadable)
        }
        // The unit the column's values are in: the header's, the record's, or else the file's.
        var unit = column.unit
        if let range = row.unit {
            let named = row.text(range).trimmingWhitespace()
            if column.reading == .fraction {
                unit = .percent
            } else {
                guard let recordUnit = MeasureUnit.named(named) else { return .failure(.wrongUnit) }
                unit = recordUnit
            }
        }
        let value: Double
        switch column.reading {
        case .asWritten:
            let read = unit ?? defaultUnit(for: kind)
            guard read.quantity == kind.quantity else { return .failure(.wrongUnit) }
            value = read.canonical(fromValue: number)
        case .fraction:
            value = number * 100
        case .massOfWeight:
            guard let kilograms, kilograms > 0 else { return .failure(.needsWeight) }
            let read = unit ?? defaultUnit(for: MeasurementKind.weight)
            guard read.quantity == .mass else { return .failure(.wrongUnit) }
            value = read.canonical(fromValue: number) / kilograms * 100
        case .percentOfWeight:
            guard let kilograms else { return .failure(.needsWeight) }
            value = kilograms * number / 100
        }
        guard value.isFinite, kind.range.contains(value) else { return .failure(.outOfRange) }
        return .success(value)
    }

    /// The unit a column that names none is read in: a mass in the file's weight unit, a share
    /// in percent, a length in centimetres.
    private func defaultUnit(for kind: MeasurementKind) -> MeasureUnit {
        switch kind.quantity {
        case .mass: return unit == .pounds ? .pounds : .kilograms
        case .share: return .percent
        case .length: return .centimetres
        }
    }

    /// The note as a save stores it: trimmed, in NFC. Plain ASCII without spaces at its ends
    /// (nearly every note) is taken as it is.
    static func normalizedNote(_ bytes: ArraySlice<UInt8>) -> String {
        guard let first = bytes.first, let last = bytes.last else { return "" }
        let plain =
            first > 0x20 && last > 0x20 && first < 0x7F && last < 0x7F && bytes.allSatisfy { $0 < 0x80 }
        let text = String(decoding: bytes, as: UTF8.self)
        return plain ? text : WeightEntryDraft.canonicalNFC(text.trimmingWhitespace())
    }

    private func weight(_ row: RawRow) -> Result<Double, RowProblem> {
        row.bytes.withUnsafeBufferPointer { bytes in
            var start = row.weight.lowerBound
            var end = row.weight.upperBound
            while start < end && Self.isSpace(bytes[start]) { start += 1 }
            while end > start && Self.isSpace(bytes[end - 1]) { end -= 1 }
            guard start < end else { return .failure(.missingWeight) }
            // A unit written after the number (a fix such as "154 lb") wins over the file's.
            var letters = end
            while letters > start && Self.isLetter(bytes[letters - 1]) { letters -= 1 }
            var unit = self.unit
            var numberEnd = end
            if letters < end && letters > start {
                let suffix = String(decoding: UnsafeBufferPointer(rebasing: bytes[letters..<end]), as: UTF8.self)
                if let named = WeightUnit(symbol: suffix) {
                    unit = named
                    numberEnd = letters
                    while numberEnd > start && Self.isSpace(bytes[numberEnd - 1]) { numberEnd -= 1 }
                }
            }
            if let unitRange = row.unit {
                switch Self.recordUnit(row.text(unitRange)) {
                case .success(let reading):
                    unit = reading.unit
                    guard let value = Self.decimal(UnsafeBufferPointer(rebasing: bytes[start..<numberEnd])) else {
                        return .failure(.unreadableWeight(row.text(start..<end)))
                    }
                    return check(value * reading.factor, shown: row.text(start..<end), unit: reading.unit)
                case .failure(let problem):
                    return .failure(problem)
                }
            }
            let text = row.text(start..<end)
            guard let value = Self.decimal(UnsafeBufferPointer(rebasing: bytes[start..<numberEnd])) else {
                return .failure(.unreadableWeight(text))
            }
            let resolved = unit ?? .kilograms
            return check(resolved.kilograms(fromValue: value), shown: text, unit: resolved)
        }
    }

    private func check(_ kilograms: Double, shown: String, unit: WeightUnit) -> Result<Double, RowProblem> {
        guard (WeightUnit.minimumKilograms...WeightUnit.maximumKilograms).contains(kilograms) else {
            return .failure(.weightOutOfRange(value: shown, unit: unit))
        }
        return .success(kilograms)
    }

    /// The units Apple Health records name, as the unit reported and the factor to kilograms.
    static func recordUnit(_ text: String) -> Result<(unit: WeightUnit, factor: Double), RowProblem> {
        switch text.trimmingWhitespace() {
        case "kg": return .success((.kilograms, 1))
        case "lb", "lbs": return .success((.pounds, WeightUnit.kilogramsPerPound))
        case "g": return .success((.kilograms, 0.001))
        case "st": return .success((.pounds, 14 * WeightUnit.kilogramsPerPound))
        default: return .failure(.unknownUnit(text))
        }
    }

    /// `digits[(.|,)digits]`, as a weight is typed: no sign, exponent, word or second separator.
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !bytes.isEmpty, bytes.count <= 32 else { return nil }
        var separator = -1
        var mantissa: UInt64 = 0
        var significant = 0
        for (index, byte) in bytes.enumerated() {
            if byte == 0x2E || byte == 0x2C {
                guard separator < 0 else { return nil }
                separator = index
            } else if byte >= 0x30 && byte <= 0x39 {
                if significant > 0 || byte != 0x30 { significant += 1 }
                if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(byte - 0x30) }
            } else {
                return nil
            }
        }
        guard separator != 0, separator != bytes.count - 1 else { return nil }
        let places = separator < 0 ? 0 : bytes.count - 1 - separator
        // Clinger's fast path: a mantissa below 2^53 and a power of ten up to 10^22 are both
        // exact, so one division rounds correctly, exactly as parsing the text would.
        if significant <= 15 && places < powersOfTen.count { return Double(mantissa) / powersOfTen[places] }
        var text = String(decoding: bytes, as: UTF8.self)
        if separator > 0 && bytes[separator] == 0x2C {
            text = String(decoding: bytes.map { $0 == 0x2C ? 0x2E : $0 }, as: UTF8.self)
        }
        return Double(text)
    }

    private static let powersOfTen: [Double] = (0...22).map { power in
        var value = 1.0
        for _ in 0..<power { value *= 10 }
        return value
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}
