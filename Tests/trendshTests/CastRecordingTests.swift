import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `--cast FILE` on a piped run and on `-c`: commands no person typed, so the cast follows
/// the fixed schedule and the same input gives the same file. (Transcripts: TutorialTests;
/// an interactive session: InteractiveTests.)
@Suite struct CastRecordingTests {
    let shell = Shell()
    var castPath: String { shell.home.file("run.cast") }

    func recordPiped(_ input: [String], _ options: [String] = []) -> ProcessResult {
        shell.run(input, options: ["--cast", castPath] + options)
    }

    func cast() throws -> CastFile { try CastFile(text(of: castPath) ?? "") }

    func text(of path: String) -> String? { fileBytes(path).map { String(decoding: $0, as: UTF8.self) } }

    @Test func aPipedRunIsRecordedWithPromptsTypedCommandsOutputAndCommentMarkers() throws {
        let result = recordPiped(["# Chapter one", "value 75", "save", "bogus"])
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
        #expect(result.status == 1)
        let cast = try cast()
        #expect(cast.timesNeverDecrease)
        #expect(cast.markers == ["Chapter one"])
        #expect(
            cast.output
                == "trendsh> # Chapter one\r\ntrendsh> value 75\r\nvalue: 75\r\ntrendsh*> save\r\n"
                + Fixtures.savedFirst + "\r\ntrendsh> bogus\r\n"
                + "error: Unknown command \"bogus\". Type \"help\" to see the commands.\r\n")
        #expect(cast.events.contains { $0.data == "v" }, "commands are typed a character at a time")
        #expect(cast.header.width == 80 && cast.header.height == 24 && cast.header.title == "trendsh")
    }

    @Test func theSamePipedInputGivesTheSameFile() throws {
        _ = recordPiped(["value 75", "list", "save"])
        let first = text(of: castPath)
        _ = Shell().run(["value 75", "list", "save"], options: ["--store", ":memory:", "--cast", castPath])
        let second = text(of: castPath)
        #expect(first != nil)
        #expect(first == second)
    }

    @Test func withEchoTheCommandIsPrintedOnceAndRecordedOnce() throws {
        let result = recordPiped(["value 75"], ["--echo"])
        #expect(result.stdout == lines("trendsh> value 75", "value: 75"))
        #expect(try cast().output.ranges(of: "value 75").count == 1)
    }

    @Test func aDashCRunIsRecordedToo() throws {
        let result = shell.run(
            arguments: [
                "--store", shell.storePath, "--now", Fixtures.now, "--cast", castPath, "-c", "value 75", "-c", "save",
            ])
        #expect(result.status == 0)
        #expect(
            try cast().output == "trendsh> value 75\r\nvalue: 75\r\ntrendsh*> save\r\n" + Fixtures.savedFirst + "\r\n")
    }

    @Test func aCastThatCannotBeWrittenStopsTheRunBeforeAnythingRuns() {
        let missing = shell.home.file("no-such-folder/run.cast")
        let result = shell.run(["value 75", "save"], options: ["--cast", missing])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == lines(
                    "error: The recording can't be written to \(missing) (no such file or directory), so nothing was run. Name a file in a folder you can write to."
                ))
        #expect(permissions(of: shell.storePath) == nil, "no store was made")
    }

    @Test func aSignalLeavesTheNamedFileAsItWasAndNoTemporaryFileBehind() throws {
        let old = shell.home.write("an older recording\n", to: "run.cast")
        let child = TrendshProcess.start(
            [TrendshProcess.binaryPath, "--store", ":memory:", "--cast", old], environment: shell.environment)
        child.send("value 75\nshow\n")
        try child.readUntil { String(decoding: $0.stdoutSoFar, as: UTF8.self).contains("note:") }
        let result = child.finish(killingWith: SIGTERM)
        #expect(result.status == 128 + SIGTERM)
        #expect(
            result.stderr.contains("note: The run was stopped, so the recording was not kept; \(old) is as it was."))
        #expect(text(of: old) == "an older recording\n")
        #expect(filesUnder(shell.home.path) == ["run.cast"])
    }

    @Test func theRecordingIsPlainWhateverTheColourSettings() throws {
        let result = shell.run(
            arguments: ["--store", ":memory:", "--cast", castPath, "-c", "bogus"],
            environment: TrendshProcess.environment(home: shell.home.path, ["TERM": "xterm", "LANG": "C.UTF-8"]))
        #expect(result.status == 1)
        #expect(try !cast().output.contains("\u{1B}"))
    }
}
