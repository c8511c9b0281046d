import Testing
import TrendKit
import TrendShell

/// `measure remove` of a kind that values hold says how many of yours, and only whether other
/// people's logs hold any: never their number.
@Suite struct KindInUseMessagesTests {
    static let cases: [(KindError, String)] = [
        (
            .inUse("neck", count: 1, othersHoldSome: false),
            "1 entry holds a value of \"neck\", so it stays. Remove those values first (\"amend ID neck\" with no text)."
        ),
        (
            .inUse("neck", count: 2, othersHoldSome: true),
            "2 entries hold values of \"neck\", and other people's logs hold values of it too, so it stays. Remove those values first (\"amend ID neck\" with no text)."
        ),
        (
            .inUse("neck", count: 0, othersHoldSome: true),
            "Other people's logs hold values of \"neck\", so it stays: a kind is the store's, and is removed only once no log holds a value of it."
        ),
    ]

    @Test(arguments: cases)
    func theSentenceCountsYourValuesAndSaysOnlyWhetherOthersHoldAny(error: KindError, sentence: String) {
        #expect(Messages.reason(error) == sentence)
    }
}
