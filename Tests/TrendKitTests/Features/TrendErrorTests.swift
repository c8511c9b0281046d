import Testing
import TrendKit

@Suite struct TrendErrorTests {
    @Test func onlyValidationErrorsAreTheirsToFix() {
        #expect(TrendError.validation(.dateInFuture).isValidation)
        #expect(TrendError.storage(.locked).isValidation == false)
        #expect(TrendError.noSuchEntry(id: 1).isValidation == false)
        #expect(TrendError.conflict(id: 1, current: nil).isValidation == false)
        #expect(TrendError.settings(.invalidValue(key: "unit", value: "stone")).isValidation == false)
    }
}
