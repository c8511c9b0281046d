import TrendKit

/// Sentences about amends and the changes waiting for the store.
extension Messages {
    /// A pending change in a few words: `amend #1 value 76.0 kg`, `undo step 4`.
    public static func describe(_ change: PendingChange, units: MeasureUnits) -> String {
        switch change.action {
        case .amend(let amendment, _):
            switch amendment.newValue {
            case .measure(.weight, let kilograms?):
                return "amend #\(amendment.id) value \(Renderer.weight(kilograms, in: units.weight))"
            case .measure(.weight, nil):
                return "amend #\(amendment.id) value (removed)"
            case .measure(let kind, let value):
                let word = units.kind(kind)?.word ?? kind.rawValue
                let shown = value.map { Renderer.measurement($0, of: kind, units: units) } ?? "(removed)"
                return "amend #\(amendment.id) \(word) \(shown)"
            case .note(let note): return "amend #\(amendment.id) note \(Renderer.quotedNote(note))"
            case .date(let date): return "amend #\(amendment.id) date \(LocalCalendar.minuteText(date))"
            }
        case .undo(let step): return step.map { "undo step \($0)" } ?? "undo (the newest change)"
        case .redo(let step): return step.map { "redo step \($0)" } ?? "redo (the change undone last)"
        }
    }

    /// `amend #1 value 76.0 kg; undo step 4`.
    static func describe(_ changes: [PendingChange], units: MeasureUnits) -> String {
        changes.map { describe($0, units: units) }.joined(separator: "; ")
    }

    /// `1 change`, `3 changes`.
    static func changesCount(_ count: Int) -> String { count == 1 ? "1 change" : "\(count) changes" }

    public static func amended(_ result: AmendResult, units: MeasureUnits) -> String {
        guard let entry = result.entry else {
            return
                "The change to #\(result.id) had already been applied by an earlier attempt, and the entry has been removed since; nothing was written."
        }
        let contents = Renderer.entryContents(entry, units: units)
        if result.unchanged { return "Entry #\(result.id) is unchanged, so nothing was written. It holds \(contents)." }
        return result.alreadyApplied
            ? "Amended \(contents) (an earlier attempt had already applied it; nothing new was written)."
            : "Amended \(contents)."
    }

    /// What a change that applied says.
    public static func applied(_ change: AppliedChange, units: MeasureUnits) -> String {
        switch change {
        case .amended(let result): return amended(result, units: units)
        case .undone(let result): return undone(result, units: units)
        case .redone(let result): return redone(result, units: units)
        }
    }

    /// A change that storage failed: it waits, and `retry` applies it. A `-c` run (`endsHere`)
    /// ends after its commands: it says where the change is kept for the next session, or
    /// that no copy is kept.
    public static func pendingKept(
        _ error: TrendError, change: PendingChange, waiting: [PendingChange], keptOnDisk: Bool,
        keeping: PendingChanges.Keeping, endsHere: Bool = false,
        units: MeasureUnits
    ) -> String {
        if endsHere {
            let what =
                waiting.count == 1
                ? "the change (\(describe(change, units: units)))"
                : "\(changesCount(waiting.count)) (\(describe(waiting, units: units)))"
            let them = waiting.count == 1 ? "it" : "them"
            if keptOnDisk, case .file(let path) = keeping {
                return reason(error, units: units)
                    + " This -c run ends here, so \(what) \(waiting.count == 1 ? "is" : "are") kept as pending in \(path): \"retry\" applies \(them), in \"trendsh -c retry\" or in the next trendsh session on this store."
            }
            return reason(error, units: units) + " This -c run ends here and keeps no copy of \(what): "
                + pendingNotKept(keeping) + "."
        }
        let which =
            waiting.count == 1
            ? "The change is kept as pending (\(describe(change, units: units))); type \"retry\" to apply it."
            : "\(changesCount(waiting.count)) are pending (\(describe(waiting, units: units))); type \"retry\" to apply them in order."
        return reason(error, units: units) + " " + which + notOnDisk(keptOnDisk, keeping: keeping)
    }

    /// Why a `-c` run keeps no copy of a change that failed, in a few words.
    static func pendingNotKept(_ keeping: PendingChanges.Keeping) -> String {
        switch keeping {
        case .memoryStore: return "the store is in memory"
        case .nothingBesideStore: return "the store's path is not a regular file, so nothing is kept beside it"
        case .noStateFolder: return noStateFolder
        case .file(let path): return "\(path) could not be written"
        case .anotherSession(let path): return "another trendsh session holds \(path)"
        case .unavailable: return "the pending-changes file cannot be used"
        case .leftForItsOwner: return "this run does not use the pending-changes file"
        }
    }

    /// A `-c` run's amend, undo or redo while other changes wait in the pending-changes file.
    public static func pendingWaitFirst(_ change: PendingChange, waiting: [PendingChange], units: MeasureUnits)
        -> String
    {
        let them = waiting.count == 1 ? "it" : "them"
        return
            "\(changesCount(waiting.count)) \(waiting.count == 1 ? "is" : "are") waiting in the pending-changes file (\(describe(waiting, units: units))), so \(describe(change, units: units)) was not run: the waiting changes apply first, in the order typed. Run \"retry\" first (trendsh -c retry) to apply \(them), then this again."
    }

    /// A `-c` run's `retry` while another session holds the changes that wait.
    public static func pendingHeldByAnotherSession(_ waiting: [PendingChange], units: MeasureUnits) -> String {
        "Another trendsh session holds the pending changes (\(describe(waiting, units: units))), so this run did not apply them. Type \"retry\" in that session."
    }

    /// A `-c` run could not take the pending-changes file.
    public static func pendingFileNotTaken(_ problem: PrivateFileError) -> String {
        "The pending-changes lock \(problem.path) cannot be used: \(describe(problem.reason)). Nothing was applied."
    }

    /// Where pending changes are, when not in the pending-changes file as they should be.
    static func notOnDisk(_ keptOnDisk: Bool, keeping: PendingChanges.Keeping) -> String {
        guard !keptOnDisk else { return "" }
        switch keeping {
        case .memoryStore: return ""
        case .nothingBesideStore:
            return " It is kept in memory only: the store is not a regular file, so nothing is kept beside it."
        case .noStateFolder: return " It is kept in memory only: \(noStateFolder)."
        case .file(let path): return " No copy of it is on disk: \(path) could not be written."
        case .anotherSession:
            return " It is kept in memory only: another trendsh session holds the pending-changes file."
        case .unavailable: return " It is kept in memory only: the pending-changes file cannot be used."
        case .leftForItsOwner: return " It is kept in memory only: this run does not use the pending-changes file."
        }
    }

    /// A change a rule refuses. One that waited is removed, and said so; one refused at its
    /// first try, by the command that typed it (`typedNow`), never was pending. An undo refused
    /// at a step says how to reach the older ones.
    public static func pendingRefused(
        _ error: TrendError, change: PendingChange, typedNow: Bool = false, units: MeasureUnits
    ) -> String {
        var text = reason(error, units: units)
        if case .undo = change.action, case .history(let refusal) = error { text += pastTheRefusedStep(refusal) }
        if !typedNow { text += " The pending change (\(describe(change, units: units))) was removed." }
        return text
    }

    public static let nothingPending = "No changes are pending."

    public static func pendingFirst(_ count: Int) -> String {
        "\(changesCount(count)) \(count == 1 ? "is" : "are") still pending. Type \"retry\" to apply \(count == 1 ? "it" : "them") first, so that undo and redo know which change was last."
    }

    public static func pendingRestored(_ changes: [PendingChange], units: MeasureUnits) -> String {
        "Restored \(count(changes, "pending change")) from an earlier session: \(describe(changes, units: units)). Type \"retry\" to apply \(changes.count == 1 ? "it" : "them")."
    }

    public static func pendingAlreadyApplied(_ change: PendingChange, units: MeasureUnits) -> String {
        "The pending change left by an earlier session (\(describe(change, units: units))) had already been applied, so it was removed."
    }

    public static func pendingLeftWaiting(_ changes: [PendingChange], units: MeasureUnits) -> String {
        let them = changes.count == 1 ? "it" : "them"
        return
            "\(count(changes, "pending change")) (\(describe(changes, units: units))) \(changes.count == 1 ? "is" : "are") waiting in the pending-changes file. This run applies \(them) only on \"retry\", and refuses amend, undo and redo until then."
    }

    public static func pendingFileUnreadable(_ path: String, problem: PrivateFileError.Reason?) -> String {
        let detail = problem.map { " (\(describe($0)))" } ?? ""
        return
            "The pending-changes file \(path) could not be read\(detail); it was left in place. Move it aside to silence this."
    }

    public static func pendingNotWritten(_ error: DraftFileError) -> String {
        switch error {
        case .cannotWrite(let path, let number):
            return "The pending changes could not be written to \(path): \(systemMessage(number))."
        case .unsafe(let path, let problem):
            return "trendsh will not write the pending-changes file \(path): \(describe(problem))."
        case .unreadable(let path, let problem):
            return pendingFileUnreadable(path, problem: problem)
        case .madeForAnotherStore(let path):
            return
                "The pending changes in \(path) were typed against another log than the one this store holds now (its database was replaced since), so they were not restored and none of them will be applied here; the file was left in place, untouched. Move it aside to silence this."
        case .madeForAnotherPerson(let path, let person):
            return
                "The pending changes in \(path) were typed on \(DisplayText.escaped(person))'s log, not the one this session works on, so they were not restored and none of them will be applied here; the file was left in place, untouched, for \(DisplayText.escaped(person))'s session (--person \(DisplayText.escaped(person)))."
        }
    }

    /// `2 pending changes`.
    private static func count(_ changes: [PendingChange], _ noun: String) -> String {
        changes.count == 1 ? "1 \(noun)" : "\(changes.count) \(noun)s"
    }

    /// Where the pending changes are kept, for the end of a session.
    static func pendingWhere(_ keeping: PendingChanges.Keeping, onDisk: Bool) -> String {
        switch keeping {
        case .file(let path):
            return onDisk
                ? "The pending-changes file keeps them, and the next trendsh on this log restores them."
                : "No copy of them is on disk: \(path) could not be written."
        case .memoryStore: return "The store is in memory, so nothing of them is kept."
        case .nothingBesideStore:
            return "The store is not a regular file, so nothing is kept beside it and no copy of them is on disk."
        case .noStateFolder: return "No copy of them is on disk: \(noStateFolder)."
        case .anotherSession:
            return "Another trendsh session holds the pending-changes file, so no copy of them is on disk."
        case .unavailable: return "The pending-changes file cannot be used, so no copy of them is on disk."
        case .leftForItsOwner: return "This run does not use the pending-changes file, so no copy of them is on disk."
        }
    }

    public static func endedWithPendingChanges(_ count: Int, whereTheyAre: String) -> String {
        "The session ended with \(changesCount(count)) pending that the store has not confirmed. \(whereTheyAre)"
    }

    public static func restoredPendingStillWaiting(_ changes: [PendingChange], units: MeasureUnits) -> String {
        "The restored pending \(changes.count == 1 ? "change" : "changes") (\(describe(changes, units: units))) \(changes.count == 1 ? "is" : "are") still waiting in the pending-changes file; this run did not change \(changes.count == 1 ? "it" : "them")."
    }

    public static func quitWithPendingChanges(_ changes: [PendingChange], units: MeasureUnits) -> String {
        "\(changesCount(changes.count)) \(changes.count == 1 ? "is" : "are") still pending (\(describe(changes, units: units))). Type \"retry\" to apply \(changes.count == 1 ? "it" : "them"), or \"quit\" again to leave \(changes.count == 1 ? "it" : "them") for later."
    }

    public static func endOfInputWithPendingChanges(_ count: Int, whereTheyAre: String) -> String {
        "\(changesCount(count)) \(count == 1 ? "is" : "are") still pending. Type \"retry\", or press Ctrl-D again to leave. \(whereTheyAre)"
    }

    /// What `status` prints about pending changes: nothing when none wait.
    @MainActor
    static func pendingStatusLines(_ pending: PendingChanges, units: MeasureUnits) -> [String] {
        if pending.changes.isEmpty, !pending.waitingInFile.isEmpty, let path = pending.keeping.path {
            let waiting = pending.waitingInFile
            let them = waiting.count == 1 ? "it" : "them"
            return [
                "pending: \(changesCount(waiting.count)), waiting in \(path); this run has not taken \(them) (\"retry\" applies \(them))"
            ]
                + waiting.map { "  \(describe($0, units: units))" }
        }
        guard !pending.changes.isEmpty else { return [] }
        let place: String
        switch pending.keeping {
        case .file(let path):
            place = pending.isOnDisk ? "kept in \(path)" : "in memory only: \(path) could not be written"
        case .memoryStore, .nothingBesideStore, .noStateFolder, .anotherSession, .unavailable, .leftForItsOwner:
            place = draftFileLine(pending.keeping)
        }
        var lines = ["pending: \(changesCount(pending.changes.count)), \(place)"]
        for change in pending.changes {
            var line = "  \(describe(change, units: units))"
            if let failure = pending.failures[change.id] {
                line += "; last try failed: \(reason(failure, units: units))"
            }
            lines.append(line)
        }
        return lines
    }
}
