import Testing
import TrendKit

@Suite struct WeightUnitTests {
    @Test(arguments: [
        (WeightUnit.kilograms, "75", 75.0),
        (.kilograms, "75.5", 75.5),
        (.kilograms, "75,5", 75.5),
        (.kilograms, " 75 ", 75.0),
        (.kilograms, "\t75.25\n", 75.25),
        (.kilograms, "075", 75.0),
        (.kilograms, "20", 20.0),
        (.kilograms, "20.0", 20.0),
        (.kilograms, "500", 500.0),
        (.kilograms, "500,0", 500.0),
        (.pounds, "100", 45.359237),
        (.pounds, "165.35", 75.001498),
        (.pounds, "220,5", 100.017117585),
        (.pounds, " 180 ", 81.6466266),
        (.pounds, "44.1", 20.003423517),
        (.pounds, "1102.3", 499.994869451),
        (.kilograms, "75 kg", 75.0),
        (.kilograms, "75kg", 75.0),
        (.kilograms, "165 lb", 74.84274105),
        (.kilograms, " 165,5 LBS ", 75.069537235),
        (.pounds, "75 kg", 75.0),
        (.pounds, "75 KG", 75.0),
        (.pounds, "165 pounds", 74.84274105),
    ])
    func acceptedTextBecomesKilograms(unit: WeightUnit, text: String, kilograms: Double) throws {
        let parsed = try unit.kilograms(from: text)
        #expect(abs(parsed - kilograms) < 1e-6)
    }

    @Test(arguments: [
        (WeightUnit.kilograms, ""),
        (.kilograms, "   "),
        (.kilograms, "abc"),
        (.kilograms, "nan"),
        (.kilograms, "NaN"),
        (.kilograms, "inf"),
        (.kilograms, "infinity"),
        (.kilograms, "0x4B"),
        (.kilograms, "7.5e1"),
        (.kilograms, "0"),
        (.kilograms, "0.0"),
        (.kilograms, "-75"),
        (.kilograms, "+75"),
        (.kilograms, "19.9"),
        (.kilograms, "19.99"),
        (.kilograms, "500.1"),
        (.kilograms, "75.5.5"),
        (.kilograms, "1,2,3"),
        (.kilograms, "75."),
        (.kilograms, ".5"),
        (.kilograms, "75 furlongs"),
        (.kilograms, "kg"),
        (.kilograms, "75 kg kg"),
        (.kilograms, "7 5"),
        (.kilograms, "\u{FF17}\u{FF15}"),
        (.kilograms, "\u{0667}\u{0665}"),
        (.pounds, ""),
        (.pounds, "abc"),
        (.pounds, "nan"),
        (.pounds, "inf"),
        (.pounds, "0x4B"),
        (.pounds, "1.65e2"),
        (.pounds, "0"),
        (.pounds, "-165"),
        (.pounds, "44.0"),
        (.pounds, "1102.4"),
        (.pounds, "165.3.5"),
    ])
    func rejectedTextNamesTheUnitsRange(unit: WeightUnit, text: String) throws {
        let error = #expect(throws: WeightValidationError.self) { try unit.kilograms(from: text) }
        #expect(error == .invalidWeight(unit))
    }

    @Test(arguments: [
        (WeightUnit.kilograms, "10 lb", WeightUnit.pounds),
        (.kilograms, "1200 lb", .pounds),
        (.pounds, "600 kg", .kilograms),
        (.pounds, "10kg", .kilograms),
    ])
    func aValueOutOfRangeInTheUnitItNamesIsRefusedInThatUnit(unit: WeightUnit, text: String, named: WeightUnit) {
        #expect(throws: WeightValidationError.invalidWeight(named)) { try unit.kilograms(from: text) }
    }

    @Test(arguments: [
        ("165 lb", "165", WeightUnit.pounds),
        ("75kg", "75", .kilograms),
        (" 75,5  Kgs ", "75,5", .kilograms),
        ("75", "75", nil),
        ("75 stone", "75 stone", nil),
        ("lb", "lb", nil),
    ])
    func aTypedWeightSplitsIntoItsNumberAndTheUnitWrittenAfterIt(text: String, number: String, unit: WeightUnit?) {
        let reading = WeightText(text)
        #expect(reading.number == number)
        #expect(reading.unit == unit)
    }

    @Test func poundsConvertWithTheExactInternationalPound() throws {
        #expect(WeightUnit.kilogramsPerPound == 0.45359237)
        #expect(try WeightUnit.pounds.kilograms(from: "200") == 200 * 0.45359237)
    }

    @Test func storedKilogramsAreShownInTheSelectedUnit() {
        #expect(WeightUnit.kilograms.value(fromKilograms: 75) == 75)
        #expect(abs(WeightUnit.pounds.value(fromKilograms: 45.359237) - 100) < 1e-9)
    }

    @Test func symbolsAreTheShortUnitNames() {
        #expect(WeightUnit.kilograms.symbol == "kg")
        #expect(WeightUnit.pounds.symbol == "lb")
    }
}

/// Stone and pounds are typed for a weight in any unit setting (`12 st 4`), and read exactly.
@Suite struct StoneWeightTests {
    @Test(arguments: [
        ("12 st 4", 172.0), ("12st 4", 172.0), ("12 st 4 lb", 172.0), ("12st4lb", 172.0), ("12 st", 168.0),
        ("12 stone 4.5", 172.5),
    ])
    func stoneAndPoundsAreReadAsPounds(text: String, pounds: Double) throws {
        for unit in [WeightUnit.kilograms, .pounds] {
            #expect(abs(try unit.kilograms(from: text) - pounds * WeightUnit.kilogramsPerPound) < 1e-9)
        }
    }

    @Test(arguments: ["12 st 14", "12 st x", "2 st", "100 st"])
    func aStoneValueOutOfRangeOrWithFourteenPoundsOrMoreIsRefused(text: String) {
        #expect(throws: WeightValidationError.invalidWeight(.pounds)) { try WeightUnit.kilograms.kilograms(from: text) }
    }
}
