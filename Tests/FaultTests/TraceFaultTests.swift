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

    /// A conflict between two sessions, an amend that waits as pending while the store
    /// fails, and the retry that applies it, each traced where it happens.
    @Test func aConflictAndAWaitingAmendAreTraced() throws {
        let fixture = try StoreFixture()
        _ = fixture.run(["value 70", "note original", "save"])
        // B starts first, so B holds the draft and pending files, and A holds neither.
        let b = fixture.start()
        try b.run(["trace on", "edit 1", "note typo fixed"])
        let a = fixture.start()
        try a.run(["edit 1", "value 90", "save"])

        let refused = try b.run(["save"])
        let overwritten = try b.run(["save"])
        let waiting = try b.run(["simulate save-failure always", "amend 1 note later"])
        let applied = try b.run(["simulate off", "retry"])
        a.finish()
        b.finish()

        #expect(
            refused.stderr.contains(
                "trace: store: another session has committed since the last command: the features reload"),
            "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "trace: editor: moves the draft's base to entry #1 at revision 2, as stored now: the next save overwrites that revision, knowingly"
            ), "\(refused.stderr)")
        #expect(
            refused.stderr.contains("trace: store: COMMIT returns: the store confirms the transaction (0 rows written)")
        )
        #expect(
            overwritten.stderr.contains(
                "trace: feature weights: publishes entry #1 at revision 3, as the store confirmed it"),
            "\(overwritten.stderr)")
        #expect(
            waiting.stderr.contains(
                "trace: pending file: now holds 1 waiting change: an amend of entry #1 (\"later\")"
            ),
            "\(waiting.stderr)")
        #expect(waiting.stderr.contains("trace: store: the write for weights does not begin"), "\(waiting.stderr)")
        #expect(
            applied.stderr.contains("trace: pending file: now holds nothing"),
            "\(applied.stderr)")
    }
}
