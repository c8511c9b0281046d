import Testing
import TrendKit

@testable import TrendShell

/// The JSON writer: one line, keys in the order given, strings escaped past what JSON asks
/// (every control, the line separators and the bidirectional controls), and no number that
/// is not finite.
struct JSONWriterTests {
    @Test func anObjectIsOneLineWithItsKeysInTheOrderGiven() {
        let value = JSONValue.object([
            ("z", .integer(1)), ("a", .array([.bool(true), .null, .string("x")])), ("m", .object([])),
        ])
        #expect(JSONWriter.line(value) == #"{"z":1,"a":[true,null,"x"],"m":{}}"#)
    }

    @Test(arguments: [
        ("\"quoted\" \\ back", #""\"quoted\" \\ back""#),
        ("line\nfeed\r\ttab", #""line\nfeed\r\ttab""#),
        ("\u{1B}[31mred\u{07}", #""\u001b[31mred\u0007""#),
        ("del\u{7F} c1\u{85}\u{9B}", #""del\u007f c1\u0085\u009b""#),
        ("sep\u{2028}para\u{2029}", #""sep\u2028para\u2029""#),
        (
            "\u{202E}evil\u{202C} \u{2066}iso\u{2069} \u{200F}\u{200E}\u{061C}",
            #""\u202eevil\u202c \u2066iso\u2069 \u200f\u200e\u061c""#
        ),
        ("café 体重 🙂", "\"café 体重 🙂\""),
    ])
    func stringsEscapeEveryControlTheSeparatorsAndTheBidirectionalMarks(text: String, written: String) {
        #expect(JSONWriter.line(.string(text)) == written)
    }

    @Test(arguments: [
        (75.0, "75"), (-0.5, "-0.5"), (74.84274105, "74.84274105"), (0.1 + 0.2, "0.30000000000000004"),
        (1e-7, "1e-07"), (1e20, "1e+20"), (-0.0, "0"),
    ])
    func numbersAreTheShortestThatReadBack(number: Double, written: String) {
        #expect(JSONWriter.line(.number(number)) == written)
    }

    @Test(arguments: [Double.infinity, -Double.infinity, Double.nan])
    func aNumberThatIsNotFiniteIsNeverWritten(number: Double) {
        #expect(JSONWriter.line(.number(number)) == "null")
        #expect(JSONWriter.numberText(number) == "null")
        var fields = JSONFields()
        fields.figure("rate", number, missing: .tooFewWeighInDays)
        #expect(JSONWriter.line(fields.value) == #"{"rate":null,"rateMissing":"not-finite"}"#)
    }

    @Test func aMissingFigureIsNullWithItsReasonBeside() {
        var fields = JSONFields()
        fields.figure("rate", nil, missing: .tooFewWeighInDays)
        fields.figure("trend", 74.5, missing: .noWeighIns)
        #expect(
            JSONWriter.line(fields.value) == #"{"rate":null,"rateMissing":"too-few-weigh-in-days","trend":74.5}"#)
    }
}

/// CSV rows: RFC 4180 quoting, unformatted numbers, and a mark before text a spreadsheet
/// would run as a formula.
struct CSVTableTests {
    @Test func fieldsAreQuotedOnlyWhenTheyMustBeAndFormulasAreMarked() {
        let table = CSVTable(
            header: ["id", "weight (kg)", "note"],
            rows: [
                [.integer(1), .number(75.25), .text("plain")],
                [.integer(2), .number(nil), .text("a, \"quoted\" note")],
                [.integer(3), .number(Double.nan), .text("=SUM(A1)")],
                [.integer(4), .empty, .text("-2 kg\nnext")],
            ])
        #expect(
            table.lines == [
                "id,weight (kg),note", "1,75.25,plain", "2,,\"a, \"\"quoted\"\" note\"", "3,,'=SUM(A1)",
                "4,,\"'-2 kg\nnext\"",
            ])
    }

    @Test(arguments: ["\t=1+1", "\r=1+1", "@cmd", "+1", "'quoted"])
    func textThatASpreadsheetWouldRunIsMarked(text: String) {
        let field = CSVTable(header: ["note"], rows: [[.text(text)]]).lines[1]
        #expect(field == "'" + text || field == "\"'" + text + "\"", "\(field.debugDescription)")
        #expect(FormulaGuard.needsMark(text))
        #expect(!FormulaGuard.needsMark("after run") && !FormulaGuard.needsMark(" =1"))
    }
}
