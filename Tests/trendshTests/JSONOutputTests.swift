import Testing
import TrendshTestSupport

/// `--format json` and `format json` through the built binary: one object a command, each
/// read by python3's json and by Debian's jq; errors as objects on standard error with the
/// exit status unchanged; and a format that is never written to the settings file.
struct JSONOutputTests {
    /// Reads each line of standard input with python3's json: each must be an object of the
    /// schema; prints its command and `ok` for each.
    static let reader = """
        import json, sys
        for line in sys.stdin:
            answer = json.loads(line)
            assert answer["schema"] == "trendsh-output" and answer["version"] == 1, line
            assert set(answer) >= {"command", "input", "ok"}, line
            print(answer["command"], answer["ok"])
        """

    /// Runs trendsh with `arguments` and `input`, its standard output read by `reader`.
    static func parsed(_ shell: Shell, _ arguments: [String], input: [String]) -> ProcessResult {
        TrendshProcess.run(
            [
                "-c", "\"$0\" \"$@\" | python3 -c '\(reader)'", TrendshProcess.binaryPath, "--store", shell.storePath,
                "--now", Fixtures.now,
            ] + arguments,
            input: input.map { $0 + "\n" }.joined(), environment: shell.environment, program: "/bin/sh")
    }

    /// The read commands, each with its own JSON form, and a write command and a failure.
    static let commands = [
        "list", "list 3", "show", "stats", "stats 7", "stats week", "stats month 3", "stats year", "trend",
        "habits", "undo list", "status", "settings", "value 70", "show", "save", "format", "bogus", "help",
    ]

    @Test func everyCommandAnswersWithOneObjectThatPythonReads() throws {
        let shell = TrendCommandTests.shellWithAMonth()
        defer { shell.home.remove() }
        let csv = shell.home.write("date,kilograms,note\r\n2026-11-01T07:00:00Z,81.5,\r\n", to: "old.csv")
        let result = Self.parsed(
            shell, ["--format", "json"],
            input: Self.commands + ["new habit", "name Walk", "save", "import \(csv)", "show"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                list True
                list True
                show True
                stats True
                stats True
                stats True
                stats True
                stats True
                trend True
                habits True
                undo True
                status True
                settings True
                value True
                show True
                save True
                format True
                None False
                help True
                new True
                name True
                save True
                import True
                show True

                """)
    }

    @Test func aOneShotRunIsJSONLinesToo() {
        let shell = TrendCommandTests.shellWithAMonth()
        defer { shell.home.remove() }
        let result = Self.parsed(
            shell, ["--format=json", "-c", "stats", "-c", "stats fat week", "-c", "list 2"], input: [])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "stats True\nstats True\nlist True\n")
    }

    @Test func jqFromDebianReadsTheStats() {
        let shell = TrendCommandTests.shellWithAMonth()
        defer { shell.home.remove() }
        let result = TrendshProcess.run(
            [
                "-c", "\"$0\" \"$@\" | /usr/bin/jq -c '{trend, weeklyRate, unit, command}'", TrendshProcess.binaryPath,
                "--store", shell.storePath, "--now", Fixtures.now, "-c", "stats", "--format", "json",
            ],
            environment: shell.environment, program: "/bin/sh")
        #expect(result.status == 0, "\(result.stderr)")
        let pretty = TrendshProcess.run(
            [
                "-c", "\"$0\" \"$@\" | /usr/bin/jq .", TrendshProcess.binaryPath, "--store", shell.storePath, "--now",
                Fixtures.now, "-c", "stats", "--format", "json",
            ],
            environment: shell.environment, program: "/bin/sh")
        #expect(pretty.status == 0, "\(pretty.stderr)")
        #expect(pretty.stdout.contains("\n  \"schema\": \"trendsh-output\",\n"))
        // The figures stats prints as 78.1 kg and -0.63 kg a week, unrounded.
        #expect(
            result.stdout
                == #"{"trend":78.06054697420942,"weeklyRate":-0.6335377736278888,"unit":"kg","command":"stats"}"# + "\n"
        )
    }

    @Test func aMissingFigureIsNullWithAReasonCode() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["value 75", "save", "trend"], options: ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(
            lines.last
                == #"{"schema":"trendsh-output","version":1,"command":"trend","input":"trend","ok":true,"kind":"weight","unit":"kg","trend":75,"trendDate":"2026-11-29","weeklyRate":null,"weeklyRateMissing":"too-few-weigh-in-days","energyPerDay":null,"energyPerDayMissing":"too-few-weigh-in-days","leftOut":0}"#
        )
    }

    @Test func aFailedCommandStillAnswersAndItsErrorIsAnObjectOnStandardError() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(arguments: [
            "--store", shell.storePath, "--format", "json", "-c", "list x", "-c", "list",
        ])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                {"schema":"trendsh-output","version":1,"command":"list","input":"list x","ok":false,"lines":[],"error":"\\"x\\" is not a positive whole number. Usage: list [N]","code":"bad-arguments"}
                {"schema":"trendsh-output","version":1,"command":"list","input":"list","ok":true,"units":{"weight":"kg"},"entries":[]}

                """)
        #expect(
            result.stderr == """
                {"error":"\\"x\\" is not a positive whole number. Usage: list [N]","code":"bad-arguments","input":"list x"}

                """)
    }

    @Test func textFromAUserIsEscapedInEveryString() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(
            ["value 75", "note a\u{2028}b\u{202E}c\u{85}d\u{1B}", "save", "list"], options: ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""note":"a\u2028b\u202ec\u0085d\u001b""#), "\(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{202E}" || $0 == "\u{1B}" })
    }

    @Test func exportToStandardOutputWritesItsOwnFormatUnchanged() {
        let shell = Shell()
        defer { shell.home.remove() }
        _ = shell.run(["value 75", "note after run", "save"])
        let text = shell.run(["export json"])
        let json = shell.run(["export json", "export csv"], options: ["--format", "json"])
        let csv = shell.run(["export csv"])
        #expect(text.status == 0 && json.status == 0)
        #expect(json.stdout == text.stdout + csv.stdout)
        #expect(json.stdout.hasPrefix(#"{"format":"trendsh-entries""#))
    }

    @Test func echoWithJSONOrCSVIsAUsageError() {
        let shell = Shell()
        defer { shell.home.remove() }
        for format in ["json", "csv"] {
            let result = shell.run(["list"], options: ["--echo", "--format", format])
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(
                result.stderr.hasPrefix("error: --echo prints each command line as text, which would break up the "))
        }
        let refused = shell.run(["format json", "list"], options: ["--echo"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: This run echoes each line (--echo)"))
        #expect(refused.stdout.hasSuffix("trendsh> list\n\(Fixtures.noEntries)\n"))
        #expect(shell.run(["list"], options: ["--format", "yaml"]).status == 2)
    }

    @Test func theFormatIsNeverWrittenToTheSettingsFile() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        #expect(shell.run(["set unit lb"]).status == 0)
        let settingsFile = shell.storePath + ".settings"
        let before = try #require(fileBytes(settingsFile))
        let piped = shell.run(
            ["format json", "settings", "format csv", "list", "format text"], options: ["--format", "json"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(fileBytes(settingsFile) == before)
        // A later run prints text again: nothing carried the choice over.
        #expect(shell.run(["settings"]).stdout.hasPrefix("unit: lb\n"))
    }

    @Test func csvPrintsTheRowsOfListWithTheUnitsInTheHeader() {
        let shell = Shell()
        defer { shell.home.remove() }
        _ = shell.run(["value 75", "fat 21.5", "note after, \"run\"", "save", "value 74.5", "date -1d", "save"])
        let result = shell.run(["list", "habits", "trend"], options: ["--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = [
            "id,date,weight (kg),trend (kg),fat (%),note",
            #"1,2026-11-29T08:00:00.000+00:00,75,74.55,21.5,"after, ""run""""#,
            "2,2026-11-28T08:00:00.000+00:00,74.5,74.5,,",
            "habit,created,2026-11-23,2026-11-24,2026-11-25,2026-11-26,2026-11-27,2026-11-28,2026-11-29,streak,30 days",
        ]
        // Rows end in CRLF; a command without rows (trend) prints its text as always.
        #expect(result.stdout == rows.map { $0 + "\r\n" }.joined() + shell.run(["trend"]).stdout)
    }

    @Test func csvPrintsThePeriodReportsAndTheHistory() {
        let shell = Shell()
        defer { shell.home.remove() }
        _ = shell.run(["value 75", "save", "value 76", "date -8d", "save"])
        let result = shell.run(["stats week 2", "undo list"], options: ["--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        // Each row ends in CRLF, one Character in Swift.
        #expect(result.stdout.hasSuffix("\r\n") && !result.stdout.contains("\n\n"))
        let lines = result.stdout.split(separator: "\r\n").map(String.init)
        #expect(
            Array(lines.prefix(4)) == [
                "kind,unit,week,first day,last day,partial,mean,lowest,highest,weigh-ins,days with weigh-ins,change",
                "weight,kg,2026-11-23,2026-11-23,2026-11-29,yes,75,75,75,1,1,-1",
                "weight,kg,2026-11-16,2026-11-16,2026-11-22,no,76,76,76,1,1,",
                "step,state,next,kind,feature,made,rows,change",
            ])
        // The steps were made at the real time; the rest of each row is known.
        #expect(lines.count == 6)
        #expect(lines[4].hasPrefix("2,done,undo,save,weights,"))
        #expect(lines[4].hasSuffix(",1,saved #2: 76.0 kg on 2026-11-21 08:00"))
        #expect(lines[5].hasPrefix("1,done,,save,weights,"))
    }

    @Test func whatASessionSaysOutsideACommandIsANoteOnStandardError() {
        let shell = Shell()
        defer { shell.home.remove() }
        #expect(shell.run(["value 75"]).status == 3)
        let result = shell.run(["show"], options: ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                #"{"schema":"trendsh-output","version":1,"command":"show","input":"show","ok":true,"draft":{"kind":"weight""#
            ))
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(
            result.stderr.split(separator: "\n").map(String.init) == [
                #"{"note":"Restored unsaved draft (new entry): value \"75\", dated 2026-11-29 08:00. Type \"save\" to save it or \"cancel\" to discard it."}"#,
                #"{"note":"The restored draft (value \"75\", dated 2026-11-29 08:00) is still waiting in the draft file; this run did not change it."}"#,
            ])
    }

    /// A command that runs a usage form: optional words left out, a period chosen, a file given.
    static func concrete(_ form: String, file: String) -> String {
        var words: [String] = []
        for word in form.split(separator: " ") where !word.hasPrefix("[") {
            words.append(word == "week|month|year" ? "week" : word == "FILE..." ? file : String(word))
        }
        return words.joined(separator: " ")
    }

    /// The forms `format` names after `prefix` (they come from the commands' declarations).
    static func declaredForms(_ lines: [Substring], after prefix: String) -> [String] {
        guard let line = lines.first(where: { $0.hasPrefix(prefix) }) else { return [] }
        return line.dropFirst(prefix.count).dropLast().split(separator: ", ").map(String.init)
    }

    @Test func everyFormDeclaredWithAJSONOrCSVAnswerGivesOne() throws {
        let shell = TrendCommandTests.shellWithAMonth()
        defer { shell.home.remove() }
        let csv = shell.home.write("date,kilograms,note\r\n2026-11-01T07:00:00Z,81.5,\r\n", to: "old.csv")
        #expect(shell.run(["new habit", "name Walk", "save", "done Walk"]).status == 0)
        let lines = shell.run(["format"]).stdout.split(separator: "\n")
        let json = Self.declaredForms(
            lines,
            after:
                "In JSON, each command answers with one object; these with fields of their own, any other with its text lines: "
        )
        let rows = Self.declaredForms(lines, after: "In CSV, these print rows, any other command its text: ")
        #expect(json.count == 14 && rows.count == 5, "\(lines)")
        for form in json {
            let command = Self.concrete(form, file: csv)
            let result = shell.run([command, "cancel"], options: ["--format", "json"])
            let answer = try #require(result.stdout.split(separator: "\n").first.map(String.init))
            let keepsLines = command.hasPrefix("show") || command.hasPrefix("import")
            #expect(answer.contains(#""ok":true"#), "\(command): \(answer) \(result.stderr)")
            #expect(answer.contains(#""lines":"#) == keepsLines, "\(command): \(answer)")
        }
        for form in rows {
            let command = Self.concrete(form, file: csv)
            let result = shell.run([command], options: ["--format", "csv"])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.stdout.split(separator: "\r\n").count >= 2, "\(command): \(result.stdout)")
            #expect(result.stdout.hasSuffix("\r\n"), "\(command): \(result.stdout)")
        }
    }

    @Test func anAnswerThatCannotBeWrittenStopsTheRunBeforeTheNextChange() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = TrendshProcess.run(
            ["--store", shell.storePath, "--now", Fixtures.now, "--format", "json"], input: "list\nvalue 75\nsave\n",
            environment: shell.environment, streams: .init(output: .file("/dev/full")))
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                #"{"error":"Standard output could not be written (no space left on device), so trendsh stopped without running anything more.""#
            ), "\(result.stderr)")
        #expect(try OtherProgram(path: shell.storePath).entries() == [], "the save after the failed write never ran")
    }
}
