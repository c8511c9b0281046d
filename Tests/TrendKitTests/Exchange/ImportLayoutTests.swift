import FoundationEssentials
import Testing

@testable import TrendKit

/// Each layout the issue lists is recognised from its own first lines, with its unit, and
/// its rows read as entries. Files that name no unit take the unit setting, or the unit
/// given with `import FILE kg|lb`; a file that names its unit keeps it.
@MainActor
@Suite struct ImportLayoutTests {
    @Test(arguments: ExchangeFixtures.samples)
    func eachLayoutIsRecognisedWithItsUnitAndItsRowsRead(sample: ExchangeFixtures.Sample) throws {
        let harness = try ExchangeHarness(unit: .pounds)
        defer { harness.directory.remove() }
        let (_, preview) = try harness.previewed([try harness.file(sample.text, named: sample.name)])
        let file = try #require(preview.files.first)
        #expect(file.layout == sample.layout)
        #expect(file.unit == sample.unit)
        #expect(file.unitSource == sample.source)
        #expect(file.rows == sample.rows)
        #expect(preview.newCount == sample.rows, "\(preview.samples)")
        guard case .new(let entry) = preview.samples.first?.verdict else {
            Issue.record("first row: \(String(describing: preview.samples.first))")
            return
        }
        #expect(entry.date == sample.first.date)
        #expect(entry.kilograms == sample.kilograms)
        #expect(entry.note == sample.note)
        // Every kind the layout keeps is read as the file means it: a fraction, a mass of the
        // row's weight, a share of it, in the unit the header names.
        #expect(Set(entry.measurements.keys) == Set(sample.measurements.keys), "\(entry.measurements)")
        for (kind, value) in sample.measurements {
            #expect(abs((entry.measurements[kind] ?? 0) - value) < 1e-9, "\(kind): \(entry.measurements)")
        }
        #expect(entry.dropped.isEmpty)
        #expect(file.leftOut.map(\.name) == sample.leftOut)
    }

    @Test(arguments: ExchangeFixtures.samples)
    func aByteOrderMarkAndCRLFLineEndsChangeNothing(sample: ExchangeFixtures.Sample) throws {
        let harness = try ExchangeHarness(unit: .pounds)
        defer { harness.directory.remove() }
        let plain = try harness.previewed([try harness.file(sample.text, named: "plain")]).1
        let crlf = sample.text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        let marked = try harness.previewed([try harness.bytes([0xEF, 0xBB, 0xBF] + Array(crlf.utf8), named: "marked")])
            .1
        #expect(marked.samples == plain.samples)
        #expect(marked.files.first?.layout == sample.layout)
    }

    /// A file in each layout whose one row is dated today (the fixed clock's local day) and
    /// names no time: an empty time column, no `time` key, or a date alone where a time may be.
    nonisolated static func todayWithoutATime() -> [(name: String, text: String)] {
        let today = LocalCalendar.fields(of: Fixtures.now)
        let day = LocalCalendar.dayText(Fixtures.now)
        let fitbit = "\(today.month)/\(today.day)/\(today.year % 100)"
        return [
            ("hackdiet_db.csv", "Date,Weight,Rung,Flag,Comment\nStartTrend,2026-11-01,82.0,kg\n\(day),80.0,12,1,\n"),
            ("trendsh.csv", "date,kilograms,note\n\(day),80.0,\n"),
            (
                "trendsh.json",
                "{\"format\":\"trendsh-entries\",\"version\":1,\"entries\":[{\"date\":\"\(day)\",\"kilograms\":80}]}"
            ),
            ("libra.csv", "#Version:6\n#Units:kg\n#date;weight;weight trend;log\n\(day);80.0;80.0;\n"),
            ("openscale2.csv", "\"dateTime\",\"weight\"\n\"\(day)\",\"80.0\"\n"),
            ("openscale3.csv", "DATE,TIME,WEIGHT\n\(day),,80.0\n"),
            ("withings.csv", "Date,\"Weight (kg)\",Comments\n\"\(day)\",80.0,\n"),
            ("weight.json", "[{\"date\":\"\(fitbit)\",\"weight\":80.0,\"logId\":1}]"),
            ("trendweight.csv", "Date,Time,Weight,Body Fat %\n\(day),,80.0,\n"),
            ("gewicht.csv", "Datum;Gewicht\n\(today.day).\(today.month).\(today.year);80,0\n"),
            (
                "export.xml",
                "<HealthData><Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" startDate=\"\(day)\" value=\"80\"/></HealthData>"
            ),
        ]
    }

    @Test(arguments: todayWithoutATime())
    func aRowDatedTodayWithoutATimeIsNewAtAnyHourAndKeptAtNoonInAnyLayout(name: String, text: String) throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        var noon = LocalCalendar.fields(of: Fixtures.now)
        (noon.hour, noon.minute, noon.second) = (12, 0, 0)
        let expected = try #require(LocalCalendar.date(from: noon))
        let (draft, preview) = try harness.previewed([try harness.file(text, named: name)])
        guard case .new(let entry) = preview.samples.first?.verdict else {
            Issue.record("\(name): \(preview.samples)")
            return
        }
        #expect(entry.date == expected)
        #expect(entry.kilograms == 80)
        _ = try harness.importer.save(draft)
        let (_, again) = try harness.previewed([try harness.file(text, named: name)])
        #expect(again.newCount == 0)
        #expect(again.duplicateCount == 1, "importing it again finds it")
    }

    @Test func aGivenUnitReadsOnlyFilesThatNameNone() throws {
        let harness = try ExchangeHarness(unit: .pounds)
        defer { harness.directory.remove() }
        let fitbit = try #require(ExchangeFixtures.samples.first { $0.layout == .fitbit })
        let libra = try #require(ExchangeFixtures.samples.first { $0.name == "libra6.csv" })
        let files = [
            try harness.file(fitbit.text, named: fitbit.name), try harness.file(libra.text, named: libra.name),
        ]
        let preview = try harness.previewed(files, unit: .kilograms).1
        #expect(preview.files.map(\.unit) == [.kilograms, .pounds])
        #expect(preview.files.map(\.unitSource) == [.given, .file])
        guard case .new(let entry) = preview.samples.first?.verdict else {
            Issue.record("\(preview.samples)")
            return
        }
        #expect(entry.kilograms == 165, "Fitbit's 165 read as kilograms, as given")
    }

    @Test func theUnitSettingReadsAFileThatNamesNone() throws {
        let harness = try ExchangeHarness(unit: .kilograms)
        defer { harness.directory.remove() }
        let trendWeight = try #require(ExchangeFixtures.samples.first { $0.layout == .trendWeight })
        let preview = try harness.previewed([try harness.file(trendWeight.text, named: "tw.csv")]).1
        #expect(preview.files.first?.unit == .kilograms)
        #expect(preview.files.first?.unitSource == .setting)
    }

    @Test(arguments: [
        ("notes.txt", "Dear diary,\nweighed myself today.\n"),
        ("other.csv", "when,how much\n2026-11-20,80\n"),
        ("steps.json", "[{\"dateTime\":\"11/20/26 07:30:00\",\"value\":\"8000\"}]"),
        ("other.xml", "<?xml version=\"1.0\"?><Workouts/>"),
        ("empty.csv", ""),
        ("blank.csv", "\n\n  \n"),
    ])
    func aFileInNoKnownLayoutRefusesTheImport(name: String, text: String) throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let file = try harness.file(text, named: name)
        #expect(throws: TrendError.importFile(ImportFileProblem(file: name, error: .unknownLayout))) {
            try harness.importer.preview(ImportDraft(files: [file]))
        }
    }

    /// trendsh's JSON export with one entry and `"version"` written as `version` says: `{V}`
    /// stands for the number, spaced as given, before the entries or after them.
    static func trendshJSON(_ version: String, after: Bool = false) -> String {
        let entries = "\"entries\":[{\"date\":\"2026-11-20T07:30:00.000Z\",\"kilograms\":80}]"
        return after
            ? "{\"format\":\"trendsh-entries\",\(entries),\(version)}\n"
            : "{\"format\":\"trendsh-entries\",\(version),\"unit\":\"kg\",\(entries)}\n"
    }

    nonisolated static let versionSpacings = [
        "\"version\":{V}", "\"version\": {V}", "\"version\" : {V}", "\"version\"\n\t:\n  {V} ", " \"version\":{V}\n",
    ]

    @Test(arguments: versionSpacings, [false, true])
    func aTrendshJSONFileOfANewerVersionThanThisBuildWritesIsRefusedHoweverItIsSpaced(spacing: String, after: Bool)
        throws
    {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let newer = String(EntryExporter.entriesVersion + 1)
        let text = Self.trendshJSON(spacing.replacingOccurrences(of: "{V}", with: newer), after: after)
        let file = try harness.file(text, named: "newer.json")
        #expect(throws: TrendError.importFile(ImportFileProblem(file: "newer.json", error: .unreadableVersion(newer))))
        {
            try harness.importer.preview(ImportDraft(files: [file]))
        }
    }

    @Test(arguments: versionSpacings, [false, true])
    func aTrendshJSONFileOfTheVersionThisBuildWritesIsReadHoweverItIsSpaced(spacing: String, after: Bool) throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let text = Self.trendshJSON(
            spacing.replacingOccurrences(of: "{V}", with: String(EntryExporter.entriesVersion)), after: after)
        let preview = try harness.previewed([try harness.file(text, named: "this.json")]).1
        #expect(preview.files.first?.layout == .trendshJSON)
        #expect(preview.newCount == 1)
    }

    @Test(arguments: ["\"2.5\"", "2.5", "-1", "0", "\"two\"", "null", "{\"major\":2}", "99999999999999999999999"])
    func aTrendshJSONFileWhoseVersionIsNoVersionThisBuildReadsIsRefused(version: String) throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        let file = try harness.file(Self.trendshJSON("\"version\": \(version)"), named: "odd.json")
        do {
            let preview = try harness.importer.preview(ImportDraft(files: [file]))
            Issue.record("version \(version) was read: \(preview.samples)")
        } catch {
            guard case .importFile(let problem) = error, case .unreadableVersion = problem.error else {
                Issue.record("version \(version): \(error)")
                return
            }
        }
    }

    @Test func trendshsExportOfHabitsIsNamedForWhatItIs() throws {
        let harness = try ExchangeHarness()
        defer { harness.directory.remove() }
        for (name, text) in [
            ("habits.csv", "habit,created,day,recorded\r\nRun,2026-11-01T08:00:00.000+00:00,,\r\n"),
            ("habits.json", "{\"format\":\"trendsh-habits\",\"version\":1,\"habits\":[\n]}\n"),
        ] {
            let file = try harness.file(text, named: name)
            #expect(throws: TrendError.importFile(ImportFileProblem(file: name, error: .habitsExport))) {
                try harness.importer.preview(ImportDraft(files: [file]))
            }
        }
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
