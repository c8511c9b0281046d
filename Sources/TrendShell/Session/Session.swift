import FoundationEssentials
import TrendKit

/// The dispatcher: carries out one command at a time against the features, keeps the one
/// open draft, and writes what happened. A failure never ends the session.
@MainActor
public final class Session {
    /// How a command ended.
    public enum Outcome: Equatable, Sendable {
        case succeeded
        case failed
        case quit
    }

    /// What the prompt should show about the draft.
    public enum DraftMark: Equatable, Sendable {
        case clean
        case unsaved
        case failedSave
    }

    public let log: WeightLog
    public let settings: SettingsFeature
    public let faults: FaultInjectingRepository
    public let storeDescription: String
    public internal(set) var editor: EntryEditor?
    let output: any OutputSink
    let history: HistoryFile?
    let color: Bool
    /// The durable copy of the draft; nil for `:memory:` or when another session holds it.
    var draftFile: DraftFile?
    /// Why there is no draft file, for `status`.
    var draftFileNote: String
    /// What taking the draft lock found; nil for `:memory:`.
    private let draftFileAcquisition: DraftFile.Acquisition?
    /// The unit the open draft's value was typed in: a restored draft may predate a change
    /// of unit, and its value must not silently change meaning.
    var valueUnit: WeightUnit?
    var lastWrittenDraft: DraftFile.Contents?
    private var quitArmed = false
    /// True when starting reported an error (a draft file that could not be read), so the
    /// session's exit status says a failure happened.
    public internal(set) var startFailed = false

    public init(
        log: WeightLog, settings: SettingsFeature, faults: FaultInjectingRepository, storeDescription: String,
        draftFilePath: String?, output: any OutputSink, history: HistoryFile? = nil, color: Bool = false
    ) {
        self.log = log
        self.settings = settings
        self.faults = faults
        self.storeDescription = storeDescription
        self.output = output
        self.history = history
        self.color = color
        if let draftFilePath {
            let file = DraftFile(path: draftFilePath)
            let acquisition = file.acquire()
            draftFileAcquisition = acquisition
            switch acquisition {
            case .acquired:
                draftFile = file
                draftFileNote = draftFilePath
            case .heldByAnotherSession:
                draftFile = nil
                draftFileNote = "in memory only: another trendsh session is using \(draftFilePath)"
            case .unavailable(let reason):
                draftFile = nil
                draftFileNote = "in memory only: \(draftFilePath) can't be created (\(reason))"
            }
        } else {
            draftFile = nil
            draftFileAcquisition = nil
            draftFileNote = "in memory only (the store is in memory)"
        }
    }

    /// Loads the entries and restores a draft a previous session left behind.
    public func start() async {
        await log.refresh()
        switch draftFileAcquisition {
        case .heldByAnotherSession:
            warn("Another trendsh session is using this store, so this session's draft is kept in memory only.")
        case .unavailable(let reason):
            let path = storeDescription + ".draft"
            warn("The draft file \(path) can't be created (\(reason)), so the draft is kept in memory only.")
        case .acquired, nil:
            break
        }
        await restoreDraft()
        output.flush()
    }

    public var draftMark: DraftMark {
        guard let editor else { return .clean }
        if editor.lastSaveFailed { return .failedSave }
        return editor.hasUnsavedChanges ? .unsaved : .clean
    }

    public var hasUnsavedChanges: Bool { editor?.hasUnsavedChanges ?? false }

    /// True when the open draft survives the session in the draft file.
    public var draftIsKeptOnDisk: Bool { draftFile != nil && hasUnsavedChanges }

    /// Every feature, in the order `status` reports them.
    var features: [any FeatureStatus] { [log, settings] }

    /// Carries out one command, then keeps the draft file in step with the draft.
    public func perform(_ command: Command) async -> Outcome {
        if command != .quit { quitArmed = false }
        var outcome = await dispatch(command)
        if !persistDraft() && outcome == .succeeded { outcome = .failed }
        output.flush()
        return outcome
    }

    /// Reports a line that could not be parsed.
    public func reject(_ error: ParseError) -> Outcome {
        quitArmed = false
        return fail(error.message)
    }

    private func dispatch(_ command: Command) async -> Outcome {
        switch command {
        case .help(let topic): return help(topic)
        case .new: return openDraft(editing: nil)
        case .edit(let id): return await edit(id)
        case .value(let text):
            openDraftIfNeeded().draft.value = text
            valueUnit = settings.unit
            return say("value: \(text)")
        case .note(let text):
            openDraftIfNeeded().draft.note = text
            return say(text.isEmpty ? "note cleared" : "note: \(text)")
        case .date(let text): return setDate(text)
        case .show: return show()
        case .save: return await save()
        case .cancel: return cancel()
        case .list(let count): return await list(count)
        case .delete(let id): return await delete(id)
        case .unit(let unit): return setUnit(unit)
        case .refresh: return await refresh()
        case .status: return await status()
        case .simulate(let request): return await simulate(request)
        case .history(let count): return showHistory(count)
        case .quit: return quit()
        }
    }

    /// Refuses to replace a draft that has unsaved changes.
    private func mayReplaceDraft() -> Bool {
        guard let editor, editor.hasUnsavedChanges else { return true }
        _ = fail(
            "A draft with unsaved changes is open (\(Renderer.draftSummary(editor.draft))). Save it with \"save\" or discard it with \"cancel\" first."
        )
        return false
    }

    private func openDraft(editing entry: WeightEntry?) -> Outcome {
        guard mayReplaceDraft() else { return .failed }
        let opened = EntryEditor(log: log, entry: entry)
        editor = opened
        valueUnit = settings.unit
        if let entry {
            return say(
                "Editing \(Renderer.entrySummary(entry, unit: opened.unit)). Change its fields, then \"save\" or \"cancel\"."
            )
        }
        return say(
            "New draft dated \(LocalCalendar.minuteText(opened.draft.date)). Set its weight with \"value WEIGHT\", then \"save\"."
        )
    }

    private func openDraftIfNeeded() -> EntryEditor {
        if let editor { return editor }
        let opened = EntryEditor(log: log)
        editor = opened
        valueUnit = settings.unit
        return opened
    }

    private func edit(_ id: Int64) async -> Outcome {
        guard mayReplaceDraft() else { return .failed }
        do {
            return openDraft(editing: try await log.entry(id: id))
        } catch {
            return fail(error.message)
        }
    }

    private func setDate(_ text: String) -> Outcome {
        do throws(TrendError) {
            let date: Date
            do {
                date = try EntryDateParser.date(from: text, now: log.latestPermittedEntryDate)
            } catch {
                throw .validation(error)
            }
            try log.checkDate(date)
            openDraftIfNeeded().draft.date = date
            return say("date: \(LocalCalendar.minuteText(date))")
        } catch {
            return fail(error.message + (editor == nil ? "" : " The draft is unchanged."))
        }
    }

    private func show() -> Outcome {
        guard let editor else { return say("No draft is open. Start one with \"new\" or \"value WEIGHT\".") }
        for line in Renderer.draftDetails(editor) { say(line) }
        return .succeeded
    }

    private func save() async -> Outcome {
        guard let editor else {
            return fail("There is no draft to save. Start one with \"value WEIGHT\".")
        }
        if let typed = valueUnit, typed != settings.unit, !editor.draft.value.isEmpty {
            return fail(
                "The draft's value \"\(editor.draft.value)\" was typed in \(typed.symbol), but the unit is now \(settings.unit.symbol). Type \"unit \(typed.symbol)\" to save it as typed, or type the value again."
            )
        }
        guard await editor.save(), let outcome = editor.lastOutcome else {
            let message = editor.errorMessage ?? "The save failed."
            let hint =
                editor.lastError?.isValidation == true
                ? "The draft is kept; fix it and save again."
                : "The draft is kept; type \"save\" to try again."
            return fail("\(message) \(hint)")
        }
        self.editor = nil
        return say(Renderer.saved(outcome, unit: settings.unit), style: .success)
    }

    private func cancel() -> Outcome {
        guard let editor else { return fail("There is no draft to cancel.") }
        self.editor = nil
        let target = editor.entry.map { " Entry #\($0.id) is unchanged." } ?? ""
        return say("Discarded the draft (\(Renderer.draftSummary(editor.draft))).\(target)")
    }

    private func list(_ count: Int) async -> Outcome {
        let unit = settings.unit
        var entries: [WeightEntry]
        var failure: TrendError?
        do {
            entries = try await log.newest(count)
        } catch {
            entries = Array(log.entries.prefix(count))
            failure = error
        }
        // Only a failed load makes the list stale; a failed save elsewhere does not.
        let loadError = log.loadState == .failed ? log.retainedError : nil
        if entries.isEmpty && failure == nil && loadError == nil {
            return say("No entries yet. Log one with \"value WEIGHT\", then \"save\".")
        }
        for entry in entries { say(Renderer.entryLine(entry, unit: unit)) }
        if let error = failure ?? loadError {
            let shown = entries.isEmpty ? "" : " These are the entries loaded earlier."
            return fail(error.message + shown + " Type \"refresh\" to try again.")
        }
        return .succeeded
    }

    private func delete(_ id: Int64) async -> Outcome {
        do {
            return say(Renderer.deleted(try await log.delete(id: id), unit: settings.unit))
        } catch {
            return fail(error.message)
        }
    }

    private func setUnit(_ unit: WeightUnit?) -> Outcome {
        guard let unit else { return say("unit: \(settings.unit.symbol)") }
        let typed = valueUnit ?? settings.unit
        if let editor, !editor.draft.value.isEmpty, unit != typed {
            return fail(
                "The open draft's value \"\(editor.draft.value)\" was typed in \(typed.symbol). Save or cancel the draft before changing the unit."
            )
        }
        do {
            try settings.setUnit(unit)
            return say(
                "unit: \(unit.symbol). Weights are now typed and shown in \(unit == .kilograms ? "kilograms" : "pounds")."
            )
        } catch {
            return fail(error.message)
        }
    }

    private func refresh() async -> Outcome {
        await log.refresh()
        if let error = log.retainedError {
            let cached = log.entries.count
            let kept =
                switch cached {
                case 0: ""
                case 1: " The 1 entry loaded earlier is still shown."
                default: " The \(cached) entries loaded earlier are still shown."
                }
            return fail(error.message + kept)
        }
        let count = log.entries.count
        return say("Loaded \(count) \(count == 1 ? "entry" : "entries").")
    }

    private func quit() -> Outcome {
        guard let editor, editor.hasUnsavedChanges, !quitArmed else { return .quit }
        quitArmed = true
        warn(
            "The draft has unsaved changes (\(Renderer.draftSummary(editor.draft))). Type \"save\" to keep it, \"cancel\" to discard it, or \"quit\" again to leave it unsaved."
        )
        return .succeeded
    }

    enum Style {
        case plain
        case success
    }

    @discardableResult
    func say(_ line: String, style: Style = .plain) -> Outcome {
        let text = DisplayText.escaped(line)
        output.write(color && style == .success ? "\u{1B}[32m\(text)\u{1B}[0m" : text, to: .out)
        return .succeeded
    }

    @discardableResult
    func fail(_ message: String) -> Outcome {
        let prefix = color ? "\u{1B}[31merror:\u{1B}[0m" : "error:"
        output.write("\(prefix) \(DisplayText.escaped(message))", to: .err)
        return .failed
    }

    func warn(_ message: String) {
        let prefix = color ? "\u{1B}[33mwarning:\u{1B}[0m" : "warning:"
        output.write("\(prefix) \(DisplayText.escaped(message))", to: .err)
    }
}
