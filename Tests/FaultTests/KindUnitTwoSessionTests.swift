import Testing
import TrendshTestSupport

/// Two sessions and one settings file, for a kind's unit (`unit waist in`): the change merges
/// its one key into the file as it is now, a waiting session says so before its next command
/// and reads the kind in the new unit, and a value already typed keeps the unit it was typed in.
@Suite struct KindUnitTwoSessionTests {
    static func settingsPath(_ fixture: StoreFixture) -> String { fixture.storePath + ".settings" }

    static func oneShot(_ command: String, on fixture: StoreFixture) -> RunResult {
        LiveShell.run(arguments: fixture.arguments() + ["-c", command], input: "", environment: fixture.environment())
    }

    @Test func aWaistUnitSetInAnotherSessionIsSaidAndUsedAndTheWaitingSessionsOwnSettingKeepsIt() throws {
        let fixture = try StoreFixture()
        let waiting = fixture.start()
        try waiting.run([])

        let other = Self.oneShot("unit waist in", on: fixture)
        let typed = try waiting.run(["unit hip in", "waist 33", "save"])
        let end = waiting.finish()

        #expect(other.stdout == "waist-unit: in. Waist is now typed and shown in inches.\n", "\(other)")
        #expect(
            typed.stderr.contains(
                "note: The unit of waist was changed elsewhere to in: it is now typed and shown in inches."),
            "\(typed)")
        #expect(typed.stdout.contains("Saved #1: waist 33.0 in on \(Fixtures.minute)."), "\(typed)")
        #expect(end.status == 0)
        let lines = (Disk.text(Self.settingsPath(fixture)) ?? "").split(separator: "\n")
        #expect(lines.contains("me: waist-unit = in"), "\(lines)")
        #expect(lines.contains("me: hip-unit = in"), "\(lines)")
    }

    @Test func aWaistTypedInCentimetresKeepsItsUnitWhenAnotherSessionSetsInches() throws {
        let fixture = try StoreFixture()
        let shell = fixture.start()
        try shell.run(["waist 82"])

        let other = Self.oneShot("unit waist in", on: fixture)
        let saved = try shell.run(["show", "save"])
        let end = shell.finish()

        #expect(other.status == 0, "\(other)")
        #expect(
            saved.stderr.contains(
                "note: The unit of waist was changed elsewhere to in: it is now typed and shown in inches. The draft's waist stays 82 (cm)."
            ), "\(saved)")
        #expect(saved.stdout.contains("  waist: 82 (cm)"))
        #expect(saved.stdout.contains("Saved #1: waist 32.3 in on \(Fixtures.minute)."), "\(saved)")
        #expect(end.status == 0)
    }
}
