import Testing
import TrendshTestSupport

/// Words a new user meets (issue 9, points 13 to 15): units written in a value, the hint
/// that fits each error, and the habits of other shells.
@Suite struct NewUserWordsTests {
    @Test(arguments: [
        ("value 165 lb", 74.84274105), ("value 75kg", 75.0), ("value 75 kg", 75.0), ("value 165lbs", 74.84274105),
    ])
    func aUnitWrittenInTheValueIsRead(line: String, kilograms: Double) throws {
        let shell = Shell()
        let result = shell.run([line, "show", "save"])
        #expect(result.stderr == "", "\(result.stderr)")
        #expect(!result.stdout.contains("(kg)"), "show names the unit as typed: \(result.stdout)")
        #expect(try OtherProgram(path: shell.storePath).entries().map(\.kilograms) == [kilograms])
    }

    @Test func anotherProgramsDatabaseIsNamedAsSuchNotAsANewerTrendsh() throws {
        let shell = Shell()
        let other = try OtherProgram(path: shell.storePath, creating: true)
        try other.execute("PRAGMA user_version = 7; PRAGMA application_id = 42; CREATE TABLE t (x);")
        other.close()

        let result = shell.run(["value 75", "save"])

        #expect(
            result.stderr.contains(
                "error: The file \(shell.storePath) is another program's SQLite database, not a trendsh store. It was left untouched; move it aside or use another store."
            ), "\(result.stderr)")
        #expect(!result.stderr.contains("newer trendsh"))
        #expect(!result.stderr.contains("type \"save\" to try again"), "a retry cannot help: \(result.stderr)")
        #expect(result.stderr.contains("or start trendsh with --store PATH to save it elsewhere"))
    }

    @Test func statusNamesAStorageErrorOnceWithoutCodes() {
        let shell = Shell()
        let result = shell.run(["simulate save-failure", "value 75", "save", "status"])
        let weightsLine = result.stdout.split(separator: "\n").first { $0.hasPrefix("weights:") } ?? ""
        #expect(!weightsLine.contains("SQLite code"))
        #expect(weightsLine.ranges(of: "nothing was written").count == 1)
    }

    @Test func aTooLongNoteGetsOnePieceOfAdvice() {
        let shell = Shell()
        let result = shell.run(["value 75", "note " + String(repeating: "n", count: 501), "save"])
        #expect(
            result.stderr.hasPrefix(
                "error: A note can have at most 500 characters; this one has 501. The draft is kept; fix it and save again.\n"
            ), "\(result.stderr)")
    }

    @Test func aMissingEntryIsNotSomethingToRetry() {
        let result = Shell().run(["delete 9"])
        #expect(result.stderr == lines("error: There is no entry #9. List the entries to see their numbers."))
    }

    @Test(arguments: [("vaule 75", "value"), ("lsit", "list"), ("sabe", "save"), ("hepl", "help")])
    func aTranspositionIsOneEdit(line: String, suggestion: String) {
        let result = Shell().run([line])
        #expect(result.stderr.contains("Did you mean \"\(suggestion)\"?"), "\(result.stderr)")
    }

    @Test(arguments: ["\\q", ".quit", ".exit"])
    func psqlAndSqliteWaysToQuitQuit(line: String) {
        let result = Shell().run(["value 75", "save", line, "list"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("#1  "), "nothing after \(line) ran")
    }

    @Test(arguments: ["\\?", ".help"])
    func psqlAndSqliteWaysToAskForHelpShowHelp(line: String) {
        let result = Shell().run([line])
        #expect(result.stdout.hasPrefix("Drafts (any kind):\n"), "\(result.stdout)")
        #expect(result.status == 0)
    }
}
