import FoundationEssentials
import Testing
import TrendKit
import TrendShell

@Suite struct OptionsTests {
    static let timeText = "2026-11-29T08:00:00Z"
    static let time = Timestamp.parse(timeText)

    @Test func noArgumentsGiveTheDefaults() throws {
        #expect(try Options.parse([]) == Options())
        #expect(Options().storePath == nil)
        #expect(Options().now == nil)
    }

    @Test func everyOptionIsRead() throws {
        let options = try Options.parse([
            "--store", "/tmp/s.sqlite", "--now", Self.timeText, "--echo", "--bail", "--no-history",
        ])
        var expected = Options()
        expected.storePath = "/tmp/s.sqlite"
        expected.now = Self.time
        expected.echo = true
        expected.bail = true
        expected.noHistory = true
        #expect(options == expected)
        #expect(options.now == Date(timeIntervalSince1970: 1_795_939_200))
    }

    @Test func valuesMayFollowAnEqualsSign() throws {
        let options = try Options.parse(["--store=:memory:", "--now=\(Self.timeText)"])
        #expect(options.storePath == ":memory:")
        #expect(options.now == Self.time)
    }

    @Test(arguments: [["--help"], ["-h"]])
    func helpIsAskedFor(arguments: [String]) throws {
        #expect(try Options.parse(arguments).showHelp)
    }

    @Test func versionIsAskedFor() throws {
        #expect(try Options.parse(["--version"]).showVersion)
    }

    @Test func checkCollectsItsTranscripts() throws {
        #expect(try Options.parse(["--check", "a.txt", "b.txt"]).checkFiles == ["a.txt", "b.txt"])
    }

    @Test(arguments: [
        (["--bogus"], "Unknown option \"--bogus\"."),
        (["stray.txt"], "Unknown option \"stray.txt\"."),
        (["--store"], "--store needs a value."),
        (["--store="], "--store needs a path, or :memory:."),
        (["--store", ""], "--store needs a path, or :memory:."),
        (["--now"], "--now needs a value."),
        (
            ["--now", "notatime"],
            "--now needs an ISO 8601 time from the years 1900 to 9999, such as 2026-11-29T08:00:00Z, not \"notatime\"."
        ),
        (
            ["--now", "2026-02-30T08:00:00Z"],
            "--now needs an ISO 8601 time from the years 1900 to 9999, such as 2026-11-29T08:00:00Z, not \"2026-02-30T08:00:00Z\"."
        ),
        (["--echo=yes"], "--echo takes no value."),
        (["--bail=1"], "--bail takes no value."),
        (["--help=me"], "--help takes no value."),
        (["--check"], "--check needs at least one transcript file."),
        (["--check", "--bogus"], "Unknown option \"--bogus\"."),
    ])
    func aWrongCommandLineIsAUsageError(arguments: [String], message: String) {
        do {
            _ = try Options.parse(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(Messages.usage(error) == message)
        }
    }

    @Test(arguments: ["0000-01-01T00:00:00Z", "1899-12-31T23:59:59Z", "10000-01-01T00:00:00Z"])
    func aTimeOutsideTheYears1900To9999IsRefused(text: String) {
        #expect(throws: UsageError.badTime(option: "--now", text: text)) { try Options.parse(["--now", text]) }
    }

    @Test func trendshNowFixesTheClock() throws {
        let options = try Options.parse([], environment: ["TRENDSH_NOW": Self.timeText])
        #expect(options.now == Self.time)
    }

    @Test func nowOnTheCommandLineWinsOverTrendshNow() throws {
        let options = try Options.parse(
            ["--now", "2026-11-28T08:00:00Z"], environment: ["TRENDSH_NOW": "not a time at all"])
        #expect(options.now == Date(timeIntervalSince1970: 1_795_939_200 - 86_400))
    }

    @Test func anEmptyTrendshNowIsIgnored() throws {
        #expect(try Options.parse([], environment: ["TRENDSH_NOW": ""]).now == nil)
    }

    @Test func anUnreadableTrendshNowIsAUsageError() {
        #expect(throws: UsageError.badTime(option: "TRENDSH_NOW", text: "yesterday")) {
            try Options.parse([], environment: ["TRENDSH_NOW": "yesterday"])
        }
        #expect(
            Messages.usage(.badTime(option: "TRENDSH_NOW", text: "yesterday"))
                == "TRENDSH_NOW needs an ISO 8601 time from the years 1900 to 9999, such as 2026-11-29T08:00:00Z, not \"yesterday\"."
        )
    }

    @Test func helpTextDocumentsEveryExitStatus() {
        for line in [
            "  0    every command succeeded; at a terminal, the session ended normally",
            "  1    a piped command failed, output could not be written, a transcript did not match, or --set-up failed",
            "  2    the command line was wrong",
            "  3    the session ended with unsaved or pending changes this run made (a failure wins over 3)",
            "  128+N  the signal N ended the session; the draft is kept",
        ] {
            #expect(Options.helpText.contains(line), "\(line)")
        }
        #expect(ExitStatus.success.rawValue == 0)
        #expect(ExitStatus.failure.rawValue == 1)
        #expect(ExitStatus.usage.rawValue == 2)
        #expect(ExitStatus.unsavedDraft.rawValue == 3)
    }
}
