import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `export` through the built binary: a pipe or a file gets the exact bytes, a file is
/// written whole with the umask's mode, replacing what was there and following a symbolic
/// link named, and a failure leaves the file as it was.
@Suite struct ExportCommandTests {
    /// Two entries, one with a note a terminal would run and a spreadsheet too.
    static func seeded(_ shell: Shell) -> String {
        let file = shell.home.write(
            "date,kilograms,note\n2026-11-20T07:30:00.123Z,80.3,\"=1+1 \u{1B}[31mred\ttab\"\n2026-11-21T07:30:00.000Z,74.84274105,\n",
            to: "seed.csv")
        let result = shell.run(["import \(file)", "save"])
        precondition(result.status == 0, "seeding failed: \(result.stderr)")
        return file
    }

    static let expectedCSV =
        "date,kilograms,weight,unit,trend,note,fat_percent,muscle_kilograms,water_percent,bone_kilograms,waist_centimetres,hip_centimetres,person\r\n"
        + "2026-11-20T07:30:00.123+00:00,80.3,80.3,kg,80.3,'=1+1 \u{1B}[31mred\ttab,,,,,,,me\r\n"
        + "2026-11-21T07:30:00.000+00:00,74.84274105,74.8,kg,79.8,,,,,,,,me\r\n"

    /// Paris kept local mean time, +00:09:21, until 1911. ISO 8601 has no offset with
    /// seconds, so such a time is exported in UTC, and importing it gives the same instant.
    @Test func aTimeWhoseOffsetHasSecondsIsExportedInUTCAndImportsAsTheSameInstant() throws {
        let shell = Shell()
        var paris = shell.environment
        paris["TZ"] = "Europe/Paris"
        let input = [
            "value 75", "date 1905-01-01 12:00", "save", "value 76", "date 2026-07-01 12:00", "save", "export csv",
        ]
        let exported = shell.run(
            arguments: ["--store", shell.storePath], input: input.map { $0 + "\n" }.joined(), environment: paris)
        #expect(
            exported.stdout.hasSuffix(
                "1905-01-01T11:50:39.000Z,75.0,75.0,kg,75.0,,,,,,,,me\r\n2026-07-01T12:00:00.000+02:00,76.0,76.0,kg,76.0,,,,,,,,me\r\n"
            ))
        let file = shell.home.write(try csvPart(of: exported.stdout), to: "paris.csv")
        let other = shell.home.file("other.sqlite")
        let imported = shell.run(
            arguments: ["--store", other], input: "import \(file)\nsave\nlist\n", environment: paris)
        #expect(
            imported.stdout.hasSuffix(
                lines("#2  2026-07-01 12:00  76.0 kg  trend 76.0", "#1  1905-01-01 12:00  75.0 kg  trend 75.0")))
        #expect(
            try OtherProgram(path: other).rows("SELECT taken_at FROM entries ORDER BY id") == [
                ["1905-01-01T11:50:39.000Z"], ["2026-07-01T10:00:00.000Z"],
            ])
    }

    func csvPart(of output: String) throws -> String {
        let start = try #require(output.firstRange(of: "date,kilograms"))
        return String(output[start.lowerBound...])
    }

    /// The trend column is worked out as the export streams; it must be what `list` shows
    /// from the per-day table: several weigh-ins a day (their mean), gaps of days, a zone
    /// with daylight saving.
    @Test func theTrendColumnIsTheTrendListShowsForEachEntry() throws {
        let shell = Shell()
        let rows = [
            "2026-10-20T06:00:00.000Z,81.2", "2026-10-20T20:00:00.000Z,82.0", "2026-10-21T06:10:00.000Z,80.9",
            "2026-10-24T06:00:00.000Z,80.1", "2026-10-25T06:00:00.000Z,80.4", "2026-10-25T21:30:00.000Z,81.1",
            "2026-11-09T06:00:00.000Z,79.0", "2026-11-10T23:30:00.000Z,78.6",
        ]
        let file = shell.home.write("date,kilograms\n" + rows.joined(separator: "\n") + "\n", to: "days.csv")
        var berlin = shell.environment
        berlin["TZ"] = "Europe/Berlin"
        let result = shell.run(
            arguments: ["--store", shell.storePath, "--now", Fixtures.now],
            input: "import \(file)\nsave\nlist 20\nexport csv\n", environment: berlin)
        // `#3  2026-10-25 23:30  81.1 kg  trend 80.6`: the id and the trend.
        var listed: [Int: String] = [:]
        for line in result.stdout.split(separator: "\n") where line.hasPrefix("#") {
            let words = line.split(separator: " ")
            guard let id = Int(words[0].dropFirst()), let trend = words.firstIndex(of: "trend") else { continue }
            listed[id] = String(words[trend + 1])
        }
        let exported = try csvPart(of: result.stdout).split(separator: "\r\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(listed.count == rows.count && exported.count == rows.count, "\(result.stdout)")
        // Ids follow the file's order, which is the export's (oldest first).
        for (index, row) in exported.enumerated() {
            #expect(row[4] == listed[index + 1], "row \(index + 1): \(row)")
        }
        #expect(Set(exported.map { $0[4] }).count > 4, "the trend moves")
    }

    @Test func aPipeGetsTheExactBytes() throws {
        let shell = Shell()
        _ = Self.seeded(shell)
        let output = shell.home.file("stdout")
        let result = TrendshProcess.run(
            ["--store", shell.storePath, "--now", Fixtures.now], input: "export csv\n", environment: shell.environment,
            streams: .init(output: .file(output)))
        #expect(result.status == 0)
        #expect(fileBytes(output) == Array(Self.expectedCSV.utf8))
    }

    @Test func aFileGetsTheExactBytesWithTheModeTheUmaskGives() throws {
        let shell = Shell()
        _ = Self.seeded(shell)
        let target = shell.home.file("out.csv")
        let result = TrendshProcess.run(
            [
                "-c", "umask 027; exec \"$0\" \"$@\"", TrendshProcess.binaryPath, "--store", shell.storePath, "--now",
                Fixtures.now,
            ],
            input: "export csv \(target)\nexport json \(target).json\n", environment: shell.environment,
            program: "/bin/sh")
        #expect(result.stdout == lines("Exported 2 entries to \(target).", "Exported 2 entries to \(target).json."))
        #expect(fileBytes(target) == Array(Self.expectedCSV.utf8))
        #expect(permissions(of: target) == 0o640)
        #expect(permissions(of: target + ".json") == 0o640)
        #expect(filesUnder(shell.home.path).filter { $0.contains(".tmp-") } == [])
    }

    @Test func anExistingFileIsReplacedAndASymbolicLinkNamedIsFollowed() throws {
        let shell = Shell()
        _ = Self.seeded(shell)
        let real = shell.home.write("old contents\n", to: "real.csv")
        let link = shell.home.file("link.csv")
        guard symlink(real, link) == 0 else { throw SystemCallError(errno: errno) }
        let result = shell.run(["export csv \(link)"])
        #expect(result.status == 0)
        #expect(fileBytes(real) == Array(Self.expectedCSV.utf8))
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
    }

    @Test func aFileThatCannotBeWrittenIsNamedAndNothingIsLeftBehind() {
        let shell = Shell()
        _ = Self.seeded(shell)
        let target = shell.home.file("missing-folder/out.csv")
        let result = shell.run(["export csv \(target)"])
        #expect(
            result.stderr
                == lines(
                    "error: The export could not be written to \(target): no such file or directory. The file is as it was."
                ))
        #expect(result.status == 1)
    }

    @Test func theStoreAndTheFilesBesideItAreNeverExportedOver() throws {
        let shell = Shell()
        _ = Self.seeded(shell)
        let before = fileBytes(shell.storePath)
        let link = shell.home.file("innocent.csv")
        guard symlink(shell.storePath, link) == 0 else { throw SystemCallError(errno: errno) }
        let targets = [
            (shell.storePath, "trendsh's store"), (link, "trendsh's store"),
            (shell.storePath + ".draft", "the store's draft file"),
        ]
        for (target, what) in targets {
            let result = shell.run(["export csv \(target)"])
            #expect(result.stderr == lines("error: \(target) is \(what); choose another file for the export."))
        }
        #expect(fileBytes(shell.storePath) == before)
    }

    @Test func aFullStandardOutputStopsTheRun() {
        let shell = Shell()
        _ = Self.seeded(shell)
        let result = TrendshProcess.run(
            ["--store", shell.storePath, "--now", Fixtures.now], input: "export json\nvalue 75\nsave\n",
            environment: shell.environment, streams: .init(output: .file("/dev/full")))
        #expect(result.status == 1)
        #expect(result.stderr.contains("Standard output could not be written"))
        #expect(result.stderr.contains("No space left on device") || result.stderr.contains("no space left on device"))
    }

    @Test func anExportedFileImportsIntoAnEmptyStoreAsTheSameLog() throws {
        let shell = Shell()
        _ = Self.seeded(shell)
        let csv = shell.home.file("round.csv")
        #expect(shell.run(["export csv \(csv)"]).status == 0)
        let other = Shell()
        let result = other.run(["import \(csv)", "save"])
        #expect(result.stdout.hasSuffix(lines("Imported 2 entries from \(csv).")))
        let query = "SELECT taken_at, kilograms, note FROM entries ORDER BY taken_at"
        #expect(
            try OtherProgram(path: other.storePath).rows(query) == (try OtherProgram(path: shell.storePath).rows(query))
        )
    }
}
