import Testing
import TrendshTestSupport

/// Standard streams that are closed or cannot be written (issue 9, points 9 and 12): no
/// file trendsh opens takes a closed stream's place, and output that cannot be shown is an
/// error that stops the run.
@Suite struct StandardStreamTests {
    static let outputClosed =
        "error: Standard output is closed, so trendsh could not show its results; nothing was done. Redirect it to /dev/null to discard them.\n"

    @Test func aClosedStandardOutputIsAnErrorAndNothingLandsInTheLockFile() {
        let shell = Shell()
        let result = TrendshProcess.run(
            ["--store", shell.storePath, "--now", Fixtures.now], input: "value 75\nsave\nlist\n",
            environment: shell.environment, streams: .init(output: .closed))
        #expect(result.stderr == Self.outputClosed)
        #expect(result.status == 1)
        #expect(fileBytes(shell.storePath + ".draft.lock") ?? [] == [], "nothing was written into the lock file")
        #expect(permissions(of: shell.storePath) == nil, "nothing was run")
    }

    @Test func aClosedStandardInputIsEmptyInput() {
        let shell = Shell()
        let result = TrendshProcess.run(
            ["--store", shell.storePath, "--now", Fixtures.now], environment: shell.environment,
            streams: .init(input: .closed))
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(fileBytes(shell.storePath + ".draft.lock") ?? [] == [])
    }

    @Test func aClosedStandardErrorDoesNotLetErrorsIntoTheStoreFiles() throws {
        let shell = Shell()
        let result = TrendshProcess.run(
            ["--store", shell.storePath, "--now", Fixtures.now], input: "bogus\nvalue 75\nsave\n",
            environment: shell.environment, streams: .init(error: .closed))
        #expect(result.stdout == lines("value: 75", Fixtures.savedFirst))
        #expect(result.status == 1)
        #expect(fileBytes(shell.storePath + ".draft.lock") ?? [] == [])
        #expect(try OtherProgram(path: shell.storePath).integrity() == "ok")
    }

    @Test func aFullOutputDeviceIsAnErrorThatStopsTheRun() throws {
        let shell = Shell()
        let result = TrendshProcess.run(
            ["--store", shell.storePath, "--now", Fixtures.now], input: "value 75\nlist\nsave\n",
            environment: shell.environment, streams: .init(output: .file("/dev/full")))
        #expect(
            result.stderr
                == "error: Standard output could not be written (no space left on device), so trendsh stopped without running anything more.\n"
        )
        #expect(result.status == 1)
        #expect(try OtherProgram(path: shell.storePath).entries() == [], "the save after the failed write never ran")
    }

    @Test func helpIntoAFullDeviceExitsOne() {
        let result = TrendshProcess.run(
            ["--store", ":memory:"], input: "help\n", environment: Shell().environment,
            streams: .init(output: .file("/dev/full")))
        #expect(result.status == 1)
        #expect(result.stderr.contains("Standard output could not be written (no space left on device)"))
    }

    @Test func theHelpOptionIntoAFullDeviceExitsOne() {
        let result = TrendshProcess.run(
            ["--help"], environment: Shell().environment, streams: .init(output: .file("/dev/full")))
        #expect(result.status == 1)
    }
}
