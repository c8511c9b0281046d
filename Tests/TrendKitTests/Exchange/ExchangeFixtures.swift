import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// Files in every layout `import` reads, written by the tests from each layout's header
/// lines and a few rows (nothing is downloaded), and a store to import them into.
enum ExchangeFixtures {
    /// When a sample's first row was weighed: an exact moment, or local time (as most apps
    /// write it), so the tests hold in any `TZ`.
    enum Moment: Sendable {
        case utc(String)
        case local(year: Int, month: Int, day: Int, hour: Int, minute: Int)

        var date: Date? {
            switch self {
            case .utc(let text): return StoredTime.date(text)
            case .local(let year, let month, let day, let hour, let minute):
                return LocalCalendar.date(
                    from: LocalCalendar.Fields(year: year, month: month, day: day, hour: hour, minute: minute))
            }
        }
    }

    /// One layout's sample file, and what its first row must read as.
    struct Sample: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var layout: ImportLayout
        /// The unit its weights are read in when the unit setting is lb.
        var unit: WeightUnit?
        var source: UnitSource
        var rows: Int
        var first: Moment
        var kilograms: Double
        var note: String
        /// The first row's values of kinds other than weight, in their stored units.
        var measurements: [KindID: Double] = [:]
        /// The columns (keys, record types) the file leaves out, in the order it first names them.
        var leftOut: [String] = []

        var description: String { name }
    }

    /// 165 lb in kilograms.
    static let pounds165 = 165 * WeightUnit.kilogramsPerPound

    static let samples: [Sample] = [
        Sample(
            name: "trendsh.csv",
            text: "date,kilograms,weight,unit,note,fat_percent,waist_centimetres\r\n"
                + "2026-11-20T08:30:00.000+01:00,80.3,80.3,kg,'=SUM(A1),21.5,82\r\n"
                + "2026-11-21T07:30:00.000Z,80.1,80.1,kg,\"after, \"\"run\"\"\",,\r\n",
            layout: .trendshCSV, unit: .kilograms, source: .file, rows: 2, first: .utc("2026-11-20T07:30:00.000Z"),
            kilograms: 80.3, note: "=SUM(A1)", measurements: [KindID("fat"): 21.5, KindID("waist"): 82],
            leftOut: ["weight", "unit"]),
        Sample(
            name: "trendsh.json",
            text: """
                {"format":"trendsh-entries","version":1,"unit":"lb","entries":[
                {"date":"2026-11-20T07:30:00.000+00:00","kilograms":74.84274105,"weight":165.0,"unit":"lb","note":"caf\\u00e9"},
                {"date":"2026-11-21T07:30:00.000+00:00","kilograms":75,"weight":165.3,"unit":"lb","note":""}
                ]}

                """,
            layout: .trendshJSON, unit: .kilograms, source: .file, rows: 2, first: .utc("2026-11-20T07:30:00.000Z"),
            kilograms: 74.842_741_05, note: "caf\u{e9}", leftOut: ["weight", "unit"]),
        Sample(
            name: "libra6.csv",
            text: """
                #Version:6
                #Units:lb

                #date;weight;weight trend;body fat;body fat trend;muscle mass;muscle mass trend;log
                2026-11-20T07:30:00.000Z;165.0;165.0;21.4;21.4;123.1;123.1;morning
                2026-11-21T07:30:00.000Z;164.6;164.9;;;;;

                """,
            layout: .libra, unit: .pounds, source: .file, rows: 2, first: .utc("2026-11-20T07:30:00.000Z"),
            kilograms: pounds165, note: "morning",
            measurements: [KindID("fat"): 21.4, KindID("muscle"): 123.1 * WeightUnit.kilogramsPerPound],
            leftOut: ["weight trend", "body fat trend", "muscle mass trend"]),
        Sample(
            name: "libra5.csv",
            text: """
                #Version:5
                #Units:kg

                #date;weight;weight trend;body fat;body fat trend;log
                2026-11-20T07:30:00.000Z;80.3;80.3;21.4;21.4;
                2026-11-21T07:30:00.000Z;80.1;80.2;;;

                """,
            layout: .libra, unit: .kilograms, source: .file, rows: 2, first: .utc("2026-11-20T07:30:00.000Z"),
            kilograms: 80.3, note: "", measurements: [KindID("fat"): 21.4], leftOut: ["weight trend", "body fat trend"]),
        Sample(
            name: "openscale2.csv",
            text: """
                "biceps","bone","caliper1","caliper2","caliper3","calories","chest","comment","dateTime","fat","hip","lbm","muscle","neck","thigh","visceralFat","waist","water","weight"
                "0.0","2.9","0.0","0.0","0.0","0.0","0.0","new scale","2026-11-20 07:30","21.4","0.0","0.0","38.2","0.0","0.0","0.0","0.0","55.1","80.3"
                "0.0","2.9","0.0","0.0","0.0","0.0","0.0","","2026-11-21 07:31","21.3","0.0","0.0","38.2","0.0","0.0","0.0","0.0","55.0","80.1"

                """,
            layout: .openScale2, unit: .kilograms, source: .layout, rows: 2,
            first: .local(year: 2026, month: 11, day: 20, hour: 7, minute: 30), kilograms: 80.3, note: "new scale",
            measurements: [
                KindID("bone"): 2.9, KindID("fat"): 21.4, KindID("muscle"): 80.3 * 38.2 / 100, KindID("water"): 55.1,
            ],
            leftOut: [
                "biceps", "caliper1", "caliper2", "caliper3", "calories", "chest", "lbm", "neck", "thigh",
                "visceralFat",
            ]),
        Sample(
            name: "openscale3.csv",
            text: """
                DATE,TIME,BMI,BODY_FAT,COMMENT,WATER,WEIGHT
                2026-11-20,07:30,24.1,21.4,,55.1,80.3
                2026-11-21,07:31:05.250,24.0,21.3,kept,55.0,80.1

                """,
            layout: .openScale3, unit: .kilograms, source: .layout, rows: 2,
            first: .local(year: 2026, month: 11, day: 20, hour: 7, minute: 30), kilograms: 80.3, note: "",
            measurements: [KindID("fat"): 21.4, KindID("water"): 55.1], leftOut: ["BMI"]),
        Sample(
            name: "withings-weight.csv",
            text: """
                Date,"Weight (lb)","Fat mass (lb)","Bone mass (lb)","Muscle mass (lb)","Hydration (lb)",Comments
                "2026-11-20 07:30:00",165.0,35.1,6.4,123.1,88.3,
                "2026-11-21 07:31:00",164.6,35.0,6.4,123.0,88.1,"after, travel"

                """,
            layout: .withings, unit: .pounds, source: .file, rows: 2,
            first: .local(year: 2026, month: 11, day: 20, hour: 7, minute: 30), kilograms: pounds165, note: "",
            measurements: [
                KindID("fat"): 35.1 / 165 * 100, KindID("bone"): 6.4 * WeightUnit.kilogramsPerPound,
                KindID("muscle"): 123.1 * WeightUnit.kilogramsPerPound, KindID("water"): 88.3 / 165 * 100,
            ]),
        Sample(
            name: "weight-2026-11-20.json",
            text: """
                [{
                  "logId" : 1795678200000,
                  "weight" : 165.0,
                  "bmi" : 24.1,
                  "fat" : 21.4,
                  "date" : "11/20/26",
                  "time" : "07:30:00",
                  "source" : "Aria"
                },{
                  "logId" : 1795764660000,
                  "weight" : 164.6,
                  "bmi" : 24.0,
                  "date" : "11/21/26",
                  "time" : "07:31:00",
                  "source" : "API"
                }]

                """,
            layout: .fitbit, unit: .pounds, source: .setting, rows: 2,
            first: .local(year: 2026, month: 11, day: 20, hour: 7, minute: 30), kilograms: pounds165, note: "",
            measurements: [KindID("fat"): 21.4], leftOut: ["logId", "bmi", "source"]),
        Sample(
            name: "hackdiet_db.csv",
            text: """
                Date,Weight,Rung,Flag,Comment
                StartTrend,2026-11-01,166.0,lb
                2026-11-19,,,0,
                2026-11-20,165.0,12,1,Felt good
                2026-11-21,164.6,12,0,

                """,
            layout: .hackersDiet, unit: .pounds, source: .file, rows: 2,
            first: .local(year: 2026, month: 11, day: 20, hour: 12, minute: 0), kilograms: pounds165,
            note: "Felt good", leftOut: ["Rung", "Flag"]),
        Sample(
            name: "trendweight.csv",
            text: """
                Date,Time,Weight,Body Fat %
                2026-11-20,07:30:00,165.0,21.4
                2026-11-21,07:31:00,164.6,

                """,
            layout: .trendWeight, unit: .pounds, source: .setting, rows: 2,
            first: .local(year: 2026, month: 11, day: 20, hour: 7, minute: 30), kilograms: pounds165, note: "",
            measurements: [KindID("fat"): 21.4]),
        Sample(
            name: "export.xml", text: appleHealth, layout: .appleHealth, unit: nil, source: .eachRecord, rows: 4,
            first: .utc("2026-11-20T07:30:00.000Z"), kilograms: pounds165, note: "",
            leftOut: ["HKQuantityTypeIdentifierHeight", "HKQuantityTypeIdentifierLeanBodyMass"]),
        Sample(
            name: "gewicht.csv",
            text: """
                Datum;Gewicht [kg];Körperfett (%);Puls;Notiz
                20.11.2026 07:30;80,3;21,5;61;"gut; früh"
                21.11.2026;80,1;;;

                """,
            layout: .spreadsheet, unit: .kilograms, source: .file, rows: 2,
            first: .local(year: 2026, month: 11, day: 20, hour: 7, minute: 30), kilograms: 80.3, note: "gut; früh",
            measurements: [KindID("fat"): 21.5], leftOut: ["Puls"]),
    ]

    /// An Apple Health export as the Health app writes it: its DOCTYPE declares elements and
    /// attribute lists (and a comment), never an entity.
    static let appleHealth = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 13 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
        <!ATTLIST Record
          type          CDATA #REQUIRED
          unit          CDATA #IMPLIED
          value         CDATA #IMPLIED
          sourceName    CDATA #REQUIRED
          startDate     CDATA #REQUIRED
          endDate       CDATA #REQUIRED
        >
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2026-11-29 09:00:00 +0100"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet"/>
         <Record type="HKQuantityTypeIdentifierHeight" sourceName="Health" unit="cm" startDate="2026-11-01 08:00:00 +0100" endDate="2026-11-01 08:00:00 +0100" value="180"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings &amp; Health" sourceVersion="6.1" unit="lb" creationDate="2026-11-20 08:31:00 +0100" startDate="2026-11-20 08:30:00 +0100" endDate="2026-11-20 08:30:00 +0100" value="165">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierBodyFatPercentage" sourceName="Withings" unit="%" startDate="2026-11-20 08:30:00 +0100" endDate="2026-11-20 08:30:00 +0100" value="0.214"/>
         <Record type="HKQuantityTypeIdentifierLeanBodyMass" sourceName="Withings" unit="lb" startDate="2026-11-20 08:30:00 +0100" endDate="2026-11-20 08:30:00 +0100" value="129.7"/>
         <![CDATA[ <Record type="HKQuantityTypeIdentifierBodyMass" value="999"/> ]]>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Health" unit="kg" startDate="2026-11-21 08:30:00 +0100" endDate="2026-11-21 08:30:00 +0100" value="74.7"/>
         <Record type="HKQuantityTypeIdentifierWaistCircumference" sourceName="Health" unit="in" startDate="2026-11-21 08:35:00 +0100" endDate="2026-11-21 08:35:00 +0100" value="32.5"/>
        </HealthData>

        """

    /// An Apple Health export written on one line, as some tools write it: three BodyMass
    /// records start on line 1, the second with a letter O for a zero.
    static let appleHealthOneLine =
        "<HealthData locale=\"en_US\">"
        + "<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" startDate=\"2026-11-20 08:00:00 +0000\" value=\"80.1\"/>"
        + "<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" startDate=\"2026-11-21 08:00:00 +0000\" value=\"8O.4\"/>"
        + "<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" startDate=\"2026-11-22 08:00:00 +0000\" value=\"80.2\"/>"
        + "</HealthData>\n"
}

/// A store in a temporary folder with an importer and an exporter over it, the unit setting
/// at `unit`, and the fixed clock. The store's first person, and the session's, is `alice`.
@MainActor
final class ExchangeHarness {
    let directory: TemporaryDirectory
    let store: Store
    let settings: SettingsFeature
    let importer: EntryImporter
    let exporter: EntryExporter
    let faults = FaultInjector()

    static let alice = PersonName("alice")!

    init(unit: WeightUnit = .kilograms) throws {
        directory = try TemporaryDirectory()
        store = Store(
            location: .file(path: directory.file("s.sqlite")), schema: .trendsh, faults: faults,
            person: PersonRequest(name: Self.alice, source: .named))
        settings = SettingsFeature(store: InMemorySettingsStore(Settings(unit: unit)))
        importer = EntryImporter(store: store, settings: settings, clock: Fixtures.clock)
        exporter = EntryExporter(store: store, settings: settings)
    }

    var storePath: String { directory.file("s.sqlite") }

    /// Writes `text` to `name` and returns it as a file named for import.
    func file(_ text: String, named name: String) throws -> ImportedFile {
        try bytes(Array(text.utf8), named: name)
    }

    func bytes(_ bytes: [UInt8], named name: String) throws -> ImportedFile {
        ImportedFile(name: name, path: try directory.write(bytes, to: name))
    }

    /// A draft importing `files`, previewed (so its files' fingerprints are recorded).
    func previewed(_ files: [ImportedFile], unit: WeightUnit? = nil) throws -> (ImportDraft, ImportPreview) {
        var draft = ImportDraft(files: files, givenUnit: unit)
        let preview = try importer.preview(draft)
        for index in draft.files.indices { draft.files[index].previewed = preview.fingerprints[index] }
        return (draft, preview)
    }

    /// Every stored entry as `(taken_at, kilograms, note)`, oldest first.
    func storedRows() throws -> [[String?]] {
        try OtherProgramConnection(path: storePath).rows(
            "SELECT taken_at, kilograms, note FROM entries ORDER BY taken_at, id")
    }

    func count() throws -> Int64 {
        try OtherProgramConnection(path: storePath).integer("SELECT count(*) FROM entries")
    }

    /// Stores one entry with a time and weight, as a save would.
    func seed(_ text: String, kilograms: Double, note: String = "") throws {
        let date = try #require(StoredTime.date(text))
        _ = try SQLWeightRepository(store: store).insert(
            NewWeightEntry(date: date, kilograms: kilograms, note: note, draftID: .make()))
    }

    /// Collects every record an export writes.
    final class Collected: ExportSink {
        var bytes: [UInt8] = []
        var records = 0
        /// Fails after this many records, as a full disk would.
        var failAfter: Int?

        func write(record: UnsafeBufferPointer<UInt8>) throws(ExportError) {
            if let failAfter, records >= failAfter { throw .output(errno: 28) }
            bytes.append(contentsOf: record)
            records += 1
        }

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }
}

/// A stream over `bytes`, written to a file of its own, read `chunkSize` bytes at a time.
func stream(_ bytes: [UInt8], chunkSize: Int = 16, in directory: TemporaryDirectory, name: String = "f")
    throws -> ByteStream
{
    try ByteStream(path: try directory.write(bytes, to: name), chunkSize: chunkSize)
}
