import TrendKit

extension Messages {
    public static func parseError(_ error: ParseError) -> String {
        switch error {
        case .unknownCommand(let name):
            let hint = CommandTable.suggestion(for: name).map { " Did you mean \"\($0)\"?" } ?? ""
            return "Unknown command \"\(name)\".\(hint) Type \"help\" to see the commands."
        case .badArguments(let command, let problem):
            return
                "\(describe(problem, command: command)) Usage: \(CommandTable.declaration(named: command)?.usage ?? command)"
        case .unclosedQuote(let command):
            return
                "A double quote is not closed. Close it, or type \\\" for a quote inside quotes. Usage: \(CommandTable.declaration(named: command)?.usage ?? command)"
        case .kindsUnreadable(let word, let error):
            return
                "\"\(word)\" is not a command or a kind this session knows, and the store could not be read to see whether another session added it. \(reason(error))"
        }
    }

    static func describe(_ problem: ArgumentProblem, command: String) -> String {
        switch problem {
        case .takesNoArguments: return "\(command) takes no arguments."
        case .needs(let what): return "\(command) needs \(what)."
        case .needsOneEntryNumber: return "\(command) needs one entry number."
        case .notAnEntryNumber(let word): return "\"\(word)\" is not an entry number."
        case .notACount(let word): return "\"\(word)\" is not a positive whole number."
        case .notAPeriodCount(let word, let maximum):
            return "\"\(word)\" is more periods than a report shows; use a whole number from 1 to \(maximum)."
        case .notAUnit(let word): return "\"\(word)\" is not a unit; use kg, lb or st."
        case .tooManyWords(let max): return "\(command) takes at most \(max) \(max == 1 ? "word" : "words")."
        case .atMostOne(let what): return "\(command) takes at most one \(what)."
        case .notOneOf(let word, let what, let choices):
            return "\"\(word)\" is not \(what); use \(list(choices))."
        case .needsAName: return "\(command) needs a name."
        case .notAPersonName(let word): return notAPersonName(command, word)
        case .unknownOption(let option): return "\(command) has no option \"\(option)\"."
        case .optionNeedsValue(let option): return "\(option) needs a value."
        case .notAWidth(let word, let minimum, let maximum):
            return "\"\(word)\" is not a width; use a whole number from \(minimum) to \(maximum)."
        case .quoteNames:
            return "\(command) was given more words than it takes; put a name with spaces in double quotes."
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }

    public static let historyOff = "History is off for this session."

    public static func lineTooLong(_ bytes: Int, limit: Int) -> String {
        "That line is \(bytes) bytes long; trendsh reads lines of at most \(limit) bytes. Nothing was done."
    }

    /// A line with bytes that are not UTF-8, shown with each such byte as `\xFF`.
    public static func lineNotUTF8(_ shown: String) -> String {
        "That line holds bytes that are not UTF-8 (shown as \\xNN): \"\(shown)\". Nothing was done."
    }

    /// An argument with bytes that are not UTF-8, shown with each such byte as `\xFF`.
    public static func argumentNotUTF8(_ shown: String) -> String {
        "The argument \"\(shown)\" holds bytes that are not UTF-8 (shown as \\xNN), so trendsh did not start."
    }

    public static func outputFailed(_ number: Int32) -> String {
        "Standard output could not be written (\(systemMessage(number))), so trendsh stopped without running anything more."
    }

    public static func inputReadFailed(_ number: Int32) -> String {
        "Standard input could not be read (\(systemMessage(number))), so trendsh stopped. Nothing after that was done."
    }

    public static func historyUnwritable(_ path: String, problem: String) -> String {
        "The history file \(path) could not be written (\(problem)); lines are not being kept. Start trendsh with --no-history, or set TRENDSH_HISTORY=off, to turn history off."
    }

    public static func simulations(_ plan: FaultPlan) -> String {
        let active = summary(plan)
        return active.isEmpty ? "No simulations are active." : "Active: \(active.joined(separator: ", "))."
    }

    /// `save-failure (once)`, `open-failure (always) on weights`.
    static func summary(_ plan: FaultPlan) -> [String] {
        plan.faults.map { fault in
            "\(fault.point.rawValue)-failure (\(fault.persistence.rawValue))"
                + (fault.feature.map { " on \($0.rawValue)" } ?? "")
        } + (plan.losesNextAcknowledgement ? ["lost acknowledgement (once)"] : [])
    }

    public static func simulating(_ mode: String, persistence: FaultPlan.Persistence, feature: FeatureID?) -> String {
        let scope = feature.map { " for \($0.rawValue)" } ?? ""
        switch mode {
        case "save-failure":
            return persistence == .once
                ? "The next save\(scope) will fail. The one after works again."
                : "Every save\(scope) will fail until \"simulate off\"."
        case "open-failure":
            return "The store will fail to open\(scope) until \"simulate off\". Settings and help keep working."
        case "refresh-failure": return "The next refresh\(scope) will fail."
        default: return "Simulations are off."
        }
    }

    /// How many things a feature holds, as `3 entries`, `1 habit`.
    @MainActor
    static func held(_ feature: any FeatureStatus) -> String {
        if let habits = feature as? HabitLog {
            return habits.habits.count == 1 ? "1 habit" : "\(habits.habits.count) habits"
        }
        if let trend = feature as? TrendReport {
            let days = trend.recent?.days.count ?? 0
            return days == 1 ? "1 day of trend" : "\(days) days of trend"
        }
        let count = (feature as? WeightLog)?.entries.count ?? 0
        return count == 1 ? "1 entry" : "\(count) entries"
    }

    @MainActor
    public static func refreshed(_ feature: any FeatureStatus) -> String { "Loaded \(held(feature))." }

    @MainActor
    public static func refreshFailed(_ feature: any FeatureStatus, error: TrendError, units: MeasureUnits) -> String {
        let cached = held(feature)
        let kept =
            cached.hasPrefix("0 ")
            ? "" : " The \(cached) loaded earlier \(cached.hasPrefix("1 ") ? "is" : "are") still shown."
        return loadFailed(feature, error, units: units) + kept
    }

    /// Why a feature's data could not be loaded, naming what it holds.
    @MainActor
    static func loadFailed(_ feature: any FeatureStatus, _ error: TrendError, units: MeasureUnits) -> String {
        if error == .storage(.simulated(.refresh)), feature is HabitLog {
            return "The habits could not be loaded (simulated failure)."
        }
        if feature is TrendReport { return trendUnavailable(error, units: units) }
        if let settings = feature as? SettingsFeature, let unreadable = settingsUnreadable(settings) {
            return unreadable
        }
        return reason(error, units: units)
    }

    /// What `status` prints: the store, one line per feature, the draft, where it is kept,
    /// and the simulations in force.
    @MainActor
    public static func statusLines(_ session: Session) -> [String] {
        var lines = ["store: \(session.store.location.description)"]
        if let person = session.store.personName { lines.append("person: \(DisplayText.escaped(person))") }
        for feature in session.features {
            var line = "\(feature.featureID.rawValue): "
            if let settings = feature as? SettingsFeature {
                line += settingsLines(settings.settings).joined(separator: ", ").replacingOccurrences(
                    of: ": ", with: " ")
                let waiting = settings.waitingForStore
                if !waiting.isEmpty { line += "; not in the store yet: \(waiting.joinedWords(separator: ", "))" }
            } else if let trend = feature as? TrendReport {
                line += trendStatus(trend, unit: session.unit, unicode: session.drawsUnicode)
            } else if let state = feature.featureLoadState {
                line +=
                    "\(state.rawValue), \(feature is HabitLog ? held(feature) : "\((feature as? WeightLog)?.entries.count ?? 0) loaded")"
            }
            if let error = feature.retainedError {
                line += "; error: \(loadFailed(feature, error, units: session.units))"
            }
            lines.append(line)
        }
        if let open = session.presentedDraft {
            var state = open.hasUnsavedChanges ? "unsaved changes" : "no unsaved changes"
            if open.lastError != nil { state += ", last save failed" }
            lines.append("draft: \(open.target), \(state)")
        } else {
            lines.append("draft: none")
        }
        lines.append("draft file: \(draftFileLine(session.drafts.keeping))")
        lines += pendingStatusLines(session.pending, units: session.units)
        let active = summary(session.store.faults.plan)
        lines.append("simulations: \(active.isEmpty ? "none" : active.joined(separator: ", "))")
        return lines
    }

    static func draftFileLine(_ keeping: DraftSlot.Keeping) -> String {
        switch keeping {
        case .file(let path): return path
        case .memoryStore: return "in memory only (the store is in memory)"
        case .nothingBesideStore(let path):
            return "in memory only: \(path) is not a regular file, so nothing is kept beside it"
        case .noStateFolder: return "in memory only: \(noStateFolder)"
        case .anotherSession(let path): return "in memory only: another trendsh session is using \(path)"
        case .unavailable(.cannotWrite(let path, let number)):
            return "in memory only: \(path) can't be created (\(systemMessage(number)))"
        case .unavailable(.unsafe(let path, let problem)):
            return "in memory only: trendsh will not write \(path) (\(describe(problem)))"
        case .unavailable(.unreadable(let path, _)):
            return "in memory only: \(path) could not be read and was left in place"
        case .unavailable(.madeForAnotherStore(let path)):
            return "in memory only: \(path) holds a draft made on another log, left in place"
        case .unavailable(.madeForAnotherPerson(let path, let person)):
            return "in memory only: \(path) holds \(DisplayText.escaped(person))'s draft, left in place"
        case .leftForItsOwner(let path): return "in memory only: this run leaves \(path) alone"
        }
    }
}

extension Messages {
    public static func usage(_ error: UsageError) -> String {
        switch error {
        case .unknownOption(let option): return "Unknown option \"\(option)\"."
        case .needsValue(let option): return "\(option) needs a value."
        case .takesNoValue(let option): return "\(option) takes no value."
        case .badTime(let option, let text):
            return
                "\(option) needs an ISO 8601 time from the years 1900 to 9999, such as 2026-11-29T08:00:00Z, not \"\(text)\"."
        case .emptyStore: return "--store needs a path, or :memory:."
        case .badPerson(let text): return Messages.notAPersonName("--person", text)
        case .checkNeedsFiles: return "--check needs at least one transcript file."
        case .updateNeedsCheck: return "--update works with --check, on the transcripts it names."
        case .junitNeedsCheck: return "--junit reports what --check found; use it with --check."
        case .lessonsNeedsLearn: return "--lessons names the folder --learn reads; use it with --learn."
        case .setUpNeedsServer:
            return
                "--set-up sets up a store on a PostgreSQL server; give it --store postgresql://… A SQLite store is set up, and upgraded after a copy, by the first session that opens it."
        case .notWithLearn("--store"):
            return
                "--learn practises on a scratch store of its own, so --store may name only a PostgreSQL server, where the lessons that run on one are practised."
        case .notWithLearn(let option):
            return "--learn practises on a scratch store of its own, as text, so it does not take \(option)."
        case .conflicting(let first, let second): return "\(first) and \(second) can't be used together."
        case .needsPlayOrCast(let option): return "\(option) paces --play and --cast; use it with one of them."
        case .badNumber(let option, let text):
            let wanted =
                option == "--speed"
                ? "a number of characters a second from 1 to 1000, such as 20"
                : "a number of seconds from 0 to 3600, such as 1.5"
            return "\(option) needs \(wanted), not \"\(text)\"."
        case .echoWithFormat(let format): return echoWithFormat(format)
        case .notOneOf(let option, let text, let choices): return notOneOf(option: option, text: text, choices: choices)
        }
    }

    public static let outputClosedAtStart =
        "Standard output is closed, so trendsh could not show its results; nothing was done. Redirect it to /dev/null to discard them."

    public static let noStoreFolder = "There is no HOME or XDG_DATA_HOME to keep the store in; choose one with --store."

    public static func banner(version: String, store: String) -> String {
        "trendsh \(version). Store: \(DisplayText.escaped(store)). Type \"help\" for the commands."
    }
}

extension Messages {
    public static func transcriptProblem(_ error: TranscriptError, path: String) -> String {
        switch error {
        case .badClock(let line, let text):
            return "\(path): line \(line): \"\(text)\" is not an ISO 8601 time such as 2026-11-29T08:00:00Z."
        case .unreadable: return "The transcript \(path) could not be read."
        case .notARegularFile: return "\(path) is not a transcript: it is not a regular file."
        case .noCommands:
            return "\(path) is not a transcript: it has no \"trendsh> \" line, so there is nothing to replay."
        case .statusNotLast:
            return "\(path): a status line such as [0] may only be the transcript's last line."
        case .unwritable:
            return "The transcript \(path) could not be written; it is as it was."
        case .refused(let refusal): return namedFileRefused(path, refusal, for: .transcript)
        case .emptyHiddenCommand(let line):
            return "\(path): line \(line): a \"# hidden:\" line needs the command to run after it."
        case .notUTF8(let line):
            return "\(path): line \(line) is not UTF-8 text. Save the file as UTF-8, then try again."
        case .badServer(let line, let text):
            return
                "\(path): line \(line): a \"# server:\" line names, once, the two different roles a server lesson logs in as, such as \"# server: alice coach\", not \"\(text)\"."
        case .needsServer(let roles):
            return "\(path) runs on a PostgreSQL server, so it was not replayed: " + serverNeeded(roles)
        }
    }

    /// What a server lesson needs, said where it cannot run without it (`--check`, `--play`,
    /// `--learn`): the roles, a store set up fresh by its administrator, and `--store`.
    static func serverNeeded(_ roles: ServerRoles, option: String = "--store") -> String {
        let (first, second) = (roles.first.rawValue, roles.second.rawValue)
        return
            "its sessions log in as \(first) and \(second). Give \(option) the URI of a scratch database where both roles can log in, whose store its administrator set up fresh with `trendsh --store postgresql://ADMIN@HOST/DATABASE --set-up` (docs/transcripts.md, \"A lesson on a server\")."
    }
}

extension Messages {
    public static func transcriptPassed(_ path: String) -> String { "ok: \(DisplayText.escaped(path))" }
    public static func transcriptFailed(_ path: String) -> String { "FAILED: \(DisplayText.escaped(path))" }
    public static func transcriptUpdated(_ path: String) -> String { "updated: \(DisplayText.escaped(path))" }

    /// A hidden command printed an error, which the transcript cannot show.
    public static func transcriptHiddenCommandFailed(_ command: String, error: String) -> String {
        "The hidden command \"\(DisplayText.escaped(command))\" failed: \(error)"
    }

    /// `--play`: a hidden command printed an error, which the demo does not show. `error` is
    /// the sentence it printed, already escaped.
    public static func playHiddenCommandFailed(path: String, line: Int, command: String, error: String) -> String {
        "\(DisplayText.escaped(path)): line \(line): the hidden command \"\(DisplayText.escaped(command))\" failed: \(error)"
    }

    public static func transcriptStatusDiffers(expected: Int32, actual: Int32) -> String {
        "The session ended with status \(actual); the transcript's last line says [\(expected)]."
    }

    /// `9 checked: 8 passed, 1 failed` (and how many `--update` rewrote).
    /// A failed transcript in the JUnit report, in a sentence: what differed.
    public static func transcriptFailureSummary(outputDiffers: Bool, statusDiffers: Bool, hiddenFailures: Int)
        -> String
    {
        var parts: [String] = []
        if outputDiffers { parts.append("the replayed output differs from the transcript") }
        if statusDiffers { parts.append("the exit status differs") }
        if hiddenFailures > 0 {
            parts.append(hiddenFailures == 1 ? "a hidden command failed" : "\(hiddenFailures) hidden commands failed")
        }
        let text = parts.isEmpty ? "the transcript did not match" : parts.joined(separator: ", and ")
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    public static func transcriptSummary(checked: Int, passed: Int, failed: Int, updated: Int?) -> String {
        let lessons = checked == 1 ? "1 transcript" : "\(checked) transcripts"
        return "\(lessons) checked: \(passed) passed, \(failed) failed" + (updated.map { ", \($0) updated" } ?? "")
    }
}
