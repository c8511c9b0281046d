/// The fixed pace of a played or recorded transcript: how long each typed character takes,
/// how long the pause before each command is, and, in a cast, how long each narration line
/// stays before the next step, to be read (25 ms a character). A cast of a transcript takes its event
/// times from this schedule, never from the wall clock, so the same transcript always gives
/// the same file.
public struct CastSchedule: Equatable, Sendable {
    /// Milliseconds per typed character (`--speed`: 20 characters a second).
    public var typingDelay: Int
    /// Milliseconds between a prompt and the first typed character (`--auto`).
    public var pauseBeforeCommand: Int
    /// Milliseconds per character of narration, for reading it in a cast.
    public var readingDelay = 25

    public static let standard = CastSchedule(typingDelay: 50, pauseBeforeCommand: 1500)

    public init(typingDelay: Int, pauseBeforeCommand: Int) {
        self.typingDelay = typingDelay
        self.pauseBeforeCommand = pauseBeforeCommand
    }

    /// The standard schedule with what `--speed` and `--auto` change.
    public init(options: Options) {
        self.init(
            typingDelay: options.typingDelay ?? Self.standard.typingDelay,
            pauseBeforeCommand: options.autoAdvance ?? Self.standard.pauseBeforeCommand)
    }
}
