import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

/// An export holds the session's person's log only, each row ending with its person; an
/// import of any version goes to the session's person, whoever the file names.
@MainActor
@Suite struct PeopleExchangeTests {
    static let bob = PersonName("bob")!

    /// A harness whose store holds alice's entry and bob's, on bob's log.
    static func twoLogs() throws -> ExchangeHarness {
        let harness = try ExchangeHarness()
        try harness.seed("2026-11-20T07:30:00.000Z", kilograms: 70, note: "alice's")
        try harness.store.addPerson(bob)
        try harness.store.choosePerson(bob)
        try harness.seed("2026-11-21T07:30:00.000Z", kilograms: 90, note: "bob's")
        return harness
    }

    /// Each entry's note and person, oldest first, as another program reads them.
    static func owners(_ harness: ExchangeHarness) throws -> [[String?]] {
        let other = try OtherProgramConnection(path: harness.storePath)
        defer { other.close() }
        return try other.rows("SELECT note, person FROM entries ORDER BY taken_at, id")
    }

    @Test func aCSVExportHoldsYourLogWithThePersonAfterEveryOtherColumn() throws {
        let harness = try Self.twoLogs()
        defer { harness.directory.remove() }
        let sink = ExchangeHarness.Collected()

        #expect(try harness.exporter.exportEntries(as: .csv, to: sink, asOf: Fixtures.now) == 1)
        let lines = sink.text.split(separator: "\r\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(",hip_centimetres,person") == true)
        #expect(lines.last?.hasSuffix(",bob's,,,,,,,bob") == true)
    }

    @Test func aJSONExportIsVersionThreeAndEachEntryEndsWithItsPerson() throws {
        let harness = try Self.twoLogs()
        defer { harness.directory.remove() }
        let sink = ExchangeHarness.Collected()

        #expect(try harness.exporter.exportEntries(as: .json, to: sink, asOf: Fixtures.now) == 1)
        let lines = sink.text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix(#"{"format":"trendsh-entries","version":3,"#) == true)
        #expect(lines.count == 3)
        #expect(lines[1].hasSuffix(#""note":"bob's","person":"bob"}"#))
        #expect(!sink.text.contains("alice"))
    }

    /// A file of version 2 has no person; its rows become the session's person's.
    @Test func anImportOfAVersionTwoFileGoesToTheChosenPerson() throws {
        let harness = try Self.twoLogs()
        defer { harness.directory.remove() }
        let file = try harness.file(
            """
            {"format":"trendsh-entries","version":2,"unit":"kg","kinds":[],"entries":[
            {"date":"2026-11-22T07:30:00.000+00:00","kilograms":89.5,"weight":89.5,"unit":"kg","trend":null,"note":"v2"}
            ]}

            """, named: "old.json")

        let (draft, preview) = try harness.previewed([file])
        #expect(preview.newCount == 1)
        _ = try harness.importer.save(draft)

        #expect(try Self.owners(harness) == [["alice's", "alice"], ["bob's", "bob"], ["v2", "bob"]])
    }

    /// A version 3 file names alice; bob imports it, so the rows are bob's, and the preview
    /// does not list `person` among the columns it leaves out.
    @Test func thePersonAFileNamesIsIgnoredForOwnership() throws {
        let harness = try Self.twoLogs()
        defer { harness.directory.remove() }
        let json = try harness.file(
            """
            {"format":"trendsh-entries","version":3,"unit":"kg","kinds":[],"entries":[
            {"date":"2026-11-23T07:30:00.000+00:00","kilograms":89,"weight":89.0,"unit":"kg","trend":null,"note":"json","person":"alice"}
            ]}

            """, named: "alice.json")
        let csv = try harness.file(
            "date,kilograms,weight,unit,trend,note,person\r\n2026-11-24T07:30:00.000+00:00,88.5,88.5,kg,,csv,alice\r\n",
            named: "alice.csv")

        let (draft, preview) = try harness.previewed([json, csv])
        #expect(preview.newCount == 2)
        // The preview says the column is left out, and why: the rows go to the session's log.
        #expect(
            preview.files.allSatisfy { file in
                file.leftOut.contains(LeftOutColumn(name: "person", reason: .person))
            })
        _ = try harness.importer.save(draft)

        #expect(
            try Self.owners(harness) == [
                ["alice's", "alice"], ["bob's", "bob"], ["json", "bob"], ["csv", "bob"],
            ])
    }

    /// A row of the file at the time and weight of alice's entry, between two of bob's, is new
    /// to bob's log.
    @Test func anImportMatchesOnlyYourOwnEntries() throws {
        let harness = try Self.twoLogs()
        defer { harness.directory.remove() }
        try harness.seed("2026-11-19T07:30:00.000Z", kilograms: 91, note: "bob's first")
        let file = try harness.file(
            "date,kilograms,weight,unit,trend,note,fat_percent\r\n2026-11-20T07:30:00.000+00:00,70,70,kg,,again,21\r\n",
            named: "again.csv")

        let (draft, preview) = try harness.previewed([file])
        #expect(preview.newCount == 1)
        _ = try harness.importer.save(draft)

        #expect(
            try Self.owners(harness) == [
                ["bob's first", "bob"], ["alice's", "alice"], ["again", "bob"], ["bob's", "bob"],
            ])
        let other = try OtherProgramConnection(path: harness.storePath)
        defer { other.close() }
        #expect(try other.rows("SELECT kind, person FROM measurements") == [["fat", "bob"]])
    }
}
