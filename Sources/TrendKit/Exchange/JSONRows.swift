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
    private(set) var measureColumns: [MeasureColumn] = []
    private(set) var leftOut: [LeftOutColumn] = []
    private(set) var declaredKinds: [MeasurementKind] = []
    private let reader: JSONReader
    /// The first object, read to recognise the layout and not yet returned.
    private var pendingRow: RawRow?
    /// The keys that hold a kind's values: the index of its column.
    private var measureKeys: [String: Int] = [:]
    /// The keys no kind reads, each named once.
    private var leftOutKeys = Set<String>()
    private let kinds: [MeasurementKind]

    init(stream: ByteStream, kinds: [MeasurementKind] = MeasurementKind.builtIn) throws(ImportFileError) {
        self.stream = stream
        self.kinds = kinds
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
                    } else if key == "kinds" {
                        declaredKinds = try Self.kinds(reader)
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
        // The file's own kinds count where the store holds none of that id.
        let known = kinds + declaredKinds.filter { kind in !kinds.contains { $0.id == kind.id } }
        for kind in known where kind.id != .weight {
            let names = layout == .trendshJSON ? [kind.exportColumn] : (kind.names(in: layout) ?? []).map(\.name)
            for name in names where measureKeys[name] == nil {
                measureKeys[name] = measureColumns.count
                measureColumns.append(MeasureColumn(kind: kind, reading: .asWritten, unit: nil))
            }
        }
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
                    if case .leftOut = field { continue }
                    let range = row.add(reader.text)
                    switch field {
                    case .date: row.date = range
                    case .time: row.time = range
                    case .weight: row.weight = range
                    case .note: row.note = range
                    case .measure(let index):
                        row.measures.append(
                            RawMeasure(column: index, kind: measureColumns[index].kind.id, range: range))
                    case .leftOut: break
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
        case measure(Int)
        /// A key no kind reads, named once among `leftOut`.
        case leftOut
    }

    private func fieldFor(_ key: [UInt8]) -> Field? {
        let name = String(decoding: key, as: UTF8.self)
        if let field = usedField(name) { return field }
        if let index = measureKeys[name] { return .measure(index) }
        if leftOutKeys.count < ImportMeasures.leftOutLimit, !leftOutKeys.contains(name) {
            leftOutKeys.insert(name)
            leftOut.append(LeftOutColumn(name: name, reason: ImportMeasures.reason(name, layout: layout)))
        }
        return .leftOut
    }

    private func usedField(_ name: String) -> Field? {
        switch name {
        case "date": return .date
        case "time" where layout == .fitbit: return .time
        case "kilograms" where layout == .trendshJSON: return .weight
        case "weight" where layout == .fitbit: return .weight
        case "note" where layout == .trendshJSON: return .note
        default: return nil
        }
    }

    /// The keys of a kind's declaration.
    private static let kindKeys: Set<String> = ["id", "name", "quantity", "unit", "min", "max", "decimals"]

    /// The kinds a version 2 file declares (`"kinds":[{"id":"neck","name":"neck",
    /// "quantity":"length","unit":"cm","min":20,"max":80,"decimals":1,"trend":true}]`), each
    /// as `KindRecords` makes a declaration. One that no kind can be refuses the file.
    private static func kinds(_ reader: JSONReader) throws(ImportFileError) -> [MeasurementKind] {
        guard try reader.next() == .beginArray else { throw .malformed(line: reader.line) }
        var kinds: [MeasurementKind] = []
        while true {
            switch try reader.next() {
            case .endArray: return kinds
            case .beginObject: break
            default: throw .malformed(line: reader.line)
            }
            var fields: [String: String] = [:]
            var trend = false
            object: while true {
                switch try reader.next() {
                case .endObject: break object
                case .key:
                    let key = reader.string
                    switch try reader.next() {
                    // Only a declaration's own keys are kept, so a hostile object of a
                    // million keys holds nothing.
                    case .string, .number: if Self.kindKeys.contains(key) { fields[key] = reader.string }
                    case .bool(let value): if key == "trend" { trend = value }
                    case .null: break
                    case .beginObject, .beginArray: try skipRest(reader)
                    default: throw .malformed(line: reader.line)
                    }
                default: throw .malformed(line: reader.line)
                }
            }
            let id = fields["id"] ?? ""
            guard kinds.count < 1_000, !id.isEmpty, id.count <= 32,
                id.unicodeScalars.allSatisfy({ $0.properties.isLowercase || ("0"..."9").contains($0) || $0 == "_" }),
                let quantity = fields["quantity"].flatMap(Quantity.init(rawValue:)),
                let unit = fields["unit"].flatMap(MeasureUnit.named), unit.quantity == quantity, unit != .stones,
                let low = fields["min"].flatMap(Double.init), let high = fields["max"].flatMap(Double.init),
                low.isFinite, high.isFinite, low >= 0, low < high,
                let decimals = fields["decimals"].flatMap(Int.init), (0...3).contains(decimals)
            else { throw .unreadableKind(id.count > 32 ? String(id.prefix(32)) + "…" : id) }
            let name = (fields["name"] ?? id).isEmpty ? id : fields["name"] ?? id
            kinds.append(
                KindRecords.kind(
                    id: KindID(id), name: String(name.prefix(100)), quantity: quantity, unit: unit, range: low...high,
                    decimals: decimals, hasTrend: trend))
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
