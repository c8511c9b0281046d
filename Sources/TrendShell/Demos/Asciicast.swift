/// The asciicast v2 format, as asciinema records it and asciinema-player plays it: a header
/// line (a JSON object), then one event per line (a JSON array `[time, code, data]`). Pure
/// functions that make each line; `CastRecorder` decides what is recorded and when.
public enum Asciicast {
    /// The screen size and title a cast starts with.
    public struct Header: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var title: String

        public init(width: Int, height: Int, title: String) {
            self.width = width
            self.height = height
            self.title = title
        }
    }

    /// The size a cast gets when there is no terminal to measure.
    public static let defaultSize = (width: 80, height: 24)

    /// The environment every cast states. Fixed, so a cast says nothing about the machine it
    /// was made on, and the same run gives the same file anywhere.
    public static let environment: [(name: String, value: String)] = [("SHELL", "trendsh"), ("TERM", "xterm-256color")]

    /// What an event is.
    public enum EventCode: String, Sendable {
        /// Text written to the terminal.
        case output = "o"
        /// A marker (a chapter), labelled; players list markers and can jump to them.
        case marker = "m"
    }

    /// The first line: `{"version": 2, "width": 80, "height": 24, "title": "…", "env": {…}}`.
    /// It has no `timestamp`, so recording the same thing twice gives the same bytes.
    public static func headerLine(_ header: Header) -> String {
        let environment = environment.map { "\(jsonString($0.name)): \(jsonString($0.value))" }
        return "{\"version\": 2, \"width\": \(header.width), \"height\": \(header.height), \"title\": "
            + jsonString(header.title) + ", \"env\": {" + environment.joinedWords(separator: ", ") + "}}"
    }

    /// One event: `[1.250, "o", "text"]`, its time in seconds since the start.
    public static func eventLine(milliseconds: Int, _ code: EventCode, _ data: String) -> String {
        "[\(seconds(milliseconds)), \"\(code.rawValue)\", \(jsonString(data))]"
    }

    /// Milliseconds as seconds with exactly three decimals: `0.000`, `1.250`, `62.005`. Made
    /// from the integer, never through floating point, so it is the same on every machine.
    public static func seconds(_ milliseconds: Int) -> String {
        let value = max(0, milliseconds)
        let fraction = String(value % 1000)
        return "\(value / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `text` as a JSON string, quotes included (RFC 8259, section 7). Quotation mark and
    /// reverse solidus are escaped, and every control character (U+0000 to U+001F) with its
    /// short form (`\n`, `\r`, `\t`, `\b`, `\f`) or as `\u00XX`. DEL, the C1 controls
    /// (U+0080 to U+009F) and the line and paragraph separators (U+2028, U+2029) are escaped
    /// too, though JSON allows them raw: a cast file shown with `cat` then cannot drive the
    /// terminal, and it can be pasted into JavaScript source. Everything else is kept as
    /// UTF-8. Escape codes that trendsh's own styling put into terminal text stay escape
    /// codes for the player to draw; the JSON form of them is inert.
    public static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{8}": result += "\\b"
            case "\u{C}": result += "\\f"
            default:
                if needsUnicodeEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    static func needsUnicodeEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
