import Testing
import TrendshTestSupport

/// `trendsh --check --junit FILE`: a JUnit XML report with one test case per lesson, read
/// back with a real XML parser (Python's ElementTree), and written under the rules for files
/// a person names: never over a transcript being checked or one of trendsh's own files.
@Suite struct JUnitReportTests {
    let home = TemporaryDirectory()
    var environment: [String: String] { TrendshProcess.environment(home: home.path) }

    /// What Python's XML parser reads in the report: the suite's counts, then one line per
    /// test case (`name classname outcome [message]`).
    func parsed(_ report: String) -> ProcessResult {
        let script = """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            assert root.tag == "testsuites", root.tag
            suites = root.findall("testsuite")
            assert len(suites) == 1
            suite = suites[0]
            for name in ("name", "tests", "failures", "errors", "time", "timestamp", "hostname", "id", "package"):
                assert suite.get(name) is not None, name
            print(suite.get("tests"), suite.get("failures"), suite.get("errors"))
            for case in suite.findall("testcase"):
                float(case.get("time"))
                kids = list(case)
                outcome = kids[0].tag if kids else "passed"
                message = kids[0].get("message") if kids else ""
                print(case.get("name"), case.get("classname"), outcome, message)
            """
        return TrendshProcess.run(
            ["-c", script, report], environment: environment, program: "/usr/bin/python3")
    }

    @Test func eachLessonIsATestCaseAndAFailureCarriesItsDiff() throws {
        let lesson = try #require(TextFile.read(Repository.root + "/" + Fixtures.retryLesson))
        let passing = home.file("good.transcript")
        let failing = home.file("bad.transcript")
        try #require(TextFile.write(lesson, to: passing))
        // The lesson's first "Saved #1" line, changed: a mismatch whose diff holds markup.
        var lines = lesson.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("Saved #1") })
        lines[index] = "Saved #7 <&>"
        try #require(TextFile.write(lines.joined(separator: "\n"), to: failing))
        let notATranscript = home.write("no prompt here\n", to: "notes.transcript")
        let report = home.file("report.xml")

        let run = TrendshProcess.run(
            ["--check", passing, failing, notATranscript, "--junit", report], environment: environment)
        #expect(run.status == 1)

        let read = parsed(report)
        #expect(read.status == 0, "\(read.stderr)")
        let folder = home.path.split(separator: "/").joined(separator: ".")
        #expect(
            read.stdout.split(separator: "\n").map(String.init) == [
                "3 1 1",
                "good \(folder) passed ",
                "bad \(folder) failure The replayed output differs from the transcript.",
                "notes \(folder) error \(notATranscript) is not a transcript: it has no \"trendsh> \" line, so there is nothing to replay.",
            ])
        let text = try #require(TextFile.read(report))
        #expect(text.contains("\n-Saved #7 &lt;&amp;&gt;\n"))
        #expect(text.contains("+Saved #1"))
    }

    /// As a course's CI checks them: every lesson in one run, with a server (a scratch database
    /// set up fresh) for the one that runs on a server, which the others ignore.
    @Test func everyLessonPassesInTheReport() throws {
        let lessons = Repository.transcripts().filter { $0.hasPrefix(Fixtures.tutorialDirectory + "/") }
        #expect(lessons.count >= 15)
        let report = home.file("lessons.xml")
        let database = try LessonDatabase(roles: ["alice", "coach"], for: "report")
        let run = TrendshProcess.run(
            ["--check", "--store", database.uri] + lessons + ["--junit", report], environment: environment,
            directory: Repository.root)
        #expect(run.status == 0, "\(run.stdout)")
        let read = parsed(report)
        let lines = read.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(lessons.count) 0 0")
        let names = lessons.map { String($0.dropFirst(Fixtures.tutorialDirectory.count + 1).dropLast(11)) }
        #expect(lines.dropFirst().map { String($0.split(separator: " ")[0]) } == names)
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix("docs.tutorial passed ") })
    }

    @Test func theReportNeverReplacesATranscriptItChecks() throws {
        let lesson = try #require(TextFile.read(Repository.root + "/" + Fixtures.retryLesson))
        let transcript = home.file("lesson.transcript")
        try #require(TextFile.write(lesson, to: transcript))
        let run = TrendshProcess.run(["--check", transcript, "--junit", transcript], environment: environment)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: \(transcript) is a transcript being checked, so the report was not written; choose another file for it.\n"
        )
        #expect(TextFile.read(transcript) == lesson)
    }

    /// A store named with `--store` is one of trendsh's own files here too, as are those
    /// beside it: the report never replaces them.
    @Test func theReportNeverReplacesTheStoreNamedWithIt() throws {
        let lesson = try #require(TextFile.read(Repository.root + "/" + Fixtures.retryLesson))
        let transcript = home.file("lesson.transcript")
        try #require(TextFile.write(lesson, to: transcript))
        let store = home.file("s.sqlite")
        for target in [store, store + ".settings"] {
            try #require(TextFile.write("keep me", to: target))
            let run = TrendshProcess.run(
                ["--store", store, "--check", transcript, "--junit", target], environment: environment)
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("error: \(target) is "), "\(run.stderr)")
            #expect(TextFile.read(target) == "keep me")
        }
    }

    /// U+FFFE and U+FFFF survive the display escaping, and XML 1.0 forbids them: the report
    /// writes them as text, and still parses.
    @Test func charactersXMLForbidsAreWrittenAsText() throws {
        let transcript = home.file("odd.transcript")
        try #require(TextFile.write("# now: 2026-11-29T08:00:00Z\n\ntrendsh> note a\u{FFFF}b\nwrong\n", to: transcript))
        let report = home.file("odd.xml")
        #expect(TrendshProcess.run(["--check", transcript, "--junit", report], environment: environment).status == 1)
        let read = parsed(report)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.hasPrefix("1 1 0\n"))
        #expect(try #require(TextFile.read(report)).contains("a\\u{FFFF}b"))
    }

    @Test func junitWithoutCheckIsAUsageError() {
        let run = TrendshProcess.run(["--junit", home.file("r.xml")], environment: environment)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: --junit reports what --check found; use it with --check."))
        #expect(!fileExists(home.file("r.xml")))
    }
}
