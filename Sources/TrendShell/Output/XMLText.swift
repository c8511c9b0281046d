/// Text for an XML file trendsh writes (an SVG chart, a JUnit report): one rule for both.
public enum XMLText {
    /// Text made safe for XML content and attributes: markup characters as entities, and
    /// control characters (which XML 1.0 cannot hold) as visible escapes.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\u{FFFE}", "\u{FFFF}": result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                if DisplayText.needsEscape(scalar) {
                    result += DisplayText.escaped(String(scalar))
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
