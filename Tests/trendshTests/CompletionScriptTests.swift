import Testing
import TrendshTestSupport

/// `trendsh --completion bash|zsh|fish`, installed by `make install-completions` and used by
/// the real shells: options complete from their declarations, the value of an option that
/// names a file completes file names, and `--completion`'s value its shells.
@Suite struct CompletionScriptTests {
    /// The shells, each asked for the words it offers at the end of a line (the line for bash
    /// is split as bash splits it: `=` is a word of its own).
    enum Shell: String, CaseIterable, CustomTestStringConvertible {
        case bash
        case zsh
        case fish

        var testDescription: String { rawValue }

        func offer(_ line: String, in completions: InstalledCompletions) -> InstalledCompletions.Offer {
            switch self {
            case .bash:
                var words = line.replacing("=", with: " = ").split(separator: " ").map(String.init)
                if line.hasSuffix(" ") || line.hasSuffix("=") { words.append("") }
                return completions.bash(words)
            case .zsh: return completions.zsh(line)
            case .fish: return completions.fish(line)
            }
        }
    }

    static let filesInTheFolder = (InstalledCompletions.files + ["sub"]).sorted()

    @Test(arguments: Shell.allCases)
    func anOptionCompletesFromItsFirstLetters(shell: Shell) throws {
        let completions = InstalledCompletions()
        try #require(completions.install.status == 0, "\(completions.install)")
        let offer = shell.offer("trendsh --st", in: completions)
        #expect(offer.words == ["--store"], "\(offer.result)")
        #expect(shell.offer("trendsh --comp", in: completions).words == ["--completion"])
    }

    @Test(arguments: Shell.allCases)
    func completionsValueCompletesTheShells(shell: Shell) throws {
        let completions = InstalledCompletions()
        try #require(completions.install.status == 0, "\(completions.install)")
        let offer = shell.offer("trendsh --completion ", in: completions)
        #expect(offer.names == ["bash", "fish", "zsh"], "\(offer.result)")
        #expect(shell.offer("trendsh --completion z", in: completions).names == ["zsh"])
    }

    /// `--store`, `--play`, `--init`, `--cast` and `--check` take a file: their value
    /// completes the files in the folder, as the next word or after `=`, and so does every
    /// word after `--check`.
    @Test(arguments: Shell.allCases)
    func aFileValueCompletesTheFilesInTheFolder(shell: Shell) throws {
        let completions = InstalledCompletions()
        try #require(completions.install.status == 0, "\(completions.install)")
        for line in [
            "trendsh --store ", "trendsh --play ", "trendsh --init ", "trendsh --cast ", "trendsh --check ",
            "trendsh --store=", "trendsh --check a.sqlite ",
        ] {
            let offer = shell.offer(line, in: completions)
            #expect(offer.names == Self.filesInTheFolder, "\(line): \(offer.result)")
        }
        #expect(shell.offer("trendsh --store w", in: completions).names == ["with space.txt"])
        #expect(shell.offer("trendsh --check a.sqlite --up", in: completions).words == ["--update"])
    }

    /// A value that is a time, a number or a command is typed, not chosen: no files.
    @Test(arguments: Shell.allCases)
    func aTextValueOffersNothing(shell: Shell) throws {
        let completions = InstalledCompletions()
        try #require(completions.install.status == 0, "\(completions.install)")
        for line in ["trendsh --now ", "trendsh --speed ", "trendsh -c "] {
            let offer = shell.offer(line, in: completions)
            #expect(offer.words.isEmpty, "\(line): \(offer.result)")
        }
    }

    /// Every option `--help` lists is offered after `-`, so an option added later completes
    /// without a line here.
    @Test(arguments: Shell.allCases)
    func everyOptionInHelpIsOffered(shell: Shell) throws {
        let completions = InstalledCompletions()
        try #require(completions.install.status == 0, "\(completions.install)")
        let help = TrendshProcess.run(["--help"], environment: completions.environment).stdout
        let options = help.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
            line.split(separator: " ").prefix { $0.hasPrefix("-") }.map { String($0.filter { $0 != "," }) }
        }
        #expect(options.count >= 18 && options.contains("--completion") && options.contains("-h"), "\(options)")
        let offer = shell.offer("trendsh -", in: completions)
        #expect(offer.words.sorted() == options.sorted(), "\(offer.result)")
    }

    /// zsh knows that run modes exclude each other, as the parser does.
    @Test func zshOffersNoSecondRunMode() throws {
        let completions = InstalledCompletions()
        try #require(completions.install.status == 0, "\(completions.install)")
        #expect(completions.zsh("trendsh --pl").words == ["--play"])
        #expect(completions.zsh("trendsh -c list --pl").words.isEmpty)
    }

    /// `-c` may be given again for each command, as the parser takes it; the other run modes
    /// are still not offered beside it.
    @Test(arguments: Shell.allCases)
    func aSecondCommandOptionIsOffered(shell: Shell) throws {
        let completions = InstalledCompletions()
        try #require(completions.install.status == 0, "\(completions.install)")
        let offer = shell.offer("trendsh -c list -", in: completions)
        #expect(offer.words.contains("-c"), "\(offer.result)")
        if shell == .zsh { #expect(!offer.words.contains("--play"), "\(offer.result)") }
    }

    /// Sourced into a bash without bash-completion, the script still completes files.
    @Test func bashWithoutBashCompletionStillCompletesFiles() throws {
        let completions = InstalledCompletions()
        try #require(completions.install.status == 0, "\(completions.install)")
        let offer = completions.bash(["trendsh", "--store", ""], bashCompletion: false)
        #expect(offer.names == Self.filesInTheFolder, "\(offer.result)")
        #expect(completions.bash(["trendsh", "--st"], bashCompletion: false).words == ["--store"])
    }

    @Test func anUnknownShellIsAUsageError() {
        let home = TemporaryDirectory()
        let result = TrendshProcess.run(
            ["--completion", "tcsh"], environment: TrendshProcess.environment(home: home.path))
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: --completion needs one of bash, zsh or fish, not \"tcsh\"."))
    }
}
