/// Makes text safe to show: control characters a person typed (or a file held) are shown
/// escaped, so they can never move the cursor, change colours or ring the bell.
public enum DisplayText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                switch scalar {
                case "\t": result += "\\t"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\u{1B}": result += "\\e"
                default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
