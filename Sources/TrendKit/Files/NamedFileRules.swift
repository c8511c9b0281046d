/// What every file a person names is written with, and what it may never replace: one of
/// trendsh's own files (`OwnFiles`), or a file the run reads (a recording never replaces the
/// transcript it plays or the file its commands come from). `NamedFile` cannot be made
/// without these rules, so `export`, `chart --svg`, `--cast` and `--check --update` all go
/// through the one check.
public struct NamedFileRules: Sendable, Equatable {
    /// A file the run reads, which no file it writes may replace.
    public struct Input: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// The transcript `--play` plays.
            case playedTranscript
            /// Standard input, a file the commands are read from (`trendsh < commands.txt`).
            case standardInput
            /// A transcript `--check` replays, which its `--junit` report may not replace.
            case checkedTranscript
            /// A file of the lessons' folder `--learn` practises in: a lesson, or a file one reads.
            case lessonFile
        }

        public let kind: Kind
        /// Normalised; nil when the input is known only as an open file.
        let path: String?
        let identity: FileIdentity?

        /// The transcript at `path`, which `--play` reads.
        public static func playedTranscript(_ path: String) -> Input {
            Input(
                kind: .playedTranscript, path: FilePath.normalised(path, from: FilePath.workingFolder()),
                identity: FileIdentity(path: path))
        }

        /// A transcript at `path` that `--check` replays.
        public static func checkedTranscript(_ path: String) -> Input {
            Input(
                kind: .checkedTranscript, path: FilePath.normalised(path, from: FilePath.workingFolder()),
                identity: FileIdentity(path: path))
        }

        /// A file of the lessons' folder at `path`, which `--learn` runs its commands in.
        public static func lessonFile(_ path: String) -> Input {
            Input(
                kind: .lessonFile, path: FilePath.normalised(path, from: FilePath.workingFolder()),
                identity: FileIdentity(path: path))
        }

        /// Standard input when it is a regular file; nil for a pipe or a terminal.
        public static func standardInput(descriptor: Int32 = 0) -> Input? {
            FileIdentity(regularFileAt: descriptor).map { Input(kind: .standardInput, path: nil, identity: $0) }
        }
    }

    /// Why a named path is refused.
    public enum Refusal: Sendable, Equatable {
        /// It is one of trendsh's own files.
        case ownFile(OwnFiles.Match)
        /// It is a file the run reads.
        case input(Input.Kind)
    }

    public var ownFiles: OwnFiles
    /// The mode a new named file gets.
    public var permissions: NamedFile.Permissions
    public var inputs: [Input]

    public init(ownFiles: OwnFiles, permissions: NamedFile.Permissions = .shared, inputs: [Input] = []) {
        self.ownFiles = ownFiles
        self.permissions = permissions
        self.inputs = inputs
    }

    /// Why `path` may not be written, or nil when it may.
    public func refusal(for path: String) -> Refusal? {
        if let own = ownFiles.identify(path) { return .ownFile(own) }
        guard !inputs.isEmpty else { return nil }
        let named = FilePath.normalised(path, from: FilePath.workingFolder())
        let identity = FileIdentity(path: path)
        for input in inputs where input.path == named || (identity != nil && input.identity == identity) {
            return .input(input.kind)
        }
        return nil
    }
}
