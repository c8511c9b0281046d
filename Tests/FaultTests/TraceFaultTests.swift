import Testing
import TrendshTestSupport

/// The trace's account of the draft file against the fault shim's: the library that fails
/// the draft file's writes counts each write it failed, and the trace must tell exactly those,
/// and never claim a write the disk refused.
@Suite struct TraceFaultTests {
    static func lines(_ text: String, starting prefix: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.hasPrefix(prefix) }
    }

    @Test func eachDraftFileWriteTheShimFailedIsTracedAsFailedAndNoneAsWritten() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["status"]).status == 0)
        let shim = try FaultShim.build(in: fixture.directory)
        try shim.arm(.draftWriteError)

        let run = fixture.run(
            ["trace on", "value 75.4", "status", "note after run", "status"], environment: shim.environment)
        try shim.disarm()

        let failed = Self.lines(run.stderr, starting: "trace: draft file: could not be written")
        #expect(shim.injectedFaults > 0, "the shim failed the draft file's writes: \(run)")
        #expect(failed.count == shim.injectedFaults, "one traced failure for each write the shim failed: \(run)")
        #expect(Self.lines(run.stderr, starting: "trace: draft file: now holds").isEmpty, "\(run)")
    }

    @Test func aDraftFileWriteTheTraceTellsIsTheDraftTheNextSessionRestores() throws {
        let fixture = try StoreFixture()
        try #require(fixture.run(["status"]).status == 0)

        let run = fixture.run(["trace on", "value 75.4", "note after run"])
        let next = fixture.run(["show"])

        let written = Self.lines(run.stderr, starting: "trace: draft file: now holds")
        #expect(
            written.last
                == "trace: draft file: now holds a weight draft: date \"2026-11-29 08:00\", value \"75.4\", unit \"kg\", note \"after run\"",
            "\(run)")
        #expect(next.stdout.contains("Restored unsaved draft"), "\(next)")
        #expect(next.stdout.contains("  value: 75.4 (kg)") && next.stdout.contains("  note:  after run"), "\(next)")
    }
}
