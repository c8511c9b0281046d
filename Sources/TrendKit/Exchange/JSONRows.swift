/// The rows of the JSON layouts: trendsh's own export (`{"format":"trendsh-entries",
/// "entries":[…]}`) and Fitbit's `weight-*.json` (an array of `{"date":"11/29/26",
/// "time":"08:00:00","weight":165.2,…}`, or the same under a `"weight"` key). Each row is
/// one object; keys trendsh does not use are skipped, however nested. trendsh's own file
/// says its format's `"version"`, before or after its entries: one newer than this trendsh
/// writes (`EntryExporter.entriesVersion`), or one that is no version, refuses the file.
final class JSONRows: RowSource {
    let layout: ImportLayout
    let statedUnit: StatedUnit
    let stream: ByteStream
    private let reader: JSONReader
    /// The first object, read to recognise the layout and not yet returned.
    private var pendingRow: RawRow?

    init(stream: ByteStream) throws(ImportFileError) {
        self.stream = stream
        reader = JSONReader(stream: stream)
        switch try reader.next() {
        case .beginArray:
            layout = .fitbit
        case .beginObject:
            var found: ImportLayout?
            var version: String?
            keys: while true {
                switch try reader.next() {
                case .key:
                    let key = reader.string
                    if key == "version" {
                        version = try Self.versionText(reader)
                    } else if key == "format" {
                        let token = try reader.next()
                        if token == .string && reader.string.hasPrefix("trendsh-habits") { throw .habitsExport }
                        if token == .beginObject || token == .beginArray { throw .unknownLayout }
                    } else if key == "entries" || key == "weight" {
                        guard try reader.next() == .beginArray else { throw .unknownLayout }
                        found = key == "entries" ? .trendshJSON : .fitbit
                        break keys
                    } else {
                        try reader.skipValue()
                    }
                default:
                    throw .unknownLayout
                }
            }
            guard let found else { throw .unknownLayout }
            if found == .trendshJSON, let version { try Self.check(version: version) }
            layout = found
        default:
            throw .unknownLayout
        }
        statedUnit = layout == .trendshJSON ? .named(.kilograms) : .none
        if layout == .fitbit {
            // A Fitbit file's objects have a date and a weight; any other array is not one.
            var first = RawRow()
            if try readObject(into: &first) {
                guard !first.date.isEmpty, !first.weight.isEmpty else { throw .unknownLayout }
                pendingRow = first
            }
        }
    }

    func next(into row: inout RawRow) throws(ImportFileError) -> Bool {
        if let pendingRow {
            row = pendingRow
            self.pendingRow = nil
            return true
        }
        return try readObject(into: &row)
    }

    /// Reads the next element of the array of rows; at the array's end, reads the rest of the
    /// document (so it is checked whole) and returns false.
    private func readObject(into row: inout RawRow) throws(ImportFileError) -> Bool {
        switch try reader.next() {
        case .beginObject: break
        case .endArray:
            try readRest()
            return false
        default:
            throw .malformed(line: reader.line)
        }
        row.reset(line: reader.line)
        row.dateOrder = layout == .fitbit ? .monthDayYear : .yearMonthDay
        while true {
            switch try reader.next() {
            case .endObject: return true
            case .key:
                let field = fieldFor(reader.text)
                switch try reader.next() {
                case .string, .number:
                    guard let field else { continue }
                    let range = row.add(reader.text)
                    switch field {
                    case .date: row.date = range
                    case .time: row.time = range
                    case .weight: row.weight = range
                    case .note: row.note = range
                    }
                case .beginObject, .beginArray:
                    try skipRest()
                case .bool, .null:
                    continue
                default:
                    throw .malformed(line: reader.line)
                }
            default:
                throw .malformed(line: reader.line)
            }
        }
    }

    private enum Field {
        case date
        case time
        case weight
        case note
    }

    private func fieldFor(_ key: [UInt8]) -> Field? {
        switch String(decoding: key, as: UTF8.self) {
        case "date": return .date
        case "time" where layout == .fitbit: return .time
        case "kilograms" where layout == .trendshJSON: return .weight
        case "weight" where layout == .fitbit: return .weight
        case "note" where layout == .trendshJSON: return .note
        default: return nil
        }
    }

    /// The rest of the document after the array of rows, read to its end; a `"version"` of
    /// trendsh's own file written after its entries is checked as one before them is.
    private func readRest() throws(ImportFileError) {
        // 0: among the keys of the object that holds the rows (when they are in one).
        var depth = 0
        while true {
            switch try reader.next() {
            case .end: return
            case .key where depth == 0 && layout == .trendshJSON && reader.text.elementsEqual("version".utf8):
                try Self.check(version: try Self.versionText(reader))
            case .beginObject, .beginArray: depth += 1
            case .endObject, .endArray: depth -= 1
            case .key, .string, .number, .bool, .null: break
            }
        }
    }

    /// The value of a `"version"` key just read, as written: a number's or a string's text,
    /// or the JSON word for anything else (which no version is).
    private static func versionText(_ reader: JSONReader) throws(ImportFileError) -> String {
        switch try reader.next() {
        case .number, .string: return reader.string
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .beginObject, .beginArray:
            try skipRest(reader)
            return "{…}"
        case .key, .endObject, .endArray, .end: throw .malformed(line: reader.line)
        }
    }

    /// Refuses a version of trendsh's own format that this trendsh does not read: a number
    /// after `EntryExporter.entriesVersion`, or anything that is no whole number from 1.
    static func check(version text: String) throws(ImportFileError) {
        let isWhole = !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && text.first != "0"
        // A whole number too long for an Int is newer than any version.
        guard isWhole, let value = Int(text), value <= EntryExporter.entriesVersion else {
            throw .unreadableVersion(text)
        }
    }

    /// Skips the rest of an object or array whose opening token was just read.
    private func skipRest() throws(ImportFileError) { try Self.skipRest(reader) }

    private static func skipRest(_ reader: JSONReader) throws(ImportFileError) {
        var depth = 1
        while depth > 0 {
            switch try reader.next() {
            case .beginObject, .beginArray: depth += 1
            case .endObject, .endArray: depth -= 1
            case .end: throw .malformed(line: reader.line)
            case .key, .string, .number, .bool, .null: break
            }
        }
    }
}
