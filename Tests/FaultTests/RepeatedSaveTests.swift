import Testing
import TrendKit

/// A `save` typed again, after one that failed, after one whose outcome storage did not
/// confirm, or after one that landed, never writes the draft twice: one command runs at a
/// time, and a retry finds what an earlier attempt wrote by the draft's id (docs/design.md,
/// "Concurrency"). Through the built binary, on a store file.
@Suite struct RepeatedSaveTests {
    @Test func saveTypedThreeTimesAroundAFailureWritesOneEntry() throws {
        let fixture = try StoreFixture()

        let run = fixture.run(["simulate save-failure once", "value 75", "note after run", "save", "save", "save"])

        #expect(run.stderr.contains(Fixtures.Sentence.simulated), "\(run)")
        #expect(run.stdout.contains("Saved #1: 75.0 kg on \(Fixtures.minute)"), "\(run)")
        #expect(run.stderr.contains("There is no draft to save."), "the third save finds the draft closed: \(run)")
        #expect(try fixture.entries().map(\.kilograms) == [75], "written exactly once")
        #expect(try fixture.integrity() == "ok")
    }

}
