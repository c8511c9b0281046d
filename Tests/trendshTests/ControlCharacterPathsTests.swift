import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Every way user text comes back to the terminal, tried with control characters: not only
/// results, but warnings, the quit warning, restore and closing messages, conflicts, paths
/// and a file's rows. The pattern is CVE-2021-25743 (kubectl) and CVE-2024-52005 (git): text
/// that someone else wrote reaches a terminal raw, and moves the cursor, rewrites the title or
/// hides a line. Nothing here may print an escape, a bell or a C1 control as it is.
@Suite struct ControlCharacterPathsTests {
    /// An OSC that would set the terminal's title, then a bell.
    static let title = "\u{1B}]0;pwned\u{7}"
    static let titleShown = "\\e]0;pwned\\u{7}"
    /// CSI as one C1 character, clearing the screen.
    static let clear = "\u{9B}2J"
    static let clearShown = "\\u{9B}2J"

    /// Fails when the output holds any control character other than the line feed.
    func expectNothingRaw(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let raw = text.unicodeScalars.filter { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
            #expect(raw.isEmpty, "\(name) holds \(raw.map { $0.value })", sourceLocation: sourceLocation)
        }
    }

    @Test func theQuitWarningShowsTheDraftEscaped() {
        let result = Shell().run(["value 75", "note \(Self.title)", "quit", "quit"])
        #expect(
            result.stderr.hasPrefix(
                "warning: The draft has unsaved changes (value \"75\", note \"\(Self.titleShown)\", dated 2026-11-29 08:00)."
            ), "\(result.stderr)")
        expectNothingRaw(result)
    }

    @Test func theCancelMessageShowsTheDraftEscaped() {
        let result = Shell().run(["value 7\(Self.clear)", "cancel"])
        #expect(result.stdout.contains("Discarded the draft (value \"7\(Self.clearShown)\""), "\(result.stdout)")
        expectNothingRaw(result)
    }

    @Test func restoreAndClosingMessagesShowTheDraftEscaped() {
        let shell = Shell()
        _ = shell.run(["value 75", "note \(Self.title)"])

        let restored = shell.run(["list"])
        let oneShot = shell.run(arguments: ["--store", shell.storePath, "--now", Fixtures.now, "-c", "list"])

        #expect(
            restored.stdout.hasPrefix("Restored unsaved draft (new entry): value \"75\", note \"\(Self.titleShown)\""))
        #expect(
            restored.stderr.contains(
                "note: The restored draft (value \"75\", note \"\(Self.titleShown)\", dated 2026-11-29 08:00) is still waiting"
            ), "\(restored.stderr)")
        #expect(
            oneShot.stderr.hasPrefix("warning: A draft (value \"75\", note \"\(Self.titleShown)\""),
            "\(oneShot.stderr)")
        expectNothingRaw(restored)
        expectNothingRaw(oneShot)
    }

    @Test func aConflictShowsWhatAnotherProgramStoredEscaped() throws {
        let shell = Shell()
        _ = shell.run(["value 75", "save", "edit 1", "note mine"])
        try OtherProgram(path: shell.storePath).execute(
            "UPDATE entries SET note = '\(Self.title)', revision = revision + 1 WHERE id = 1")

        let result = shell.run(["save"])

        #expect(result.stderr.contains(Self.titleShown), "\(result.stderr)")
        expectNothingRaw(result)
    }

    @Test func pathsWithControlCharactersAreEscapedInWarningsAndErrors() throws {
        let shell = Shell()
        let folder = shell.home.makeFolder("a\(Self.title)b")
        guard chmod(folder, 0o777) == 0 else { throw SystemCallError(errno: errno) }
        let store = folder + "/s.sqlite"
        let missing = folder + "/missing/s.sqlite"

        let warned = shell.run(arguments: ["--store", store, "--now", Fixtures.now], input: "value 75\nsave\n")
        let failed = shell.run(arguments: ["--store", missing, "--now", Fixtures.now], input: "value 75\nsave\n")

        #expect(warned.stderr.contains("warning: The store's folder \(shell.home.path)/a\(Self.titleShown)b can be"))
        #expect(failed.stderr.contains("The draft file \(shell.home.path)/a\(Self.titleShown)b/missing/s.sqlite.draft"))
        #expect(
            failed.stderr.contains("error: The store \(shell.home.path)/a\(Self.titleShown)b/missing/s.sqlite can't"))
        expectNothingRaw(warned)
        expectNothingRaw(failed)
    }

    @Test func habitNamesAreEscapedInEveryMessage() {
        let name = "Read\(Self.clear)"
        let result = Shell().run([
            "new habit", "name \(name)", "save", "done \"\(name)\"", "done \"\(name)\"", "habits",
            "rename \"\(name)\" \"x\(Self.title)\"", "delete habit \"x\(Self.title)\"",
        ])
        #expect(result.stdout.contains(Self.clearShown))
        #expect(result.stdout.contains(Self.titleShown))
        #expect(result.status == 0, "\(result.stderr)")
        expectNothingRaw(result)
    }

    @Test func anImportedFilesNotesAreEscapedInThePreview() throws {
        let shell = Shell()
        let path = shell.home.write(
            "date,kilograms,note\n2026-11-20T07:30:00.000Z,80,\"\(Self.title)\"\n2026-11-21T07:30:00.000Z,900,\(Self.clear)\n",
            to: "notes.csv")

        let result = shell.run(["import \(path)", "show all", "save", "list"])

        #expect(result.stdout.contains("note \"\(Self.titleShown)\""), "\(result.stdout)")
        #expect(result.stdout.contains("80.0 kg  trend 80.0  \(Self.titleShown)"))
        expectNothingRaw(result)
    }

    @Test func argumentsAndParseErrorsAreEscaped() {
        let shell = Shell()
        let result = shell.run(["list \(Self.title)", "unit \(Self.clear)", "\(Self.clear)lst"])
        #expect(result.stderr.contains("\"\(Self.titleShown)\" is not a positive whole number."))
        #expect(result.stderr.contains("\"\(Self.clearShown)\" is not a unit"))
        expectNothingRaw(result)
        let option = shell.run(arguments: ["--now", Self.title])
        #expect(option.stderr.contains(Self.titleShown))
        expectNothingRaw(option)
    }
}
