/// Writes a `JSONValue` as one line of JSON (RFC 8259), with no spaces. Strings escape more
/// than JSON asks, always, at a terminal or not: every C0 and C1 control, DEL, U+2028 and
/// U+2029 and the bidirectional controls become `\uXXXX`, so no text from a user or a file
/// can move the cursor, end a line in a JavaScript reader, or reorder what a terminal shows
/// (docs/security.md). Foundation's `JSONEncoder` leaves those as they are, and orders keys
/// as it likes. A number that is not finite is never written: it becomes `null`.
public enum JSONWriter {
    public static func line(_ value: JSONValue) -> String {
        var text = ""
        append(value, to: &text)
        return text
    }

    static func append(_ value: JSONValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .integer(let number): text += String(number)
        case .double(let number): text += numberText(number)
        case .string(let string): appendString(string, to: &text)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                append(item, to: &text)
            }
            text += "]"
        case .object(let pairs):
            text += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { text += "," }
                appendString(pair.0, to: &text)
                text += ":"
                append(pair.1, to: &text)
            }
            text += "}"
        }
    }

    /// The shortest decimal that reads back as this number (`75.4`, `1e-07`); `null` when it
    /// is not finite. A whole number keeps its `.0` off: `75` rather than `75.0`.
    static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        // Swift's shortest form is valid JSON for finite numbers: `1e-07`, `5e+20`, `-0.5`.
        return number.description
    }

    /// `string` as a JSON string, quotes included.
    static func string(_ string: String) -> String {
        var text = ""
        appendString(string, to: &text)
        return text
    }

    static func appendString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{8}": text += "\\b"
            case "\u{C}": text += "\\f"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional
    /// embeddings, overrides and isolates (all within the Basic Multilingual Plane, so each
    /// is one `\uXXXX`).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            true
        default: false
        }
    }
}
