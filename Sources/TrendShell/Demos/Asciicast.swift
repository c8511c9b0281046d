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

    /// `text` as a JSON string, quotes included (RFC 8259, section 7), as every JSON trendsh
    /// writes it (`JSONWriter`): quotation mark, reverse solidus and every control character
    /// escaped, and DEL, the C1 controls, the line and paragraph separators and the
    /// bidirectional controls too, though JSON allows them raw: a cast file shown with `cat`
    /// then cannot drive the terminal, and it can be pasted into JavaScript source.
    /// Everything else is kept as UTF-8. Escape codes that trendsh's own styling put into
    /// terminal text stay escape codes for the player to draw; the JSON form of them is inert.
    public static func jsonString(_ text: String) -> String { JSONWriter.string(text) }
}
