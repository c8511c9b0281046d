import Testing
import TrendshTestSupport

/// A draft file that is not a draft: reported, left in place, and counted as a failure.
@Suite struct UnreadableDraftFileTests {
    @Test func anUnreadableDraftFileIsReportedLeftInPlaceAndFailsTheRun() {
        let shell = Shell()
        let junk = "not a draft\n"
        _ = shell.home.write(junk, to: "s.sqlite.draft")

        let result = shell.run(["help save"])

        #expect(
            result.stderr.contains(
                "error: The draft file \(shell.storePath).draft could not be read; it was left in place."),
            "\(result.stderr)")
        #expect(result.stdout.contains("usage: save"))
        #expect(result.status == 1)
        #expect(shell.home.read("s.sqlite.draft") == junk)
    }
}
