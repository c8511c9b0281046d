import Testing
import TrendshTestSupport

/// Bytes that are not UTF-8, wherever they come from (a piped line, an argument, a file,
/// another program's row), are shown escaped as `\xFF` and never passed through, nor
/// silently replaced with U+FFFD. They are stored only where the format allows.
@Suite struct InvalidUTF8Tests {
    static let replacement = "\u{FFFD}"

    /// Runs trendsh over `shell`'s store with `input` as raw bytes on standard input.
    func run(_ shell: Shell, _ input: [UInt8], options: [String] = []) -> ProcessResult {
        let child = TrendshProcess.start(
            [TrendshProcess.binaryPath, "--store", shell.storePath, "--now", Fixtures.now] + options,
            environment: shell.environment)
        child.send(bytes: input)
        child.closeInput()
        return child.wait()
    }

    @Test func aPipedLineThatIsNotUTF8IsRefusedShownEscapedAndNothingIsStored() throws {
        let shell = Shell()
        let input =
            Array("value 7".utf8) + [0xFF] + Array("5\nnote a".utf8) + [0xC3, 0x28] + Array("b\n".utf8) + [0xFE]
            + Array("\nvalue 75\nsave\nlist\n".utf8)
        let result = run(shell, input, options: ["--echo"])

        #expect(
            result.stdout
                == lines(
                    "trendsh> value 7\\xFF5", "trendsh> note a\\xC3(b", "trendsh> \\xFE", "trendsh> value 75",
                    "value: 75", "trendsh> save", Fixtures.savedFirst, "trendsh> list",
                    "#1  2026-11-29 08:00  75.0 kg  trend 75.0"))
        let refused = "holds bytes that are not UTF-8 (shown as \\xNN)"
        #expect(
            result.stderr
                == lines(
                    "error: That line \(refused): \"value 7\\xFF5\". Nothing was done.",
                    "error: That line \(refused): \"note a\\xC3(b\". Nothing was done.",
                    "error: That line \(refused): \"\\xFE\". Nothing was done."))
        #expect(!result.stdout.contains(Self.replacement) && !result.stderr.contains(Self.replacement))
        #expect(result.status == 1)
        let store = try OtherProgram(path: shell.storePath)
        #expect(try store.rows("SELECT kilograms, note FROM entries") == [["75.0", ""]])
    }

    @Test func anArgumentThatIsNotUTF8IsAUsageErrorAndNothingIsCreated() {
        let shell = Shell()
        // The bytes reach the program as the kernel passes them: through /bin/sh's printf.
        let result = TrendshProcess.run(
            ["-c", "exec \"$0\" --store \"$(printf 'x\\377.sqlite')\" -c list", TrendshProcess.binaryPath],
            environment: shell.environment, program: "/bin/sh", directory: shell.home.path)

        #expect(
            result.stderr
                == lines(
                    "error: The argument \"x\\xFF.sqlite\" holds bytes that are not UTF-8 (shown as \\xNN), so trendsh did not start. Run \"trendsh --help\" for usage."
                ))
        #expect(result.status == 2)
        #expect(filesUnder(shell.home.path) == [], "no store under a repaired name")
    }

    @Test func aCommandGivenWithDashCThatIsNotUTF8IsRefused() {
        let shell = Shell()
        let result = TrendshProcess.run(
            [
                "-c", "exec \"$0\" --store \"$1\" -c \"$(printf 'note \\377')\"", TrendshProcess.binaryPath,
                shell.storePath,
            ],
            environment: shell.environment, program: "/bin/sh")

        #expect(result.stderr.contains("error: The argument \"note \\xFF\" holds bytes that are not UTF-8"))
        #expect(result.status == 2)
        #expect(!fileExists(shell.storePath))
    }

    @Test func aNoteAnotherProgramStoredWithBytesThatAreNotUTF8IsShownEscapedAndExportedAsText() throws {
        let shell = Shell()
        _ = shell.run(["value 75", "save"])
        try OtherProgram(path: shell.storePath).execute(
            "UPDATE entries SET note = CAST(X'61FF1B5B324A62' AS TEXT)")

        let result = shell.run(["list", "edit 1", "show", "export json"])

        #expect(result.stdout.contains("#1  2026-11-29 08:00  75.0 kg  trend 75.0  a\\xFF\\e[2Jb\n"))
        #expect(result.stdout.contains("  note:  a\\xFF\\e[2Jb\n"))
        #expect(result.stdout.contains("\"note\":\"a\\\\xFF\\u001b[2Jb\""), "the export is valid JSON")
        #expect(!result.stdout.contains(Self.replacement))
        #expect(!result.stdout.contains("\u{1B}[2J"))
    }

    @Test func aSettingsFileWithBytesThatAreNotUTF8IsReportedEscapedAndDefaultsApply() throws {
        let shell = Shell()
        try shell.home.write(Array("unit = lb\nnote = ".utf8) + [0xFF, 0x0A], to: "s.sqlite.settings")

        let result = shell.run(["unit", "status"])

        #expect(result.stdout.hasPrefix(lines("unit: kg")))
        #expect(
            result.stdout.contains(
                "could not be read (unexpected line \"note = \\xFF\"); defaults are in use."), "\(result.stdout)")
        #expect(!result.stdout.contains(Self.replacement))
    }

    @Test func aTranscriptWithBytesThatAreNotUTF8FailsTheCheckNamingItsLine() throws {
        let shell = Shell()
        let path = try shell.home.write(
            Array("# now: 2026-11-29T08:00:00Z\ntrendsh> note a".utf8) + [0xFF] + Array("\nnote: a\n".utf8),
            to: "bad.transcript")

        let result = shell.run(arguments: ["--check", path])

        #expect(
            result.stderr
                == lines("error: \(path): line 2 is not UTF-8 text. Save the file as UTF-8, then try again."))
        #expect(result.status == 1)
    }
}
