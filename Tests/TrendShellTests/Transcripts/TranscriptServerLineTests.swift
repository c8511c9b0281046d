import Testing
import TrendKit
import TrendShell

/// `# server: ROLE ROLE`: a lesson that runs on a PostgreSQL server, its first session logging
/// in as the first role and its second as the second. The line stays narration for `--update`
/// and is left out of `--play`; anything but two different names, or a second line, is an
/// error naming its line. (Its replay on a real server: TutorialTests/ServerLessonTests.)
@MainActor @Suite struct TranscriptServerLineTests {
    @Test func theServerLineNamesTheRolesOfTheTwoSessions() throws {
        let transcript = try Transcript(
            parsing: "# now: 2026-11-29T08:00:00Z\n# Server:   alice\tcoach \ntrendsh> list\nother> list\n")
        let roles = try #require(transcript.server)
        #expect(roles.first.rawValue == "alice")
        #expect(roles.second.rawValue == "coach")
        #expect(roles.role(second: false) == roles.first && roles.role(second: true) == roles.second)
        // It is narration to everything but the replay: compared nowhere, kept by --update.
        #expect(transcript.expectedLines == ["trendsh> list", "other> list"])
        #expect(transcript.lines[1] == .narration("# Server:   alice\tcoach "))
        #expect(!PlayStep.steps(for: transcript).contains(.narration("# Server:   alice\tcoach ")))
    }

    @Test func aLessonWithoutTheLineRunsOnNoServer() throws {
        let transcript = try Transcript(parsing: "# servers: alice coach\n# server\ntrendsh> list\n")
        #expect(transcript.server == nil)
    }

    @Test(arguments: [
        ("# server: alice", "alice"), ("# server:", ""), ("# server: alice coach bob", "alice coach bob"),
        ("# server: alice alice", "alice alice"), ("# server: alice 9coach", "alice 9coach"),
        ("# server: alice co@ch", "alice co@ch"),
    ])
    func aServerLineThatDoesNotNameTwoDifferentRolesIsAnErrorNamingItsLine(line: String, value: String) {
        #expect(throws: TranscriptError.badServer(line: 2, text: value)) {
            try Transcript(parsing: "# now: 2026-11-29T08:00:00Z\n\(line)\ntrendsh> list\n")
        }
    }

    @Test func aSecondServerLineIsAnError() {
        #expect(throws: TranscriptError.badServer(line: 3, text: "bob carol")) {
            try Transcript(parsing: "# server: alice coach\ntrendsh> list\n# server: bob carol\n")
        }
    }

    @Test func theErrorsSayWhatToWriteAndWhatTheLessonNeeds() throws {
        #expect(
            Messages.transcriptProblem(.badServer(line: 2, text: "alice"), path: "l.transcript")
                == "l.transcript: line 2: a \"# server:\" line names, once, the two different roles a server lesson logs in as, such as \"# server: alice coach\", not \"alice\"."
        )
        let roles = try #require(ServerRoles("alice coach"))
        let needed = Messages.transcriptProblem(.needsServer(roles), path: "l.transcript")
        #expect(needed.hasPrefix("l.transcript runs on a PostgreSQL server, so it was not replayed: "))
        #expect(needed.contains("log in as alice and coach"))
        #expect(needed.contains("`trendsh --store postgresql://ADMIN@HOST/DATABASE --set-up`"))
        #expect(needed.contains("Give --store the URI of a scratch database"))
    }
}
