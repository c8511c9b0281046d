import Testing
import TrendKit

@Suite struct DecimalTextTests {
    @Test(arguments: [
        (75.0, "75.0"), (75.25, "75.3"), (75.24, "75.2"), (165.3467, "165.3"), (0, "0.0"), (0.05, "0.1"),
        (-1.25, "-1.3"), (-0.04, "0.0"), (499.99, "500.0"), (1102.3, "1102.3"),
    ])
    func oneDecimalRoundsHalfAwayFromZero(value: Double, text: String) {
        #expect(DecimalText.oneDecimal(value) == text)
    }

    @Test(arguments: [
        (75.0, "75.0"), (75.5, "75.5"), (75.25, "75.25"), (75.1, "75.1"), (165.3467, "165.35"), (75.999, "76.0"),
        (0.004, "0.0"), (-2.5, "-2.5"), (1102.3, "1102.3"),
    ])
    func shortestKeepsOneOrTwoDecimals(value: Double, text: String) {
        #expect(DecimalText.shortest(value) == text)
    }

    @Test func theShortestTextReadsBackAsTheSameWeight() throws {
        for kilograms in stride(from: 20.0, through: 500.0, by: 0.05) {
            let text = DecimalText.shortest(kilograms)
            #expect(abs(try WeightUnit.kilograms.kilograms(from: text) - kilograms) < 0.005)
        }
    }
}
