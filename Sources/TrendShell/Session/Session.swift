import FoundationEssentials
import TrendKit

/// The dispatcher: carries out one parsed command at a time against the features, holds the
/// draft slot, and writes what happened. A failure never ends the session.
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

    public let store: any SessionStore
    public let settings: SettingsFeature
    public let weights: WeightLog
    public let habitLog: HabitLog
    public let trend: TrendReport
    /// The store's change history, for undo and redo.
    public let changeHistory: ChangeHistory
    /// Amends, undos and redos the store has not confirmed yet.
    public let pending: PendingChanges
    public let drafts: DraftSlot
    /// Import and export.
    public let exchange: DataExchange
    public let output: any OutputSink
    public let style: TerminalStyle
    public let history: HistoryFile?
    /// How files a person names (`export FILE`, `chart --svg`) are written, and what they
    /// may never replace.
    public let namedFiles: NamedFileRules
    /// True for a `-c` run: it ends after its commands, so it leaves a waiting draft and
    /// waiting changes alone, and keeps what failed for the next session when it can.
    public let endsAfterItsCommands: Bool
    /// How wide a chart may be when `--width` does not say: `COLUMNS`, then the terminal's
    /// width, then 80.
    let terminalWidth: @MainActor () -> Int
    /// The revision of each entry as this session last showed it: a delete is refused when
    /// the entry has changed since.
    var shownRevisions: [Int64: Int64] = [:]
    var quitArmed = false
    /// True while what starting reads from the store is still to be read (see `start`).
    var startWaitsForTheStore = false
    /// True when starting reported an error (a draft file that could not be read).
    public internal(set) var startFailed = false
    /// True when a draft-only command may leave its change to the draft file for the next
    /// command (see `Session+Drafts`): a piped run, without `--bail` or `--echo`, whose output
    /// is written only after `writeWaitingDraft`. Main sets it.
    public var defersDraftWrites = false
    /// Set by the loop before each command: the line after it is already read.
    public var nextLineIsRead = false
    /// True while a draft change waits to be written to the draft file.
    var draftWriteWaits = false
    /// True when writing a waiting draft change failed (it was reported then): the run's
    /// status counts it as a failed command.
    var waitingDraftWriteFailed = false
    /// What answers are printed as, for this session alone (`--format`, `format`).
    public var format: OutputFormat = .text
    /// True when each line read is echoed (`--echo`): `format` then refuses JSON and CSV,
    /// whose lines the echo would break up.
    public var echoesInput = false
    /// The answer being gathered for the command now running, in JSON or CSV (see
    /// `Session+Answers`); nil in text, where every line is written as it comes.
    var answer: Answer?
    /// True while the start-up file runs: its lines answer in text, each after its file and
    /// line (`trendshrc:3: `), whatever the format; a `format` in it counts from the prompt on.
    public var startupFileRuns = false

    init(
        store: any SessionStore, settings: SettingsFeature, weights: WeightLog, habitLog: HabitLog, trend: TrendReport,
        changeHistory: ChangeHistory, pending: PendingChanges, drafts: DraftSlot, exchange: DataExchange,
        output: any OutputSink, style: TerminalStyle, history: HistoryFile?, namedFiles: NamedFileRules,
        endsAfterItsCommands: Bool, terminalWidth: @escaping @MainActor () -> Int
    ) {
        self.store = store
        self.settings = settings
        self.weights = weights
        self.habitLog = habitLog
        self.trend = trend
        self.changeHistory = changeHistory
        self.pending = pending
        self.drafts = drafts
        self.exchange = exchange
        self.output = output
        self.style = style
        self.history = history
        self.namedFiles = namedFiles
        self.endsAfterItsCommands = endsAfterItsCommands
        self.terminalWidth = terminalWidth
    }

    /// Every feature, in the order `status` reports them.
    public var features: [any FeatureStatus] { ShellFeature.all.compactMap { $0.state?(self) } }

    /// The unit weights are shown in now.
    public var unit: WeightUnit { settings.unit }

    /// Loads the features, reports what opening the store found, and restores the draft and
    /// the pending changes a previous session left behind.
    ///
    /// Starting never waits for another program's lock on the store: help, settings and the
    /// draft answer at once. When the store is held, what starting reads from it (the
    /// features, and whether a restored draft or change was already saved) is read again
    /// before the first command that reads the store, which waits for the lock as any does.
    public func start() {
        let started = store.withoutWaiting {
            refreshFeatures()
            reportStoreNotices()
            restoreDraft()
            restorePending()
        }
        startWaitsForTheStore = started.metLock
    }

    /// What starting could not read because another program held the store's lock: the
    /// features, and whether the restored draft and changes had already been applied.
    func finishStart() {
        refreshFeatures()
        reportStoreNotices()
        if let problem = drafts.recheckStore() { warn(Messages.reason(problem)) }
        if let problem = pending.recheckStore() { warn(reasonText(.pendingFile(problem))) }
        if let label = drafts.recheckRestored() { say(Messages.restoredAlreadySaved(label)) }
        let history = changeHistory
        let applied = pending.dropApplied { operation throws(TrendError) in
            try history.operationApplied(operation)
        }
        for change in applied { say(Messages.pendingAlreadyApplied(change, units: units)) }
        startWaitsForTheStore = store.lockWaitRanOut
    }

    /// Reloads every feature from the store. The trend is read when a command asks for it
    /// (so start-up does not pay for it); once read, or when `everything` asks, it is reloaded too.
    func refreshFeatures(everything: Bool = false) {
        for feature in ShellFeature.all { feature.refresh?(self, everything) }
    }

    /// True when marks and charts are drawn with Unicode: the chart style, or on `auto`,
    /// a UTF-8 terminal.
    public var drawsUnicode: Bool {
        switch settings.chartStyle {
        case .auto: return style.drawsUnicode
        case .unicode: return true
        case .ascii: return false
        }
    }

    /// Carries out one command, then keeps the draft file in step with the draft.
    public func perform(_ command: ParsedCommand) -> Outcome {
        if command.name != "quit" { quitArmed = false }
        store.beginCommand()
        defer { store.endCommand() }
        catchUpWithSettings()
        if command.readsStore && startWaitsForTheStore {
            finishStart()
        } else if command.readsStore && store.changedElsewhere() {
            refreshFeatures()
        }
        answer?.command = command.name
        let writesBefore = store.writesConfirmed
        var outcome = command.run(self)
        // A write that reached the store takes the person's settings waiting for it along.
        if store.writesConfirmed != writesBefore { settings.deliverWaiting() }
        reportSettingsNotices()
        // With the trace on, the draft file is written at the end of each command, so the
        // trace tells its write beside the command that made it.
        if defersDraftWrites && !traces && nextLineIsRead && !command.readsStore && outcome == .succeeded {
            draftWriteWaits = true
        } else {
            draftWriteWaits = false
            if !persistDraft() && outcome == .succeeded { outcome = .failed }
        }
        if !persistPending() && outcome == .succeeded { outcome = .failed }
        reportStoreNotices()
        return outcome
    }

    /// Reports a line that could not be parsed.
    public func reject(_ error: ParseError) -> Outcome {
        quitArmed = false
        answer?.command = error.commandName
        return fail(Messages.parseError(error), code: ErrorCode(error))
    }

    /// Closes the store, so its file alone holds every saved entry.
    public func close() { store.close() }

    public var draftMark: DraftMark {
        guard let open = drafts.open else { return .clean }
        if open.lastSaveFailed { return .failedSave }
        return open.hasUnsavedChanges ? .unsaved : .clean
    }

    public var hasUnsavedChanges: Bool { drafts.hasUnsavedChanges }

    /// True when the run would end with work it made that the store has not confirmed: a
    /// draft it opened or changed, or a pending change it typed. This makes the exit status 3.
    public var hasUnsavedWorkFromThisRun: Bool { drafts.hasUnsavedChangesFromThisRun || pending.hasChangesFromThisRun }

    /// Says what opening the store found, once each.
    func reportStoreNotices() {
        for notice in store.takeNotices() {
            switch notice {
            case .upgraded: note(Messages.notice(notice))
            case .readableByOthers, .folderWritableByOthers: warn(Messages.notice(notice))
            }
        }
    }

    /// Records the revisions of entries this session has shown.
    func showed(_ entries: [WeightEntry]) {
        for entry in entries { shownRevisions[entry.id] = entry.revision }
    }

    @discardableResult
    func say(_ line: String, role: TerminalStyle.Role? = nil) -> Outcome {
        if answer != nil {
            answer?.lines.append(line)
            return .succeeded
        }
        if writesJSONDiagnostics {
            // Said outside any command (a draft restored at start): a note, not an answer.
            diagnose(.note, line)
            return .succeeded
        }
        let text = DisplayText.escaped(line)
        output.write(role.map { style.paint(text, $0) } ?? text, to: .out)
        return .succeeded
    }

    /// Writes a line of runs, each in its role's colour when colour is on.
    @discardableResult
    func say(_ line: TextChart.Line) -> Outcome {
        if answer != nil || writesJSONDiagnostics {
            return say(line.map(\.text).joined())
        }
        var text = ""
        for run in line {
            let escaped = DisplayText.escaped(run.text)
            text += run.role.map { style.paint(escaped, $0) } ?? escaped
        }
        output.write(text, to: .out)
        return .succeeded
    }

    @discardableResult
    func fail(_ message: String, code: ErrorCode = .commandFailed) -> Outcome {
        if writesJSONDiagnostics { return failInJSON(message, code: code) }
        output.write("\(style.paint("error:", .error)) \(DisplayText.escaped(message))", to: .err)
        return .failed
    }

    func warn(_ message: String) {
        if writesJSONDiagnostics { return diagnose(.warning, message) }
        output.write("\(style.paint("warning:", .warning)) \(DisplayText.escaped(message))", to: .err)
    }

    func note(_ message: String) {
        if writesJSONDiagnostics { return diagnose(.note, message) }
        output.write("\(style.paint("note:", .note)) \(DisplayText.escaped(message))", to: .err)
    }
}
