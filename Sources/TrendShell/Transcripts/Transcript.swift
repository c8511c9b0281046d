import FoundationEssentials
import TrendKit

/// A tutorial transcript: commands after `trendsh> `, their expected output below them,
/// narration on `# ` lines, and an optional `# now: TIMESTAMP` header that fixes the clock.
public struct Transcript: Equatable, Sendable {
    /// The clock used when a transcript has no `# now:` header.
    public static let defaultNow = "2026-01-01T09:00:00Z"
    public static let commandPrefix = "trendsh> "

    /// The commands to type, in order.
    public var commands: [String]
    /// Every line the session should print, commands echoed after `trendsh> `.
    public var expectedLines: [String]
    public var now: Date

    /// Parses the text; throws when the `# now:` header cannot be read.
    public init(parsing text: String) throws(TranscriptError) {
        commands = []
        expectedLines = []
        var now = Timestamp.parse(Self.defaultNow)
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : String(rawLine)
            if line == "#" || line.hasPrefix("# ") {
                let narration = line.dropFirst(2)
                if narration.lowercased().hasPrefix("now:") {
                    let value = CommandParser.trimmed(String(narration.dropFirst(4)))
                    guard let date = Timestamp.parse(value) else { throw .badClock(line: number + 1, text: value) }
                    now = date
                }
                continue
            }
            if line.allSatisfy(\.isWhitespace) { continue }
            if line.hasPrefix(Self.commandPrefix) { commands.append(String(line.dropFirst(Self.commandPrefix.count))) }
            expectedLines.append(line)
        }
        guard let now else { throw .badClock(line: 0, text: Self.defaultNow) }
        self.now = now
    }
}

/// Why a transcript could not be read.
public enum TranscriptError: Error, Equatable, Sendable {
    case badClock(line: Int, text: String)
    case unreadable(path: String)

    public var message: String {
        switch self {
        case .badClock(let line, let text):
            return "Line \(line): \"\(text)\" is not an ISO 8601 time such as 2026-11-29T08:00:00Z."
        case .unreadable(let path): return "The transcript \(path) could not be read."
        }
    }
}
