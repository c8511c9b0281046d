/// The one place ANSI styling comes from. Plain (no escape codes at all) unless standard
/// output is a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`.
public struct TerminalStyle: Sendable, Equatable {
    public var usesColor: Bool
    /// True when the terminal shows UTF-8 drawing characters (the `auto` chart style).
    public var drawsUnicode: Bool

    public init(usesColor: Bool, drawsUnicode: Bool = false) {
        self.usesColor = usesColor
        self.drawsUnicode = drawsUnicode
    }

    public static let plain = TerminalStyle(usesColor: false)

    public enum Role: Sendable {
        case success
        case error
        case warning
        case note
        /// Narration in a played transcript; a chart's stems.
        case dim
        /// A chart's weight above the trend (a float) and below it (a sinker).
        case float
        case sinker
        case trendLine
        case goalLine
    }

    private static func code(_ role: Role) -> String {
        switch role {
        case .success: return "32"
        case .error: return "31"
        case .warning: return "33"
        case .note: return "36"
        case .dim: return "2"
        case .float: return "31"
        case .sinker: return "32"
        case .trendLine: return "1"
        case .goalLine: return "36"
        }
    }

    /// `text` in the role's colour, or unchanged when colour is off.
    public func paint(_ text: String, _ role: Role) -> String {
        usesColor ? "\u{1B}[\(Self.code(role))m\(text)\u{1B}[0m" : text
    }

    /// The prompt: `trendsh> `, `trendsh*> ` with unsaved changes, `trendsh!> ` after a
    /// failed save. On a colour terminal the mark is coloured, with its escape codes between
    /// `\u{1}` bytes so libedit measures the prompt correctly.
    public func prompt(mark: String, role: Role?) -> String {
        guard usesColor, !mark.isEmpty, let role else { return "trendsh\(mark)> " }
        return "trendsh\u{1}\u{1B}[\(Self.code(role));1m\u{1}\(mark)\u{1}\u{1B}[0m\u{1}> "
    }

    /// A prompt as the screen shows it, for writing it without libedit (a played or recorded
    /// session): without the `\u{1}` brackets, which only tell libedit what takes no room.
    public static func visible(prompt: String) -> String {
        String(prompt.unicodeScalars.filter { $0 != "\u{1}" }.map(Character.init))
    }
}
