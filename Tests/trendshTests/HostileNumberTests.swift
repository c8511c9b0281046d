import Testing
import TrendshTestSupport

/// Numbers meant to break a parser (issue 16): huge, tiny, `nan`, `inf`, hexadecimal,
/// exponents, both a comma and a point, other scripts' digits. Each gets the weight
/// sentence, never a crash, and never a stored entry, wherever a weight is read.
@Suite struct HostileNumberTests {
    static let weights = [
        "1e308", "1e-308", "1E2", "7.5e1", "75e0", "1e2 kg",
        String(repeating: "9", count: 32), String(repeating: "9", count: 33), String(repeating: "9", count: 400),
        "0." + String(repeating: "0", count: 30) + "1", "0", "0.0", "00000",
        "nan", "NaN", "-nan", "inf", "-inf", "+inf", "infinity", "Infinity kg",
        "0x4B", "0X4b", "0x1p6", "0b1001011", "0o113",
        "1,234.5", "1.234,5", "75.4.1", "75,,4", "75.", ".75", ",5", "1_000", "75 4",
        "-75", "+75", "−75", "75-", "(75)", "75%",
        "٧٥", "７５", "७५", "75\u{200B}", "7\u{0}5",
    ]

    @Test(arguments: weights)
    func aHostileWeightGetsTheWeightSentenceAndStoresNothing(weight: String) throws {
        let shell = Shell()
        let result = shell.run(["value \(weight)", "save", "goal \(weight)", "goal"])

        #expect(
            result.stderr
                == lines(
                    Fixtures.kilogramsError, "error: Enter a weight between 20 and 500 kg.", Fixtures.endedUnsaved),
            "\(weight)")
        #expect(result.stdout.hasSuffix("goal: off\n"), "the goal is unchanged")
        #expect(result.status == 1)
        #expect(try storedKilograms(in: shell.storePath) == [])
    }

    @Test func hostileWeightsInAFileToImportAreRejectedRowsAndNothingIsStored() throws {
        let shell = Shell()
        let rows = Self.weights.enumerated().map { index, weight in
            let day = 1 + index % 28
            let quoted = "\"" + weight.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return "2026-10-\(day < 10 ? "0" : "")\(day)T0\(index % 10):30:00.000Z,\(quoted)"
        }
        let path = shell.home.write(
            "date,kilograms\n" + rows.joined(separator: "\n") + "\n2026-11-01T07:30:00.000Z,80\n", to: "numbers.csv")

        let result = shell.run(["import \(path)", "save", "list"])

        #expect(result.stdout.contains("  rejected: \(Self.weights.count) rows\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Imported 1 entry from \(path)"), "\(result.stdout)")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try storedKilograms(in: shell.storePath) == [80])
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
