import FoundationEssentials
import TrendKit

/// A tutorial transcript: commands after `trendsh> `, their expected output below them,
/// narration on `# ` lines, an optional `# now: TIMESTAMP` header that fixes the clock,
/// hidden commands on `# hidden: COMMAND` lines (run, but neither shown nor compared), an
/// optional `# server: ROLE ROLE` line that makes it a lesson replayed on a PostgreSQL server,
/// and an optional last line `[N]` that states the session's exit status. An expected line that
/// ends in ` (re)` is a regular expression the whole printed line must match.
public struct Transcript: Equatable, Sendable {
    /// The clock used when a transcript has no `# now:` header.
    public static let defaultNow = "2026-01-01T09:00:00Z"
    public static let commandPrefix = "trendsh> "
    public static let regexSuffix = " (re)"
    /// The prompt of a line typed into the second session: `other> COMMAND`.
    public static let secondPrefix = "other> "

    /// One line of the file, as it was written.
    public enum Line: Equatable, Sendable {
        /// `# …`, or a blank line: kept as it is by `--check --update`.
        case narration(String)
        /// `trendsh> COMMAND`.
        case command(String)
        /// `other> COMMAND`: a line typed into a second session on the same store.
        case second(String)
        /// `# hidden: COMMAND`: set-up that runs in its place but is neither shown by
        /// `--play` nor compared by `--check`. `text` is the line as written.
        case hidden(command: String, text: String)
        /// What the session printed (or a pattern, with ` (re)`).
        case output(String)
        /// `[N]`: the exit status the session must end with.
        case status(Int32)
    }

    public var lines: [Line]
    public var now: Date
    /// The roles of a lesson that runs on a server (`# server: ROLE ROLE`); nil for a lesson
    /// replayed in memory or on a scratch SQLite store.
    public var server: ServerRoles?
    /// The line end `updated` writes: the file's own, `"\r\n"` when most of its lines end
    /// with CRLF, `"\n"` otherwise (so a file that mixes them evenly is written with LF).
    public var lineEnd = "\n"

    /// The commands to type, in order.
    public var commands: [String] {
        lines.compactMap { if case .command(let command) = $0 { return command } else { return nil } }
    }

    /// Every command a replay runs, in order, hidden ones included.
    public var script: [(command: String, hidden: Bool)] {
        lines.compactMap { line in
            switch line {
            case .command(let command): return (command, false)
            case .hidden(let command, _): return (command, true)
            case .narration, .output, .status, .second: return nil
            }
        }
    }

    /// True when a line is typed into a second session: the replay then needs a real store.
    public var usesSecondSession: Bool {
        lines.contains { if case .second = $0 { return true } else { return false } }
    }

    /// Every command a replay runs, in order, hidden ones and the second session's included.
    public var steps: [TranscriptStep] {
        lines.compactMap { line in
            switch line {
            case .command(let command): return TranscriptStep(command: command, hidden: false, second: false)
            case .hidden(let command, _): return TranscriptStep(command: command, hidden: true, second: false)
            case .second(let command): return TranscriptStep(command: command, hidden: false, second: true)
            case .narration, .output, .status: return nil
            }
        }
    }

    /// The echo of each shown command, in order: `trendsh> COMMAND` or `other> COMMAND`.
    public var echoes: [String] {
        steps.filter { !$0.hidden }.map { ($0.second ? Self.secondPrefix : Self.commandPrefix) + $0.command }
    }

    /// Every line the session should print, commands echoed after `trendsh> `.
    public var expectedLines: [String] {
        lines.compactMap { line in
            switch line {
            case .command(let command): return Self.commandPrefix + command
            case .second(let command): return Self.secondPrefix + command
            case .output(let text): return text
            case .narration, .status, .hidden: return nil
            }
        }
    }

    /// The exit status the last line states, if it states one.
    public var expectedStatus: Int32? {
        if case .status(let status) = lines.last(where: {
            if case .narration = $0 { return false } else { return true }
        }) {
            return status
        }
        return nil
    }

    /// Parses the text; throws when the `# now:` header or a `# server:` line cannot be read,
    /// when a status line is not the last, or when there is no command.
    public init(parsing text: String) throws(TranscriptError) {
        lines = []
        var now = Timestamp.parse(Self.defaultNow)
        var server: ServerRoles?
        // Split by scalars: as a `Character`, "\r\n" is one, and is not "\n".
        let rawLines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
        var crlfLines = 0
        for (number, rawLine) in rawLines.enumerated() {
            // Every carriage return at a line's end is part of its line end ("\r\r\n" too): a
            // line kept with one would be written back by --update and read without it
            // (found by fuzz/Targets/transcript).
            var scalars = Substring(rawLine).unicodeScalars
            if scalars.last == "\r" && number < rawLines.count - 1 { crlfLines += 1 }
            while scalars.last == "\r" { scalars.removeLast() }
            let line = String(scalars)
            if number == rawLines.count - 1 && line.isEmpty { break }
            if line == "#" || line.hasPrefix("# ") {
                if let value = Self.directive("now", in: line) {
                    guard let date = Timestamp.parse(value) else { throw .badClock(line: number + 1, text: value) }
                    now = date
                }
                if let value = Self.directive(ServerRoles.directive, in: line) {
                    // One line, naming two roles: a second would leave in doubt which ones log in.
                    guard server == nil, let roles = ServerRoles(value) else {
                        throw .badServer(line: number + 1, text: value)
                    }
                    server = roles
                }
                if let command = Self.directive(Self.hiddenDirective, in: line) {
                    guard !command.isEmpty else { throw .emptyHiddenCommand(line: number + 1) }
                    lines.append(.hidden(command: command, text: line))
                } else {
                    lines.append(.narration(line))
                }
            } else if line.allSatisfy(\.isWhitespace) {
                lines.append(.narration(line))
            } else if line.hasPrefix(Self.commandPrefix) {
                lines.append(.command(String(line.dropFirst(Self.commandPrefix.count))))
            } else if line.hasPrefix(Self.secondPrefix) {
                lines.append(.second(String(line.dropFirst(Self.secondPrefix.count))))
            } else if let status = Self.status(line) {
                lines.append(.status(status))
            } else {
                lines.append(.output(line))
            }
        }
        guard let now else { throw .badClock(line: 0, text: Self.defaultNow) }
        self.now = now
        self.server = server
        // Every raw line but the last is followed by "\n": the file's line ends.
        if crlfLines * 2 > rawLines.count - 1 { lineEnd = "\r\n" }
        guard !commands.isEmpty else { throw .noCommands }
        let meaningful = lines.filter { if case .narration = $0 { return false } else { return true } }
        if let index = meaningful.firstIndex(where: { if case .status = $0 { return true } else { return false } }),
            index != meaningful.count - 1
        {
            throw .statusNotLast
        }
    }

    /// The word of the narration line that marks a hidden command: `# hidden: COMMAND`.
    public static let hiddenDirective = "hidden"

    /// The value of a narration line `# NAME: VALUE` (the name in any letter case), trimmed;
    /// nil for any other line.
    public static func directive(_ name: String, in line: String) -> String? {
        guard line.hasPrefix("# ") else { return nil }
        let text = line.dropFirst(2)
        guard text.count > name.count, text.lowercased().hasPrefix(name + ":") else { return nil }
        return CommandParser.trimmed(String(text.dropFirst(name.count + 1)))
    }

    /// `[0]`, `[3]`: a line that states an exit status.
    static func status(_ line: String) -> Int32? {
        guard line.hasPrefix("["), line.hasSuffix("]"), line.count >= 3 else { return nil }
        let digits = line.dropFirst().dropLast()
        guard digits.allSatisfy(\.isASCIIDigitCharacterForStatus), let value = Int32(digits), value < 256 else {
            return nil
        }
        return value
    }

    /// True when `actual` is what `expected` asks for: the same text, or a whole match of
    /// the pattern before ` (re)`. A pattern that does not compile matches nothing.
    public static func matches(expected: String, actual: String) -> Bool {
        if expected == actual { return true }
        guard expected.hasSuffix(regexSuffix) else { return false }
        let pattern = String(expected.dropLast(regexSuffix.count))
        do {
            let regex = try Regex(pattern)
            return try regex.wholeMatch(in: actual) != nil
        } catch {
            return false
        }
    }

    /// The file's text, with each command's output replaced by what a replay printed. The
    /// narration stays where it was; a `(re)` line that still matches is kept as written.
    /// Every line ends with `lineEnd`, the file's own line end.
    public func updated(with replay: Replay) -> String {
        var text: [String] = []
        var outputs = replay.outputs[...]
        var expected: [String] = []
        var awaitingOutput = false
        /// The next command's printed lines, keeping each expected `(re)` line that matches.
        /// Expected and printed lines are paired by the same longest-common-subsequence
        /// alignment `--check` diffs with, not greedily: a pattern that matches a later line
        /// must not take it from the line meant for it (found by fuzz/Targets/transcript).
        func emitOutput() {
            guard awaitingOutput else { return }
            awaitingOutput = false
            let printed = outputs.popFirst() ?? []
            for edit in UnifiedDiff.editScript(expected, printed, same: Self.matches) {
                switch edit.kind {
                case .same:
                    let pattern = expected[edit.oldIndex]
                    text.append(pattern.hasSuffix(Self.regexSuffix) ? pattern : printed[edit.newIndex])
                case .added: text.append(printed[edit.newIndex])
                case .removed: break
                }
            }
            expected = []
        }
        var sawCommand = false
        for line in lines {
            switch line {
            case .command(let command):
                emitOutput()
                // Lines expected before the first command are replaced by what the replay
                // printed there; they are no patterns for the first command's output.
                expected = []
                if !sawCommand { text += replay.leading }
                sawCommand = true
                text.append(Self.commandPrefix + command)
                awaitingOutput = true
            case .second(let command):
                emitOutput()
                expected = []
                if !sawCommand { text += replay.leading }
                sawCommand = true
                text.append(Self.secondPrefix + command)
                awaitingOutput = true
            case .output(let line):
                expected.append(line)
            case .narration(let narration), .hidden(_, let narration):
                emitOutput()
                text.append(narration)
            case .status:
                emitOutput()
                text.append("[\(replay.status)]")
            }
        }
        emitOutput()
        return text.joined(separator: lineEnd) + lineEnd
    }
}

/// One command a replay types: into which session, and whether it is shown.
public struct TranscriptStep: Equatable, Sendable {
    public var command: String
    /// `# hidden: COMMAND`: run, but neither shown nor compared.
    public var hidden: Bool
    /// `other> COMMAND`: typed into the second session.
    public var second: Bool
}

extension Character {
    fileprivate var isASCIIDigitCharacterForStatus: Bool { isASCII && isNumber }
}

/// What replaying a transcript printed: lines before the first command, then each shown
/// command's output, the exit status the session ended with, and the errors hidden commands
/// printed (which no transcript can show, so they fail the check).
public struct Replay: Equatable, Sendable {
    public var leading: [String]
    public var outputs: [[String]]
    public var status: Int32
    /// Each hidden command that printed an error, with the error lines.
    public var hiddenFailures: [HiddenFailure] = []

    /// A hidden command and the error lines it printed.
    public struct HiddenFailure: Equatable, Sendable {
        public var command: String
        public var errors: [String]
    }

    /// Every printed line, commands echoed after `trendsh> `, as `--check` compares them.
    public func printedLines(commands: [String]) -> [String] {
        printedLines(echoes: commands.map { Transcript.commandPrefix + $0 })
    }

    /// Every printed line, each shown command's echo (`trendsh> …`, `other> …`) before its output.
    public func printedLines(echoes: [String]) -> [String] {
        var lines = leading
        for (index, output) in outputs.enumerated() {
            if index < echoes.count { lines.append(echoes[index]) }
            lines += output
        }
        return lines
    }
}

/// Why a transcript could not be read.
public enum TranscriptError: Error, Equatable, Sendable {
    case badClock(line: Int, text: String)
    case unreadable(path: String)
    /// The path names a folder, a device or something else that is not a regular file.
    case notARegularFile(path: String)
    /// The file holds no `trendsh> ` line, so there is nothing to replay.
    case noCommands
    /// A `[N]` status line stands before other lines; it may only be the last.
    case statusNotLast
    /// A `# hidden:` line names no command.
    case emptyHiddenCommand(line: Int)
    /// A `# server:` line that does not name two different roles, or a second one.
    case badServer(line: Int, text: String)
    /// A server lesson (`# server:`) checked, played or practised without `--store` naming a
    /// server: it was not replayed.
    case needsServer(ServerRoles)
    /// A byte that is not UTF-8, first met on this line.
    case notUTF8(line: Int)
    /// `--update` could not write the transcript back.
    case unwritable(path: String)
    /// `--update` may not write the transcript back: it is one of trendsh's own files.
    case refused(NamedFileRules.Refusal)
}
