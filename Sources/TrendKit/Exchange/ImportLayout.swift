/// The layouts `import` recognises, each from the file's own first lines.
public enum ImportLayout: String, Sendable, CaseIterable {
    /// trendsh's own CSV export (`date,kilograms,…`).
    case trendshCSV = "trendsh-csv"
    /// trendsh's own JSON export (`{"format":"trendsh-entries",…}`).
    case trendshJSON = "trendsh-json"
    /// Libra, versions 5 and 6: `#Version` and `#Units` lines, then `;`-separated rows.
    case libra
    /// openScale 2.x: quoted headers with `dateTime` and `weight`, in kilograms.
    case openScale2 = "openscale-2"
    /// openScale 3.x: `DATE,TIME,…,WEIGHT`, in kilograms.
    case openScale3 = "openscale-3"
    /// Withings: `Date,"Weight (kg)",…`.
    case withings
    /// A Fitbit export, `weight-*.json`, in the account's unit.
    case fitbit
    /// The Hacker's Diet Online: `Date,Weight,Rung,Flag,Comment` with `StartTrend` lines.
    case hackersDiet = "hackers-diet"
    /// TrendWeight's raw CSV: `Date,Time,Weight,Body Fat %`, in the account's unit.
    case trendWeight = "trendweight"
    /// Apple Health's `export.xml`: its BodyMass records, and the records of other kinds.
    case appleHealth = "apple-health"
    /// Any other CSV, TSV or `;`-separated file with a date column and a column of a kind,
    /// found by their headers; tried only after every named layout.
    case spreadsheet

    /// The layouts that name themselves, each recognised by its own marks.
    public static let named: [ImportLayout] = allCases.filter { $0 != .spreadsheet }
}

/// Where the unit of a file's weights comes from.
public enum UnitSource: String, Sendable, Equatable {
    /// The file names it (`#Units:kg`, `Weight (lb)`, a `kilograms` column).
    case file
    /// The layout always uses it (openScale keeps kilograms).
    case layout
    /// The file names none, so the unit setting is used.
    case setting
    /// `import FILE --unit kg|lb` (or `import FILE kg|lb`) named it.
    case given
    /// Each record names its own (Apple Health).
    case eachRecord
}

/// What the file's layout says about its unit.
enum StatedUnit: Equatable, Sendable {
    /// The file names this unit.
    case named(WeightUnit)
    /// The layout always uses this unit.
    case convention(WeightUnit)
    /// The file names no unit.
    case none
    /// Each record names its own.
    case eachRecord

    /// The unit to read the file's weights in, and where it came from: a unit the file names
    /// wins; otherwise `given` (from `import FILE kg|lb`), then the layout's, then the setting.
    func resolved(given: WeightUnit?, setting: WeightUnit) -> (unit: WeightUnit?, source: UnitSource) {
        switch self {
        case .named(let unit): return (unit, .file)
        case .eachRecord: return (nil, .eachRecord)
        case .convention(let unit): return given.map { ($0, .given) } ?? (unit, .layout)
        case .none: return given.map { ($0, .given) } ?? (setting, .setting)
        }
    }
}

/// Where one file's rows come from, whatever its layout.
protocol RowSource: AnyObject {
    var layout: ImportLayout { get }
    var statedUnit: StatedUnit { get }
    var stream: ByteStream { get }
    /// The columns (or record types) that hold kinds other than weight.
    var measureColumns: [MeasureColumn] { get }
    /// The columns, keys or record types read so far that no kind reads, each named once.
    var leftOut: [LeftOutColumn] { get }
    /// The kinds the file declares (a `trendsh-entries` file of version 2), for the import to add.
    var declaredKinds: [MeasurementKind] { get }
    /// How a spreadsheet's columns and dates are read; nil for a named layout.
    var spreadsheet: SpreadsheetReading? { get }
    /// Fills `row` with the next row; false after the last.
    func next(into row: inout RawRow) throws(ImportFileError) -> Bool
}

extension RowSource {
    var spreadsheet: SpreadsheetReading? { nil }
}

/// Opens a file named for import and recognises its layout from its first bytes.
enum ImportReader {
    /// `kinds` are the kinds the import knows (the built-in ones and those the store holds).
    /// A file that none of the named layouts reads is read as a spreadsheet, with `options`;
    /// options given for a file in a named layout refuse it.
    static func open(
        path: String, kinds: [MeasurementKind] = MeasurementKind.builtIn, options: SpreadsheetOptions = .init(),
        chunkSize: Int = ByteStream.defaultChunkSize
    ) throws(ImportFileError) -> any RowSource {
        let source = try openNamed(path: path, kinds: kinds, chunkSize: chunkSize)
        switch source {
        case .some(let source):
            guard options.isEmpty else { throw .spreadsheet(.namedLayout(source.layout)) }
            return source
        case .none:
            return try SpreadsheetRows(path: path, kinds: kinds, options: options, chunkSize: chunkSize)
        }
    }

    /// The file in the named layout it is in; nil for a text file in none of them, which may
    /// be a spreadsheet.
    private static func openNamed(path: String, kinds: [MeasurementKind], chunkSize: Int) throws(ImportFileError)
        -> (any RowSource)?
    {
        let stream = try ByteStream(path: path, chunkSize: chunkSize)
        guard try stream.refill() else { throw .unknownLayout }
        let first = stream.buffer[stream.position..<stream.count].first {
            $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D
        }
        switch first {
        case 0x3C: return try AppleHealthRows(stream: stream, kinds: kinds)
        case 0x7B, 0x5B: return try JSONRows(stream: stream, kinds: kinds)
        case 0x23: return try CSVRows(libra: stream, kinds: kinds)
        case nil: throw .unknownLayout
        default:
            do throws(ImportFileError) {
                return try CSVRows(stream: stream, kinds: kinds)
            } catch .unknownLayout {
                return nil
            }
        }
    }
}
