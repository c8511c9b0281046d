import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Each person's settings in the store, through the built binary: a goal set in one run is
/// read from the store by a run on another machine (the same store, no copy of the
/// settings); a goal set while the store cannot be opened is in use at once, waits, and goes
/// into the store with the next save, and the session says both.
@Suite struct SettingsInStoreCommandTests {
    static func rows(_ path: String) throws -> [String] {
        try OtherProgram(path: path).rows("SELECT person, key, value FROM settings ORDER BY person, key")
            .map { $0.map { $0 ?? "NULL" }.joined(separator: " ") }
    }

    func oneShot(_ shell: Shell, _ command: String) -> ProcessResult {
        shell.run(arguments: ["--store", shell.storePath, "--now", Fixtures.now, "-c", command])
    }

    @Test func aGoalSetInOneRunIsReadFromTheStoreOnAMachineWithoutTheCopy() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let set = oneShot(shell, "goal 70")
        #expect(set.stdout == "goal: 70.0 kg.\n", "\(set)")
        #expect(set.stderr == "")
        #expect(try Self.rows(shell.storePath) == ["me goal 70.0 kg"])

        // Another machine: the store is the same, the local copy of the settings is not there.
        #expect(unlink(shell.storePath + ".settings") == 0)
        let elsewhere = oneShot(shell, "goal")

        #expect(elsewhere.stdout == "goal: 70.0 kg\n", "\(elsewhere)")
        #expect(elsewhere.stderr == "")
        #expect(elsewhere.status == 0)
        let copy = String(decoding: fileBytes(shell.storePath + ".settings") ?? [], as: UTF8.self)
        #expect(copy.contains("\nme: goal = 70.0 kg\n"), "the copy keeps what the store said: \(copy)")
    }

    /// Another machine, whose clock is ahead, set the unit in the store "later" than this one
    /// sets it: the store's value stays in use, and the session says so without claiming the
    /// store could not be written.
    @Test func aUnitTheStoreHoldsFromALaterTimeStaysAndTheSessionSaysWhy() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        #expect(oneShot(shell, "goal 70").status == 0)
        try OtherProgram(path: shell.storePath).execute(
            "INSERT INTO settings (person, key, value, changed_at) VALUES ('me', 'unit', 'lb', '2026-11-30T08:00:00.000Z')"
        )
        let result = oneShot(shell, "unit kg")
        #expect(result.status == 0, "\(result)")
        // The session's start read the store's unit, then the command's change met it.
        #expect(
            result.stderr
                == """
                note: The unit was changed elsewhere to lb: weights are now typed and shown in pounds.
                note: The unit set on this machine was changed in the store at a later time, by another session or machine, so the store's value is in use: unit lb.

                """, "\(result)")
        #expect(!result.stderr.contains("could not be written"))
        #expect(try Self.rows(shell.storePath) == ["me goal 70.0 kg", "me unit lb"])
    }

    @Test func aGoalSetWhileTheStoreCannotBeOpenedGoesInWithTheNextSaveAndTheSessionSaysBoth() throws {
        let shell = Shell()
        defer { shell.home.remove() }

        let result = shell.runMerged(
            ["simulate open-failure", "goal 70", "status", "simulate off", "value 70", "save"],
            arguments: ["--store", shell.storePath, "--now", Fixtures.now])

        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.contains(
                """
                goal: 70.0 kg.
                note: The store could not be written, so the goal is kept on this machine and goes into the store with the next change that reaches it.

                """), "\(result.stdout)")
        #expect(
            result.stdout.contains("settings: unit kg, goal 70.0 kg, chart-style auto; not in the store yet: goal\n"))
        #expect(
            result.stdout.hasSuffix(
                """
                Saved #1: 70.0 kg on \(Fixtures.nowText).
                note: The goal set while the store could not be written is in the store now.

                """), "\(result.stdout)")
        #expect(try Self.rows(shell.storePath) == ["me goal 70.0 kg"])
        let copy = String(decoding: fileBytes(shell.storePath + ".settings") ?? [], as: UTF8.self)
        #expect(!copy.contains("me: goal waits"), "\(copy)")
    }

    @Test func aGoalLeftWaitingByOneRunGoesInWithTheNextRunsFirstWrite() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let waiting = shell.run(["simulate open-failure", "goal 70"])
        #expect(waiting.status == 0, "\(waiting)")
        #expect(try Self.rows(shell.storePath) == [])

        let next = shell.run(["goal", "value 70", "save"])

        #expect(next.stdout.hasPrefix("goal: 70.0 kg\n"), "\(next)")
        #expect(next.stderr == "note: The goal set while the store could not be written is in the store now.\n")
        #expect(try Self.rows(shell.storePath) == ["me goal 70.0 kg"])
    }
}
