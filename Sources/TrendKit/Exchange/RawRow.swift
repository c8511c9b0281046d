/// One row as a file holds it, before it is read as an entry: the texts of its date, time,
/// weight, unit and note, back to back in one reused buffer, so reading a million rows
/// allocates nothing per row. Each row source fills it; `RowReader` reads it.
struct RawRow {
    /// How a date is written.
    enum DateOrder: Sendable {
        /// `2026-11-29`, with a time and a zone after it or not.
        case yearMonthDay
        /// `11/29/26` or `11/29/2026`, as Fitbit writes it (and a month-first spreadsheet).
        case monthDayYear
        /// `29.11.2026` or `29/11/2026`, as a day-first spreadsheet writes it.
        case dayMonthYear
    }

    /// The line the row starts on.
    var line = 0
    var bytes: [UInt8] = []
    var date: Range<Int> = 0..<0
    /// A separate time column, if the layout has one.
    var time: Range<Int>?
    var weight: Range<Int> = 0..<0
    /// The row's own unit (Apple Health names one per record).
    var unit: Range<Int>?
    var note: Range<Int>?
    /// The values of kinds other than weight, in the order the file holds them.
    var measures: [RawMeasure] = []
    var dateOrder = DateOrder.yearMonthDay
    /// trendsh's own CSV marks a note that a spreadsheet would run with one leading `'`.
    var noteHasFormulaMark = false

    init() { bytes.reserveCapacity(256) }

    mutating func reset(line: Int) {
        self.line = line
        bytes.removeAll(keepingCapacity: true)
        date = 0..<0
        time = nil
        weight = 0..<0
        unit = nil
        note = nil
        measures.removeAll(keepingCapacity: true)
        dateOrder = .yearMonthDay
        noteHasFormulaMark = false
    }

    /// Appends `source` and returns where it sits.
    mutating func add(_ source: some Collection<UInt8>) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: source)
        return start..<bytes.count
    }

    mutating func add(_ text: String) -> Range<Int> { add(text.utf8) }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Replaces a kind's value with the text a fix typed (empty: the row holds none of it).
    mutating func replace(_ kind: KindID, with text: String) {
        measures.removeAll { $0.kind == kind }
        let range = add(text)
        measures.append(RawMeasure(column: nil, kind: kind, range: range))
    }

    /// Replaces one of the texts (a fix the person typed).
    mutating func replace(_ field: ImportFix.Field, with text: String) {
        let range = add(text)
        switch field {
        case .date:
            date = range
            time = nil
            dateOrder = .yearMonthDay
        case .weight:
            // A fixed weight carries its own unit, whatever the record named.
            weight = range
            unit = nil
        case .note:
            note = range
            noteHasFormulaMark = false
        }
    }
}
