import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `--play FILE --cast OUT`: a transcript recorded as an asciicast v2 file, without a
/// terminal, on the fixed schedule.
@Suite struct CastTests {
    let home = TemporaryDirectory()
    var environment: [String: String] { TrendshProcess.environment(home: home.path) }

    /// Plays `transcript` (a path) with `options`, recording into `name` in the home; the
    /// run's result and the file's text.
    func record(_ transcript: String, _ options: [String] = [], into name: String = "lesson.cast") -> (
        ProcessResult, String
    ) {
        let path = home.file(name)
        let result = TrendshProcess.run(["--play", transcript, "--cast", path] + options, environment: environment)
        return (result, TextFile.read(path) ?? "")
    }

    static let lessons = Repository.transcripts().filter { $0.hasPrefix(Fixtures.tutorialDirectory + "/") }

    @Test(arguments: lessons)
    func everyLineIsValidJSONAndTimesNeverDecrease(lesson: String) throws {
        // A lesson that runs on a server plays on the tests' own, in a database set up fresh.
        var store: [String] = []
        if let roles = LessonDatabase.roles(in: TextFile.read(Repository.root + "/" + lesson) ?? "") {
            store = ["--store", try LessonDatabase(roles: roles, for: "cast").uri]
        }
        let (result, text) = record(Repository.root + "/" + lesson, store)
        #expect(!result.stderr.contains("recording"), "\(result.stderr)")
        let cast = try CastFile(text)
        #expect(cast.header.version == 2)
        #expect(cast.events.count > 10)
        #expect(cast.timesNeverDecrease)
        #expect(cast.events.allSatisfy { $0.code == "o" || $0.code == "m" })
        #expect(cast.events.allSatisfy { $0.time >= 0 })
    }

    @Test func aSecondRecordingOfTheSameTranscriptIsByteIdentical() {
        let lesson = Repository.root + "/" + Fixtures.retryLesson
        let (_, first) = record(lesson, into: "first.cast")
        let (_, second) = record(lesson, into: "second.cast")
        #expect(!first.isEmpty)
        #expect(first == second)
    }

    @Test func theHeaderIs80By24WithTheLessonsTitleAFixedEnvironmentAndNoTimestamp() throws {
        let (result, text) = record(Repository.root + "/" + Fixtures.retryLesson)
        #expect(result.stdout.contains("Saved #1"))
        let header = try CastFile(text).header
        #expect(header.width == 80)
        #expect(header.height == 24)
        #expect(header.title == "trendsh: 03-storage-failure-and-retry")
        #expect(header.env == ["SHELL": "trendsh", "TERM": "xterm-256color"])
        #expect(header.timestamp == nil)
        #expect(!text.split(separator: "\n")[0].contains("timestamp"))
    }

    @Test func theMarkersAreTheNarrationParagraphsInOrder() throws {
        let lesson = Repository.root + "/" + Fixtures.retryLesson
        let (_, text) = record(lesson)
        let markers = try CastFile(text).markers
        #expect(markers.count >= 5)
        #expect(markers == Self.paragraphs(of: try #require(TextFile.read(lesson))))
        #expect(markers.first == "Lesson 3: a storage failure keeps the draft, and the retry writes exactly one entry.")
    }

    /// The narration paragraphs: runs of `# TEXT` lines other than `# now:`, joined by spaces,
    /// leaving out an exercise's goal, hints and solution, which --play does not show.
    static func paragraphs(of transcript: String) -> [String] {
        var paragraphs: [String] = []
        var current: [String] = []
        let answers = ["goal:", "hint:", "hint-after:", "solution:"]
        for line in transcript.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.dropFirst(2).trimmingSpaces
            if line.hasPrefix("# "), answers.contains(where: { text.lowercased().hasPrefix($0) }) { continue }
            if line.hasPrefix("# "), !text.isEmpty, !text.lowercased().hasPrefix("now:") {
                current.append(text)
            } else {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            }
        }
        return paragraphs + (current.isEmpty ? [] : [current.joined(separator: " ")])
    }

    @Test func linesEndInCarriageReturnAndNewline() throws {
        let (_, text) = record(Repository.root + "/" + Fixtures.retryLesson)
        let output = try CastFile(text).output
        #expect(output.contains("\r\n"))
        #expect(!output.replacing("\r\n", with: "").contains("\n"), "a bare newline in the output")
    }

    @Test func theCastShowsEveryCommandAndEveryLineTheTranscriptExpects() throws {
        let lesson = Repository.root + "/" + Fixtures.retryLesson
        let (_, text) = record(lesson)
        let shown = try CastFile(text).output.replacing("\u{1B}[2m", with: "").replacing("\u{1B}[0m", with: "")
        let screenLines = Set(shown.split(separator: "\r\n").map(String.init))
        for line in try #require(TextFile.read(lesson)).split(separator: "\n") where !line.hasPrefix("#") {
            let expected = line.hasPrefix("trendsh> ") ? String(line.dropFirst("trendsh> ".count)) : String(line)
            #expect(screenLines.contains { $0.hasSuffix(expected) }, "\(line)")
        }
    }

    @Test func typingAndPausesFollowTheScheduleThatSpeedAndAutoSet() throws {
        let path = home.write(
            "trendsh> list\nNo entries yet. Log one with \"value WEIGHT\", then \"save\".\n", to: "t.transcript")
        let (_, text) = record(path, ["--speed", "10", "--auto", "0.5"])
        let events = try CastFile(text).events
        #expect(
            events.map(\.data) == [
                "trendsh> ", "l", "i", "s", "t", "\r\n",
                "No entries yet. Log one with \"value WEIGHT\", then \"save\".\r\n",
            ])
        #expect(events.map(\.time) == [0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.9])
    }

    @Test func textFromTheTranscriptIsEscapedAndOnlyTrendshsOwnStylingReachesThePlayer() throws {
        let path = home.write(
            "# Narration with \u{1B}]0;title\u{7} in it\ntrendsh> note red \u{1B}[31mtext\ntrendsh> show\n",
            to: "escapes.transcript")
        let (result, text) = record(path)
        #expect(result.status == 3)
        let cast = try CastFile(text)
        let output = cast.output
        var rest = output[...]
        while let escape = rest.firstIndex(of: "\u{1B}") {
            let code = rest[escape...].prefix(4)
            #expect(code == "\u{1B}[2m" || code == "\u{1B}[0m", "an escape code the transcript put there: \(code)")
            rest = rest[rest.index(after: escape)...]
        }
        #expect(!output.contains("\u{7}"))
        #expect(output.contains("note:  red \\e[31mtext"))
        #expect(cast.markers == ["Narration with \\e]0;title\\u{7} in it"])
    }

    @Test func theRecordedLessonInDocsIsWhatItsTranscriptRecordsNow() throws {
        let committed = try #require(TextFile.read(Repository.root + "/" + Fixtures.recordedLesson))
        let (_, fresh) = record(Repository.root + "/" + Fixtures.recordedLessonTranscript)
        #expect(
            committed == fresh,
            "\(Fixtures.recordedLesson) differs from a recording of its transcript: run \"make casts\" and commit it.")
    }

    @Test func theCastGetsTheModeTheUmaskGivesAndReplacesAnOldFile() throws {
        let path = home.write("old", to: "lesson.cast", mode: 0o600)
        let lesson = Repository.root + "/" + Fixtures.retryLesson
        let result = TrendshProcess.run(
            ["-c", "umask 027; exec \"$@\"", "sh", TrendshProcess.binaryPath, "--play", lesson, "--cast", path],
            environment: environment, program: "/bin/sh")
        #expect(result.status == 1, "lesson 3 has a failed save, so its session ends with 1")
        #expect(permissions(of: path) == 0o640)
        #expect(try CastFile(TextFile.read(path) ?? "").events.isEmpty == false)
        #expect(filesUnder(home.path) == ["lesson.cast"], "no temporary file is left beside it")
    }

    /// A symbolic link the person named is followed, as for `export FILE` and `chart --svg`:
    /// the file it names gets the cast, and the link stays a link.
    @Test func aLinkThePersonNamedIsFollowed() throws {
        let real = home.write("old", to: "real.cast", mode: 0o600)
        let link = home.file("link.cast")
        #expect(symlink(real, link) == 0)
        let lesson = Repository.root + "/" + Fixtures.retryLesson
        let result = TrendshProcess.run(["--play", lesson, "--cast", link], environment: environment)
        #expect(result.status == 1, "lesson 3 has a failed save, so its session ends with 1")
        #expect(try CastFile(TextFile.read(real) ?? "").events.isEmpty == false)
        var status = stat()
        #expect(lstat(link, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK, "the link is still a link")
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
