import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The completion scripts as `make install-completions PREFIX=~/.local` installs them (written
/// by the built trendsh), in a temporary home, and real bash, zsh and fish from Debian asked
/// what they offer for a command line, in a folder of a few files. Each shell finds the script
/// as the guide says a user's shell does: bash through bash-completion's loader, zsh through
/// its `fpath`, fish through its own folders.
struct InstalledCompletions {
    let home = TemporaryDirectory()
    /// Where completion runs: it holds `Self.files`.
    let folder: String
    /// What `make install-completions` printed and how it ended.
    let install: ProcessResult

    /// The files (and the folder, `sub`) the completions run beside.
    static let files = ["a.sqlite", "b.transcript", "with space.txt"]

    init() {
        folder = home.makeFolder("work")
        for name in Self.files { _ = writeFile(folder + "/" + name, []) }
        home.makeFolder("work/sub")
        install = TrendshProcess.run(
            [
                "-s", "--no-print-directory", "-C", Self.packageRoot, "install-completions",
                "TRENDSH=" + TrendshProcess.binaryPath, "PREFIX=" + home.path + "/.local",
            ], environment: Self.environment(home: home.path), program: Self.program("make"))
    }

    var environment: [String: String] { Self.environment(home: home.path) }

    /// A user's environment: HOME and PATH (with trendsh on it, for fish looks up only the
    /// completions of a command it finds), and nothing of the XDG variables.
    static func environment(home: String) -> [String: String] {
        let binary = TrendshProcess.binaryPath
        let folder = String(binary[..<(binary.lastIndex(of: "/") ?? binary.endIndex)])
        return ["HOME": home, "PATH": folder + ":" + String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin"))]
    }

    /// What bash-completion's loader and the function it loads put in COMPREPLY for `words`
    /// (the words as bash splits the line: `--store=x` is `--store`, `=`, `x`), the last being
    /// the one completed. With `bashCompletion` false, the script is sourced into a bash
    /// without bash-completion.
    func bash(_ words: [String], bashCompletion: Bool = true) -> Offer {
        let load =
            bashCompletion
            ? "source /usr/share/bash-completion/bash_completion; _completion_loader trendsh"
            : "source ~/.local/share/bash-completion/completions/trendsh"
        // The loader returns 124 when it loaded a completion ("try again"), so the check is
        // that trendsh has one now.
        let script = """
            \(load)
            spec=$(complete -p trendsh) || exit 9
            function=${spec#*-F }; function=${function%% *}
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            "$function" trendsh "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return offer(Self.program("bash"), ["--norc", "--noprofile", "-c", script, "bash"] + words)
    }

    /// The matches an interactive zsh, in a `zpty` of its own, offers when Tab is pressed
    /// at the end of `line`, after `fpath+=(~/.local/share/zsh/site-functions)` and compinit.
    func zsh(_ line: String) -> Offer {
        let driver = home.file("complete.zsh")
        _ = writeFile(driver, Array(Self.zshDriver.utf8))
        return offer(Self.program("zsh"), ["-f", driver, home.path + "/.local/share/zsh/site-functions", line])
    }

    /// What `complete -C` prints in fish for `line`, each match without its description.
    func fish(_ line: String) -> Offer {
        var found = offer(Self.program("fish"), ["-c", "complete -C -- $argv[1]", line])
        found.words = found.words.map { String($0.prefix { $0 != "\t" }) }
        return found
    }

    /// The words a shell offered, one a line, and how the shell ended.
    struct Offer {
        var words: [String]
        let result: ProcessResult

        /// The words as names: a file's quoting (`with\ space.txt`), a folder's `/` and an
        /// option's `--store=` in front of a value taken away, sorted.
        var names: [String] {
            words.map { word in
                var name = word.replacing("\\", with: "")
                if name.hasPrefix("-"), let equals = name.firstIndex(of: "=") {
                    name = String(name[name.index(after: equals)...])
                }
                if name.hasSuffix("/") { name.removeLast() }
                return name
            }.sorted()
        }
    }

    private func offer(_ program: String, _ arguments: [String]) -> Offer {
        let result = TrendshProcess.run(arguments, environment: environment, program: program, directory: folder)
        return Offer(words: result.stdout.split(separator: "\n").map(String.init), result: result)
    }

    /// The program's path in /usr/bin or /bin ("" when it is in neither, so the run fails).
    static func program(_ name: String) -> String {
        ["/usr/bin/", "/bin/"].map { $0 + name }.first { access($0, X_OK) == 0 } ?? ""
    }

    /// The checked-out package, the nearest folder above this file with a Package.swift.
    static let packageRoot: String = {
        var directory = String(#filePath)
        while let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            directory = String(directory[..<slash])
            if access(directory + "/Package.swift", F_OK) == 0 { return directory }
        }
        return "."
    }()

    /// `zsh -f complete.zsh FOLDER LINE`: starts an interactive zsh in a zpty (zsh's own
    /// pseudo-terminal module, so the test needs none), adds FOLDER to its fpath, runs
    /// compinit, and replaces `compadd` with one that prints each match it is given after a
    /// \x02 byte; Tab then completes LINE, and a \x03 byte after the matches ends the reading.
    /// The bytes are written as `$'\002'` in what is typed, so the echo of the typing never
    /// looks like a match.
    static let zshDriver = #"""
        zmodload zsh/zpty || exit 9
        zpty z zsh -f -i
        zpty -w z "fpath+=(${(q)1})"
        zpty -w z 'PS1= PS2= RPS1=; unsetopt zle_bracketed_paste'
        zpty -w z 'autoload -Uz compinit && compinit -u -D'
        zpty -w z 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi; local -a found; builtin compadd -A found "$@"; local m; for m in $found; do print -r -- $'"'"'\002'"'"'"$m"; done; }'
        zpty -w z 'ended() { print -r -- $'"'"'\003'"'"'; }; comppostfuncs=(ended)'
        zpty -w z 'bindkey "^I" complete-word'
        zpty -n -w z "$2"$'\t'
        while zpty -r z line; do
            line=${line%$'\n'}; line=${line%$'\r'}
            [[ $line == *$'\003'* ]] && break
            [[ $line == *$'\002'* ]] && print -r -- ${line#*$'\002'}
        done
        zpty -d z
        """#
}
