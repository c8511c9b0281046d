import FoundationEssentials
import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// Every sentence trendsh says: errors with the hint that fits them, confirmations, warnings
/// and usage problems. Each is chosen by a typed reason, never by a SQLite code number.
/// Entities inside sentences (an entry, a weight, a date) are formatted by `Renderer`.
public enum Messages {
    /// The reason for a failure, in one or two sentences, without advice about the draft.
    public static func reason(_ error: TrendError, units: MeasureUnits) -> String {
        switch error {
        case .entries(let error): return reason(error, units: units)
        case .storage(let error): return reason(error)
        case .settings(let error): return reason(error)
        case .draftFile(let error): return reason(error)
        case .draftIsOpen: return "A draft with unsaved changes is open."
        case .habit(let error): return reason(error)
        case .importFile(let problem): return reason(problem)
        case .history(let error): return reason(error, units: units)
        case .pendingFile(let error): return pendingNotWritten(error)
        case .kind(let error): return reason(error)
        }
    }

    /// Why the weights feature refused a change to an entry, or found it changed.
    public static func reason(_ error: EntryError, units: MeasureUnits) -> String {
        switch error {
        case .invalid(let error): return reason(error)
        case .noSuchEntry(let id): return "There is no entry #\(id). List the entries to see their numbers."
        case .conflict(let id, let current?):
            return
                "Entry #\(id) was changed by another session since this one read it; nothing was written. It now holds \(Renderer.entryContents(current, units: units))."
        case .conflict(let id, nil):
            return "Entry #\(id) was deleted by another session; nothing was written."
        case .openInDraft(let id):
            return
                "Entry #\(id) is open in the draft, so it was not deleted. Save or cancel the draft first, then delete it."
        }
    }

    /// A failed save: the reason, then the one hint that fits it, for the draft kept where
    /// `retry` says (this session, or for a `-c` run the draft file or nowhere).
    public static func saveFailed(_ error: TrendError, units: MeasureUnits, retry: DraftRetry = .here) -> String {
        reason(error, units: units) + " " + draftKept(retry, then: saveAgainHint(error))
    }

    /// What to do after a failed save, in words that follow "The draft is kept; ".
    static func saveAgainHint(_ error: TrendError) -> String {
        switch error {
        case .entries(.invalid): return "fix it and save again"
        case .entries(.conflict(_, .some)): return "type \"save\" again to overwrite the entry with it"
        case .entries(.conflict(_, nil)): return "type \"save\" again to save it as a new entry"
        case .storage(.notYourLog):
            // The log takes no change from this session, and "person" is refused while the
            // draft has unsaved changes: only "cancel" moves on.
            return "saving it again cannot help on this log, so type \"cancel\" to discard it"
        case .storage(let storage) where !storage.retryMayHelp:
            return
                "type \"save\" again once the store is fixed, or start trendsh with --store PATH to save it elsewhere"
        case .entries(.noSuchEntry): return "type \"cancel\" to discard it"
        default: return "type \"save\" to try again"
        }
    }

    /// Where a draft whose save failed is kept, and what to do with it: "The draft is kept;
    /// fix it and save again." A `-c` run ends after its commands, so it names the draft file
    /// that keeps the draft for the next session, or says that no copy is kept.
    static func draftKept(_ retry: DraftRetry, noun: String = "draft", then action: String) -> String {
        switch retry {
        case .here: return "The \(noun) is kept; \(action)."
        case .nextSession(let path):
            return
                "This -c run ends here, so the \(noun) is kept in \(path): the next trendsh session on this store (not a -c run) restores it; there, \(action)."
        case .notKept(let why):
            return "This -c run ends here and keeps no copy of the \(noun): \(draftNotKept(why))."
        }
    }

    /// Why a server's store keeps nothing on this machine, in a few words.
    static let noStateFolder =
        "a log on a server keeps its draft and pending changes in this machine's state folder, and there is none (neither XDG_STATE_HOME nor HOME is set)"

    /// Why a `-c` run could not keep its failed draft, in a few words.
    static func draftNotKept(_ why: DraftRetry.NotKept) -> String {
        switch why {
        case .anotherDraftWaits(let path): return "\(path) already holds another draft, which is left as it is"
        case .heldByAnotherSession(let path): return "another trendsh session holds \(path)"
        case .unavailable(let error): return reason(error)
        case .memoryStore: return "the store is in memory"
        case .noFile: return "the store's path is not a regular file, so nothing is kept beside it"
        case .noStateFolder: return noStateFolder
        }
    }

    /// A failure of a command that has no draft to keep. The reasons already say whether
    /// trying again can help.
    public static func commandFailed(_ error: TrendError, units: MeasureUnits) -> String {
        reason(error, units: units)
    }

    public static func reason(_ error: WeightValidationError) -> String {
        switch error {
        case .invalidWeight(.kilograms): return "Enter a weight between 20 and 500 kg."
        case .invalidWeight(.pounds): return "Enter a weight between 44.1 and 1102.3 lb."
        case .invalidWeight(.stones): return "Enter a weight between 3 st 2.1 lb and 78 st 10.3 lb."
        case .dateInFuture: return "An entry can't be dated in the future."
        case .futureEntryAllowsOnlyNote(let date):
            return
                "This entry is dated \(LocalCalendar.minuteText(date)), which is still in the future, so only its note can change. Set a date that has passed with \"date WHEN\" to change its weight."
        case .storedWeightBreaksRule(let kilograms, let unit): return storedWeightBreaksRule(kilograms, unit: unit)
        case .storedDateInFuture(let date): return storedDateInFuture(date)
        case .noteTooLong(let length):
            return "A note can have at most \(WeightEntryDraft.maximumNoteLength) characters; this one has \(length)."
        case .date(let error): return reason(error)
        case .invalidMeasurement(let problem): return reason(problem)
        case .noMeasurement:
            return
                "An entry holds at least one measurement, so its last one cannot be removed. Delete the entry instead."
        case .unknownKind(let word):
            return "\"\(word)\" is not a kind of measurement this store knows. Type \"help\" to see the kinds."
        case .kindGone(let word):
            return
                "The draft holds a value of \"\(word)\", a kind the store no longer has (an undo or another session removed it). Add the kind again (\"measure add \(word) …\"), or type \"measure \(word)\" to clear the value."
        }
    }

    /// Typed date text that names no moment trendsh can keep.
    public static func reason(_ error: DateTextError) -> String {
        switch error {
        case .unreadable(let text):
            return "\"\(text)\" is not a date. Use \(acceptedDateForms)."
        case .outOfRange(let text):
            return "\"\(text)\" is outside the years 1900 to 9999, which are the dates trendsh keeps."
        case .nonexistentLocalTime(let text):
            return
                "\(text) did not happen here: the clocks went forward over it. Type a time before or after the change."
        }
    }

    /// A typed measurement trendsh cannot keep.
    public static func reason(_ error: MeasurementError) -> String {
        switch error {
        case .invalidValue(let kind, let unit) where unit == .stones:
            let range =
                "between \(Renderer.weight(kind.range.lowerBound, in: .stones)) and \(Renderer.weight(kind.range.upperBound, in: .stones))"
            return "Enter a \(kind.name) \(range)."
        case .invalidValue(let kind, let unit):
            let low = DecimalText.decimals(unit.value(fromCanonical: kind.range.lowerBound), kind.decimals)
            let high = DecimalText.decimals(unit.value(fromCanonical: kind.range.upperBound), kind.decimals)
            return "Enter a \(kind.name) between \(low) and \(high) \(unit.symbol)."
        case .unitNotForKind(let kind, let unit):
            return "\(unit.symbol) is not a unit for \(kind.name)."
        }
    }

    /// `amend` named a field that is no field and no kind of measurement.
    public static func notAField(_ word: String, kinds: [MeasurementKind]) -> String {
        let kindWords = kinds.filter { $0.id != .weight }.map(\.word)
        let choices = (["value", "note", "date"] + kindWords).joinedWords(separator: ", ")
        return "\"\(word)\" is not a field of an entry; use \(choices)."
    }

    /// A draft's value of a kind the store no longer has, as `show` lists it.
    public static func valueOfRemovedKind(_ typed: String) -> String {
        "\(typed), of a kind the store no longer has; \"save\" refuses it until it is cleared or the kind is back"
    }

    /// `measure` named a word that is no kind of measurement.
    public static func notAKind(_ word: String, kinds: [MeasurementKind]) -> String {
        "\"\(word)\" is not a kind of measurement; the kinds are \(kinds.map(\.word).joinedWords(separator: ", "))."
    }

    /// The date forms a person can type.
    public static let acceptedDateForms = "YYYY-MM-DD, YYYY-MM-DD HH:MM, today, yesterday or -Nd"

    public static func reason(_ error: SettingsError) -> String {
        switch error {
        case .cannotWrite(let path, let problem):
            return "The settings could not be written to \(path): \(describe(problem)). The setting is unchanged."
        case .unreadable(let path, let detail):
            return "The settings in \(path) could not be read (\(describe(detail))); defaults are in use."
        case .unknownKey(let key):
            return
                "\"\(key)\" is not a setting. The settings are \(SettingKey.all.map(\.name).joined(separator: ", "))."
        case .invalidValue(let key, let value) where key == SettingKey.height.name:
            return "\"\(value)\" is not a height; enter one from 50 to 272 cm (or 19.7 to 107.1 in), or off."
        case .invalidValue(let key, let value):
            let values = SettingKey.named(key)?.values.replacingOccurrences(of: "|", with: ", ") ?? ""
            return "\"\(value)\" is not a value for \(key); use \(values)."
        case .invalidGoal(let error): return reason(error)
        case .simulated:
            return "The settings could not be written (simulated failure). The setting is unchanged."
        case .locked(let path):
            return
                "Another session is changing the settings and holds their lock \(path), so the setting is unchanged. Try again in a moment."
        case .cannotLock(let path, let problem):
            return "The settings lock \(path) could not be taken: \(describe(problem)). The setting is unchanged."
        case .notWrittenOverUnreadable(let path, let detail):
            return
                "The settings in \(path) could not be read (\(describe(detail))), so trendsh did not write over them and the setting is unchanged. Correct the file or move it aside, then try again."
        case .unconfirmed(let path, let problem):
            return
                "The change is in \(path), but it could not be synced to the disk (\(describe(problem))) and the settings before it could not be put back, so a power cut may undo it."
        case .notYourSettings(let person):
            let name = DisplayText.escaped(person)
            return
                "The server refused the change: this session reads \(name)'s log, and only \(name) may change \(name)'s settings, so nothing was changed. `person` with your own name goes back to your log."
        }
    }

    public static func reason(_ error: DraftFileError) -> String {
        switch error {
        case .cannotWrite(let path, let number):
            return "The draft could not be written to \(path): \(systemMessage(number))."
        case .unsafe(let path, let problem):
            return "trendsh will not write the draft file \(path): \(describe(problem))."
        case .unreadable(let path, let problem):
            let detail = problem.map { " (\(describe($0)))" } ?? ""
            return
                "The draft file \(path) could not be read\(detail); it was left in place. Move it aside to silence this."
        case .madeForAnotherStore(let path):
            return
                "The draft in \(path) was made on another log than the one this store holds now (its database was replaced since), so it was not restored and will not be saved here; the file was left in place, untouched. Move it aside to silence this."
        case .madeForAnotherPerson(let path, let person):
            return
                "The draft in \(path) is \(DisplayText.escaped(person))'s, made on their log, so this session left it as it is and will not save it into this log; \(DisplayText.escaped(person))'s session restores it (--person \(DisplayText.escaped(person)))."
        }
    }

    /// Why one of trendsh's own files could not be used, in a few words.
    public static func describe(_ problem: PrivateFileError.Reason) -> String {
        switch problem {
        case .system(let number): return systemMessage(number)
        case .symbolicLink: return "it is a symbolic link, which trendsh never writes through"
        case .notARegularFile: return "it is not a regular file"
        case .ownedByAnotherUser: return "it belongs to another user"
        case .hardLinked: return "it has more than one name (a hard link)"
        case .tooLarge: return "it is larger than trendsh ever writes it"
        }
    }

    /// The C library's sentence for an errno value, in lower case: "no such file or directory".
    public static func systemMessage(_ number: Int32) -> String {
        guard let text = strerror(number) else { return "error \(number)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}

extension String {
    /// Every occurrence of `target` replaced (FoundationEssentials has no such method).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
