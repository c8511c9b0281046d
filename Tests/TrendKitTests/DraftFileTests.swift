import Testing
import TrendKit
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DraftFileTests {
    static let contents = DraftFile.Contents(draft: Fixtures.draft, editingID: 7)

    @Test func noFileMeansNoDraft() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try DraftFile(path: directory.file("trend.sqlite.draft")).load() == nil)
    }

    @Test func aWrittenDraftIsLoadedByTheNextSession() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.draft")

        try DraftFile(path: path).write(Self.contents)

        let loaded = try DraftFile(path: path).load()
        #expect(loaded == Self.contents)
        #expect(loaded?.draft.id == Fixtures.draft.id)
        #expect(permissions(of: path) == 0o600)
    }

    @Test func aNewDraftReplacesTheOldOneWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = DraftFile(path: directory.file("trend.sqlite.draft"))
        try file.write(Self.contents)
        var later = Self.contents
        later.draft.value = "74"
        later.editingID = nil

        try file.write(later)

        #expect(try file.load() == later)
    }

    @Test func aShortDraftAfterOneLongerThanAPageLoadsWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = DraftFile(path: directory.file("trend.sqlite.draft"))
        var long = Self.contents
        long.draft.note = String(repeating: "體", count: 3000)
        try file.write(long)
        try file.write(Self.contents)

        #expect(try DraftFile(path: directory.file("trend.sqlite.draft")).load() == Self.contents)
    }

    @Test func aRemovedDraftIsGoneAndRemovingTwiceIsFine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = DraftFile(path: directory.file("trend.sqlite.draft"))
        try file.write(Self.contents)

        try file.remove()
        try file.remove()

        #expect(try file.load() == nil)
    }

    @Test func aFileThatIsNotADraftIsReportedAndLeftInPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(Array("{\"value\": 75}".utf8), to: "trend.sqlite.draft")

        let error = #expect(throws: TrendError.self) { try DraftFile(path: path).load() }

        #expect(error == .draftFile(.unreadable(path: path)))
        #expect(fileBytes(path) == Array("{\"value\": 75}".utf8))
    }

    @Test func aDraftInAMissingFolderCannotBeWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("missing/trend.sqlite.draft")

        #expect(throws: TrendError.draftFile(.cannotWrite(path: path, errno: ENOENT))) {
            try DraftFile(path: path).write(Self.contents)
        }
    }

    @Test func onlyOneSessionAtATimeHoldsTheDraftLock() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.draft")
        var first: DraftFile? = DraftFile(path: path)
        let second = DraftFile(path: path)

        #expect(first?.acquire() == .acquired)
        #expect(first?.acquire() == .acquired)
        #expect(second.acquire() == .heldByAnotherSession)

        first = nil

        // Other suites spawn processes in parallel; a child between fork and exec briefly
        // shares the closed lock's open file, so give it a moment to let go.
        var acquisition = second.acquire()
        for _ in 0..<200 where acquisition != .acquired {
            usleep(10_000)
            acquisition = second.acquire()
        }
        #expect(acquisition == .acquired)
        #expect(DraftFile(path: path).acquire() == .heldByAnotherSession)
    }
}
