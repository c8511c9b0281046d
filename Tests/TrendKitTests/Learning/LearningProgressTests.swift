import Testing
import TrendKit
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The learning progress: what each exercise became, kept in a private file that two
/// learners add to in turn without losing each other's outcomes.
@Suite struct LearningProgressTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    var file: LearningProgressFile? {
        LearningProgressFile(files: OwnFiles(store: .memory, stateFolder: folder.path))
    }

    func record(_ lesson: String, _ outcome: LearningProgress.Outcome) -> LearningProgress.Record {
        LearningProgress.Record(lesson: lesson, exercise: "E", outcome: outcome)
    }

    @Test func aLearnedExerciseStaysLearned() {
        var progress = LearningProgress()
        progress.keep(record("01", .skipped))
        #expect(progress.outcome(lesson: "01", exercise: "E") == .skipped)
        progress.keep(record("01", .learned))
        progress.keep(record("01", .skipped))
        #expect(progress.outcome(lesson: "01", exercise: "E") == .learned)
        #expect(progress.records.count == 1)
    }

    @Test func noFileIsNoProgressAndKeepingWritesAPrivateFile() throws {
        let file = try #require(file)
        #expect(try file.read() == LearningProgress())
        try file.keep(record("01", .learned))
        #expect(permissions(of: file.path) == 0o600)
        #expect(try file.read().outcome(lesson: "01", exercise: "E") == .learned)
    }

    @Test func keepingAddsToWhatTheFileHoldsNowNotToWhatWasReadBefore() throws {
        let file = try #require(file)
        let other = try #require(self.file)
        let seenAtStart = try file.read()
        try other.keep(record("02", .learned))
        let kept = try file.keep(record("01", .skipped))
        #expect(seenAtStart.records.isEmpty)
        #expect(kept.outcome(lesson: "02", exercise: "E") == .learned)
        #expect(try file.read().records.count == 2)
    }

    @Test func aFileThatIsNotProgressIsRefusedAndLeftAsItIs() throws {
        let file = try #require(file)
        let text = "{\"format\":\"something-else\",\"version\":1,\"records\":[]}"
        try folder.write(Array(text.utf8), to: "learn-progress")
        #expect(throws: LearningProgressError.notProgress(path: file.path)) { try file.read() }
        #expect(throws: LearningProgressError.notProgress(path: file.path)) { try file.keep(record("01", .learned)) }
        #expect(fileBytes(file.path) == Array(text.utf8))
    }

    @Test func aLockHeldByAnotherLearnerIsWaitedForThenReported() throws {
        let file = try #require(file)
        let lock = open(file.lockPath, O_CREAT | O_RDWR, 0o600)
        defer { close(lock) }
        // A lock on another open file description of the same file conflicts, as another
        // process's would.
        #expect(flock(lock, LOCK_EX) == 0)
        #expect(throws: LearningProgressError.locked(path: file.lockPath)) { try file.keep(record("01", .learned)) }
        flock(lock, LOCK_UN)
        try file.keep(record("01", .learned))
    }
}
