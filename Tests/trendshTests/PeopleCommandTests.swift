import Testing
import TrendshTestSupport

/// Whose log a session works on (issue 27, on SQLite): `--person`, `person`, `person add`,
/// `people`, and the draft that names its person. The test environment has neither
/// `LOGNAME` nor `USER`, so a new store's first person is `me`.
@Suite struct PeopleCommandTests {
    static func people(_ path: String) throws -> [String?] {
        try OtherProgram(path: path).rows("SELECT name FROM people ORDER BY name").map { $0[0] }
    }

    @Test func aNewStoresFirstPersonIsWhoTheSessionNamesAndAnUnknownNameIsRefusedNamingThePeople() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let first = shell.run(["person"], options: ["--person", "alice"])
        #expect(first.stdout == "Working on alice's log.\n")
        let refused = shell.run(["person", "value 70", "save"], options: ["--person", "zed"])
        #expect(refused.status != 0)
        #expect(
            refused.stderr.hasPrefix(
                "error: The store has no person named zed, so nothing was read or written; it holds alice. `person add zed` adds them.\n"
            ))
        #expect(!refused.stdout.contains("Saved"))
        // Named by nobody (no LOGNAME, no USER), a one-person store opens on its person.
        #expect(shell.run(["person"]).stdout == "Working on alice's log.\n")
        #expect(try Self.people(shell.storePath) == ["alice"])
    }

    @Test func aRunAsAnotherPersonSaysWhoseLogAWaitingDraftIsFor() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        #expect(shell.run(["person add sam"], options: ["--person", "me"]).status == 0)
        let left = shell.run(["value 71"], options: ["--person", "sam"])
        #expect(
            left.stderr.hasSuffix("The draft file keeps it, and the next trendsh on this log restores it.\n"), "\(left)"
        )
        let mine = shell.run(arguments: ["--store", shell.storePath, "--person", "me", "-c", "list"])
        #expect(
            mine.stderr.hasSuffix("this run leaves it there for the next interactive session on sam's log.\n"),
            "\(mine)")
        let sams = shell.run(arguments: ["--store", shell.storePath, "--person", "sam", "-c", "list"])
        #expect(sams.stderr.hasSuffix("this run leaves it there for the next interactive session.\n"), "\(sams)")
    }

    @Test func aSQLiteStoreHasNothingToShareAndSaysSoChangingNothing() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        for command in ["share with sam", "share", "unshare sam"] {
            let refused = shell.run([command])
            #expect(refused.status != 0, "\(command)")
            #expect(
                refused.stderr
                    == "error: A SQLite store has nothing to share: everyone who can read its file reads every log in it, so nothing was changed. Sharing is a server's, where each person logs in as their own role.\n",
                "\(refused)")
        }
        #expect(!shell.run(["share wiht sam"]).stderr.isEmpty)
    }

    @Test func personAddAddsOncePersonChoosesAndPeopleListsEveryoneWithTheSessionsOwnMarked() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run([
            "value 80", "save", "person add sam", "person add sam", "person sam", "person", "people", "person bob",
        ])
        #expect(
            result.stdout.contains(
                lines(
                    "Added sam to the store, with an empty log; \"person sam\" works on it.",
                    "The store already holds sam; nothing was changed.",
                    "Working on sam's log.",
                    "Working on sam's log.",
                    "me         80.0 kg  trend 80.0 kg  last weighed 2026-11-29",
                    "sam (you)  no weight yet")))
        #expect(
            result.stderr
                == "error: The store has no person named bob, so nothing was read or written; it holds me and sam. `person add bob` adds them.\n"
        )
        #expect(try Self.people(shell.storePath) == ["me", "sam"])
        let status = shell.run(["status"], options: ["--person", "sam", "--format", "json"]).stdout
        #expect(status.contains(#""store":"\#(shell.storePath)","person":"sam","#))
        let json = shell.run(["people"], options: ["--person", "sam", "--format", "json"]).stdout
        #expect(
            json.contains(#""people":[{"person":"me","you":false,"latest":80,"trend":80,"lastWeighIn":"2026-11-29"},"#))
        #expect(json.contains(#"{"person":"sam","you":true,"latest":null,"latestMissing":"no-weigh-ins""#))
        let csv = shell.run(["people"], options: ["--format", "csv"]).stdout
        #expect(csv == "person,latest_kg,trend_kg,last_weigh_in\r\nme,80,80,2026-11-29\r\nsam,,,\r\n")
    }

    @Test func personIsRefusedWhileTheDraftHasUnsavedChangesAndTheDraftIsKept() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["person add sam", "value 81", "person sam", "person", "save"])
        #expect(
            result.stderr
                == "error: The draft has unsaved changes, so the session stays on its log; save or cancel the draft, then \"person sam\".\n"
        )
        #expect(result.stdout.contains("Working on me's log.\n"))
        #expect(result.stdout.contains("Saved #1: 81.0 kg"))
    }

    @Test func aDraftLeftOnOnePersonsLogIsNeverRestoredIntoAnothersAndItsOwnSessionRestoresIt() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        _ = shell.run(["person add sam"])
        _ = shell.run(["value 82", "note sams", "quit", "quit"], options: ["--person", "sam"])
        let mine = shell.run(["save", "status"], options: ["--person", "me"])
        #expect(
            mine.stderr.hasPrefix(
                "error: The draft in \(shell.storePath).draft is sam's, made on their log, so this session left it as it is and will not save it into this log; sam's session restores it (--person sam).\n"
            ))
        #expect(!mine.stdout.contains("Saved"))
        #expect(mine.stdout.contains("person: me\n"))
        #expect(
            mine.stdout.contains(
                "draft file: in memory only: \(shell.storePath).draft holds sam's draft, left in place\n"))
        let sams = shell.run(["save"], options: ["--person", "sam"])
        #expect(sams.stdout.contains("Restored unsaved draft (new entry): value \"82\", note \"sams\""))
        #expect(sams.stdout.contains("Saved #1: 82.0 kg"))
    }

    @Test func pendingChangesTypedOnOnePersonsLogAreNeverAppliedToAnothers() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        _ = shell.run(["person add sam"])
        _ = shell.run(
            ["value 75", "save", "simulate save-failure always", "amend 1 value 76", "quit", "quit"],
            options: ["--person", "sam"])
        let mine = shell.run(["retry", "status"], options: ["--person", "me"])
        #expect(
            mine.stderr.hasPrefix(
                "error: The pending changes in \(shell.storePath).pending were typed on sam's log, not the one this session works on, so they were not restored and none of them will be applied here;"
            ))
        #expect(!mine.stdout.contains("pending: 1 change"))
        let stored = try OtherProgram(path: shell.storePath).rows("SELECT printf('%.1f', kilograms) FROM entries")
        #expect(stored == [["75.0"]])
        let sams = shell.run(["retry"], options: ["--person", "sam"])
        #expect(sams.stdout.contains("Restored 1 pending change from an earlier session: amend #1 value 76.0 kg."))
        #expect(
            try OtherProgram(path: shell.storePath).rows("SELECT printf('%.1f', kilograms) FROM entries") == [["76.0"]])
    }

    @Test func aBadNameIsRefusedWhereverItIsTyped() {
        let shell = Shell()
        defer { shell.home.remove() }
        let option = shell.run(arguments: ["--store", shell.storePath, "--person", "a b", "-c", "list"])
        #expect(option.status == 2)
        #expect(option.stderr.hasPrefix("error: --person was given \"a b\", which is not a name"))
        let typed = shell.run(["person 1x", "person add"])
        #expect(typed.stderr.contains("error: person was given \"1x\", which is not a name"))
        #expect(typed.stderr.contains("error: person needs a name. Usage: person [NAME | add NAME]\n"))
    }
}
