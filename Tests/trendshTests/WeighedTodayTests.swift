import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `trendsh --weighed-today`, the reminder hook: the answer is the exit status alone (0 a
/// weight today, 4 none, 1 cannot tell with one sentence on standard error), nothing goes to
/// standard output, and the store, its folder and the files beside it are left exactly as
/// they were: no migration, no per-day trend, no file or folder created, no draft read.
@Suite struct WeighedTodayTests {
    static let cannotTell = "trendsh cannot tell whether today has a weigh-in"

    /// Asks about the store at `storePath` with the clock at `now` in the zone `zone`.
    static func ask(_ shell: Shell, store: String? = nil, now: String = Fixtures.now, zone: String = "UTC")
        -> ProcessResult
    {
        var environment = shell.environment
        environment["TZ"] = zone
        return shell.run(
            arguments: ["--store", store ?? shell.storePath, "--now", now, "--weighed-today"], environment: environment)
    }

    /// Everything under the home, with each file's bytes: what the question must leave alone.
    /// The `-shm` file is SQLite's shared index of the log, where every reader marks what it
    /// reads, so only that it is there counts.
    static func snapshot(_ shell: Shell) -> [String: String] {
        var files: [String: String] = [:]
        for name in filesUnder(shell.home.path) {
            files[name] = name.hasSuffix("-shm") ? "" : fingerprint(fileBytes(shell.home.file(name)) ?? [])
        }
        return files
    }

    /// The size and a 64-bit FNV-1a hash of `bytes`, short enough to show when they differ.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "\(bytes.count) bytes, \(String(hash, radix: 16))"
    }

    @Test func aWeightSavedTodayAnswersZeroAndPrintsNothing() {
        let shell = Shell()
        #expect(shell.run(["value 75", "save"]).status == 0)
        let answer = Self.ask(shell)
        #expect((answer.status, answer.stdout, answer.stderr) == (0, "", ""), "\(answer)")
    }

    @Test func noWeightTodayAnswersFourAndPrintsNothing() {
        let shell = Shell()
        #expect(shell.run(["value 75", "date yesterday", "save", "new", "waist 80", "save"]).status == 0)
        // Yesterday's weight and today's waist alone: no weight today.
        let answer = Self.ask(shell)
        #expect((answer.status, answer.stdout, answer.stderr) == (4, "", ""), "\(answer)")
        // The next day, yesterday's weight is not today's either; a day later still it counts
        // for nobody. A new store with one weight two days ago: 4.
        #expect(Self.ask(shell, now: "2026-11-30T08:00:00Z").status == 4)
    }

    @Test func todayIsTheLocalDay() {
        let shell = Shell()
        // 23:30 UTC on the 29th is 00:30 on the 30th in Berlin.
        #expect(shell.run(["value 75", "save"], options: ["--now", "2026-11-29T23:30:00Z"]).status == 0)
        #expect(Self.ask(shell, now: "2026-11-29T12:00:00Z", zone: "UTC").status == 0)
        #expect(Self.ask(shell, now: "2026-11-29T12:00:00Z", zone: "Europe/Berlin").status == 4)
        #expect(Self.ask(shell, now: "2026-11-30T08:00:00Z", zone: "Europe/Berlin").status == 0)
        #expect(Self.ask(shell, now: "2026-11-30T08:00:00Z", zone: "UTC").status == 4)
    }

    @Test func theStoreAndEverythingBesideItAreLeftAsTheyWere() throws {
        let shell = Shell()
        // A draft waits beside the store: unsaved, so it is no weigh-in, and it is not read.
        #expect(shell.run(["value 75", "date yesterday", "save", "new", "value 76"]).status == 3)
        #expect(fileExists(shell.storePath + ".draft"))
        let before = Self.snapshot(shell)
        #expect(Self.ask(shell).status == 4)
        #expect(Self.snapshot(shell) == before)
    }

    @Test func aCopiedStoreWithoutItsLogFilesGetsNoneCreated() throws {
        let shell = Shell()
        #expect(shell.run(["value 75", "save"]).status == 0)
        let copy = shell.home.makeFolder("copy") + "/s.sqlite"
        #expect(writeFile(copy, try #require(fileBytes(shell.storePath))))
        #expect(Self.ask(shell, store: copy).status == 0)
        #expect(filesUnder(shell.home.file("copy")) == ["s.sqlite"])
    }

    @Test func aLogWithCommitsButNoIndexIsRefusedRatherThanReadWithoutThem() throws {
        let shell = Shell()
        #expect(shell.run(["value 75", "date yesterday", "save"]).status == 0)
        // Another program's connection, still open, has a commit in the log only.
        let other = try OtherProgram(path: shell.storePath)
        try other.execute("PRAGMA wal_autocheckpoint = 0")
        try other.execute("UPDATE entries SET taken_at = '2026-11-29T07:00:00.000Z'")
        let copy = shell.home.makeFolder("copy") + "/s.sqlite"
        #expect(writeFile(copy, try #require(fileBytes(shell.storePath))))
        #expect(writeFile(copy + "-wal", try #require(fileBytes(shell.storePath + "-wal"))))
        other.close()

        let answer = Self.ask(shell, store: copy)
        #expect(answer.status == 1)
        #expect(answer.stdout.isEmpty)
        #expect(answer.stderr.hasPrefix("error: The store's log \(copy)-wal holds changes"), "\(answer)")
        #expect(filesUnder(shell.home.file("copy")) == ["s.sqlite", "s.sqlite-wal"])
        // Through its log, the original store has the commit: a weight today.
        #expect(Self.ask(shell).status == 0)
    }

    @Test func noStoreIsOneSentenceAndNoFolderIsMade() {
        let shell = Shell()
        let answer = shell.run(arguments: ["--now", Fixtures.now, "--weighed-today"])
        #expect(answer.status == 1)
        #expect(answer.stdout.isEmpty)
        #expect(
            answer.stderr
                == "error: There is no store at \(shell.home.path)/data/trendsh/trend.sqlite, so \(Self.cannotTell). Give --store the path of your store.\n"
        )
        #expect(filesUnder(shell.home.path).isEmpty)
    }

    @Test func aFileThatIsNoStoreCannotTell() {
        let shell = Shell()
        let junk = shell.home.write("not a database, just text\n", to: "s.sqlite")
        let answer = Self.ask(shell, store: junk)
        #expect(answer.status == 1)
        #expect(answer.stdout.isEmpty)
        #expect(answer.stderr.hasPrefix("error: \(Self.cannotTell). The file \(junk) is not a trendsh store"))
        #expect(answer.stderr.filter { $0 == "\n" }.count == 1)
        #expect(shell.home.read("s.sqlite") == "not a database, just text\n")
    }

    @Test func anOlderFormatIsNotUpgraded() throws {
        let shell = Shell()
        #expect(shell.run(["value 75", "save"]).status == 0)
        let other = try OtherProgram(path: shell.storePath)
        try other.execute("PRAGMA user_version = 11")
        other.close()
        let before = Self.snapshot(shell)
        let answer = Self.ask(shell)
        #expect(answer.status == 1)
        #expect(answer.stderr.hasPrefix("error: The store is in an older format (11) that only a session upgrades"))
        #expect(Self.snapshot(shell) == before)
    }

    /// Another program holds the store with an exclusive lock for a second after saying so.
    /// The question gives up while the lock is still held (so it waited less than that second;
    /// the documented wait is 100 ms); after the release it answers.
    @Test(.enabled(if: OtherProgram.commandLineShell != nil, "needs the sqlite3 command to hold a lock"))
    func aLockedStoreGivesUpSoonAndSaysSo() throws {
        let shell = Shell()
        #expect(shell.run(["value 75", "save"]).status == 0)
        let holder = TrendshProcess.start(
            [try #require(OtherProgram.commandLineShell), shell.storePath], environment: shell.environment)
        holder.send("PRAGMA locking_mode = EXCLUSIVE;\nBEGIN EXCLUSIVE;\n.print held\n.shell sleep 1\nCOMMIT;\n")
        holder.closeInput()
        try holder.readUntil { String(decoding: $0.stdoutSoFar, as: UTF8.self).contains("held") }

        let locked = Self.ask(shell)
        let released = holder.wait()
        #expect(locked.status == 1, "\(locked)")
        #expect(locked.stdout.isEmpty)
        #expect(
            locked.stderr
                == "error: The store is locked by another program, so \(Self.cannotTell). Try again in a moment.\n")
        #expect(released.status == 0)
        #expect(Self.ask(shell).status == 0)
    }
}
