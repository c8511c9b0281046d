import FoundationEssentials

/// Imports other apps' exports (and trendsh's own) into the weights: previews what an import
/// would do, and saves it in one transaction under the same contract as any save. A failure
/// writes nothing and keeps the draft; a retry writes each row once; importing the same file
/// again adds nothing, since a row with the time and weight of a stored entry is a duplicate.
@MainActor
public final class EntryImporter {
    public let store: any RecordStore
    private let settings: SettingsFeature
    private let clock: Clock
    /// Bytes read per system call; tests make it small to cross chunk boundaries.
    var chunkSize = ByteStream.defaultChunkSize

    public init(store: any RecordStore, settings: SettingsFeature, clock: Clock) {
        self.store = store
        self.settings = settings
        self.clock = clock
    }

    private func scan(_ draft: ImportDraft, kinds: [MeasurementKind]) -> ImportScan {
        ImportScan(
            draft: draft, settingUnit: settings.unit.numberUnit,
            latestMilliseconds: StoredTime.milliseconds(clock.now()),
            kinds: kinds, chunkSize: chunkSize)
    }

    /// The kinds the store knows: the built-in ones and those a person added.
    private static func kinds(in db: any SQLConnection) throws(StorageError) -> [MeasurementKind] {
        MeasurementKind.builtIn + (try KindRecords.all(in: db))
    }

    /// A scan with the kinds the store holds now.
    private func scan(_ draft: ImportDraft) throws(TrendError) -> ImportScan {
        do {
            let kinds = try store.read(.weights) { db throws(StorageError) in try Self.kinds(in: db) }
            return scan(draft, kinds: kinds)
        } catch {
            throw .storage(error)
        }
    }

    /// Reads every file and says what saving would do. `each` hears of every row, in file
    /// order (for `show all`). A file problem refuses the whole import.
    public func preview(_ draft: ImportDraft, each: ((ImportPreview.Row) -> Void)? = nil) throws(TrendError)
        -> ImportPreview
    {
        var preview = ImportPreview()
        var fileProblem: ImportFileProblem?
        do throws(StorageError) {
            try store.read(.weights) { db throws(StorageError) in
                let scan = scan(draft, kinds: try Self.kinds(in: db))
                let stored = try ImportSQL.storedRange(in: db)
                let writer = try ImportWriter(db: db)
                var seen = FingerprintSet()
                var storageError: StorageError?
                do throws(ImportFileProblem) {
                    try scan.run(
                        opened: { _, file in preview.files.append(file) },
                        each: { step, position in
                            var verdict: ImportPreview.Verdict
                            var conflicts: [ImportConflict.Values] = []
                            var entryID: Int64 = 0
                            switch step.reading {
                            case nil: verdict = .skipped
                            case .failure(let problem): verdict = .rejected(problem)
                            case .success(let entry):
                                // 64-bit fingerprints stand for the rows already read; the save
                                // decides each duplicate exactly, in SQL. A row dated within the
                                // stored range is looked up, to find the entry it may add to.
                                let fingerprint = FingerprintSet.fingerprint(of: entry)
                                let repeatsRow = !seen.insert(fingerprint, rowsLeft: position.rowsLeft)
                                verdict = repeatsRow ? .duplicate(entry) : .new(entry)
                                if let stored, stored.contains(entry.milliseconds) {
                                    do throws(StorageError) {
                                        switch try writer.match(entry, firstNewID: .max) {
                                        case .none: break
                                        case .repeated: verdict = .duplicate(entry)
                                        case .stored(let id, let adds, let found):
                                            conflicts = found
                                            entryID = id
                                            verdict =
                                                adds.isEmpty || repeatsRow
                                                ? .duplicate(entry)
                                                : .adds(entry, entryID: id, kinds: adds.keys.sorted())
                                        }
                                    } catch {
                                        storageError = error
                                        return false
                                    }
                                }
                            }
                            let row = ImportPreview.Row(
                                key: step.key, verdict: verdict, fixed: step.fixed, sharesLine: step.sharesLine)
                            preview.count(row)
                            for values in conflicts {
                                preview.count(
                                    ImportConflict(
                                        key: step.key, sharesLine: step.sharesLine, entryID: entryID, values: values))
                            }
                            preview.files[step.key.file].rows += 1
                            each?(row)
                            return true
                        },
                        finished: { index, fingerprint, leftOut in
                            preview.fingerprints.append(fingerprint)
                            preview.files[index].leftOut = leftOut
                            return true
                        })
                } catch {
                    fileProblem = error
                }
                if let storageError { throw storageError }
            }
        } catch {
            throw .storage(error)
        }
        if let fileProblem { throw .importFile(fileProblem) }
        return preview
    }

    /// Writes every new row in one transaction, after checking that each file is still the
    /// one previewed (its size and time first, its content as it is read again). A row with
    /// the time and weight of a stored entry adds the measurements the entry lacks, in the
    /// same step; a value that differs from the entry's is not written. Kinds a file declares
    /// that the store lacks are added. Anything that goes wrong rolls the whole import back.
    public func save(_ draft: ImportDraft) throws(TrendError) -> ImportOutcome {
        for file in draft.files {
            guard let previewed = file.previewed else { throw changed(file) }
            let current: FileFingerprint
            do {
                current = try Self.stamp(of: file.path)
            } catch {
                throw .importFile(ImportFileProblem(file: file.name, error: error))
            }
            guard current.hasSameStamp(as: previewed) else { throw changed(file) }
        }
        var fileProblem: ImportFileProblem?
        var nothingNew: ImportCounts?
        do throws(StorageError) {
            return try store.write(.weights) { db throws(StorageError) in
                if let added = try ImportSQL.importedCount(draft.id, in: db) { return .alreadySaved(added: added) }
                let known = try Self.kinds(in: db)
                let scan = scan(draft, kinds: known)
                // A row can only repeat a stored entry dated within the stored range, or an
                // earlier row with the same fingerprint; only those are looked up, exactly.
                let stored = try ImportSQL.storedRange(in: db)
                // The whole import is one undoable step: the kinds and rows it added, and the
                // entries it gave measurements they lacked, photographed before.
                var step = try ChangeRecorder.begin(.import, feature: .weights, operation: draft.id.operation, in: db)
                let firstNewID = try DailyTable.suspendNotes(in: db)
                let writer = try ImportWriter(db: db)
                var seen = FingerprintSet()
                var counts = ImportCounts()
                var storageError: StorageError?
                do throws(ImportFileProblem) {
                    try scan.run(
                        opened: { _, file in
                            // A version 2 file's own kinds, where the store holds none of that id.
                            for kind in file.kinds where !known.contains(where: { $0.id == kind.id }) {
                                do throws(StorageError) {
                                    if try KindRecords.insert(kind, in: db) {
                                        step.didAdd(.kinds, .word(kind.id.rawValue))
                                        counts.kindsAdded += 1
                                    }
                                } catch {
                                    storageError = storageError ?? error
                                }
                            }
                        },
                        each: { row, position in
                            guard storageError == nil else { return false }
                            switch row.reading {
                            case nil: counts.skipped += 1
                            case .failure: counts.rejected += 1
                            case .success(let entry):
                                let fingerprint = FingerprintSet.fingerprint(of: entry)
                                let mayRepeat =
                                    !seen.insert(fingerprint, rowsLeft: position.rowsLeft)
                                    || stored?.contains(entry.milliseconds) == true
                                do throws(StorageError) {
                                    switch mayRepeat ? try writer.match(entry, firstNewID: firstNewID) : .none {
                                    case .none:
                                        try writer.add(entry)
                                        counts.added += 1
                                    case .repeated:
                                        counts.duplicates += 1
                                    case .stored(let id, let adds, let conflicts):
                                        counts.conflicts += conflicts.count
                                        if adds.isEmpty {
                                            counts.duplicates += 1
                                        } else {
                                            try step.willChange(.entries, .id(id))
                                            try writer.extend(id, with: adds)
                                            counts.extended += 1
                                        }
                                    }
                                } catch {
                                    storageError = error
                                    return false
                                }
                            }
                            return true
                        },
                        finished: { index, fingerprint, _ in
                            guard fingerprint.hash == draft.files[index].previewed?.hash else {
                                fileProblem = ImportFileProblem(
                                    file: draft.files[index].name, error: .changedSincePreview)
                                return false
                            }
                            return true
                        })
                } catch {
                    fileProblem = error
                }
                if let storageError { throw storageError }
                // A file's problem stops the transaction, which rolls back; it is reported
                // below in place of this stand-in.
                if let fileProblem {
                    store.trace.record(
                        .validated(.weights, .importRows(counts.added), .refused(.importFile(fileProblem))))
                    throw .abandoned
                }
                // Nothing is new: the transaction rolls back (as for a file's problem), so the
                // save writes nothing, neither a step nor its operation.
                if counts.added == 0 && counts.extended == 0 && counts.kindsAdded == 0 {
                    nothingNew = counts
                    store.trace.record(.validated(.weights, .importRows(0), .unchanged))
                    throw .abandoned
                }
                store.trace.record(.validated(.weights, .importRows(counts.added + counts.extended), .accepted))
                try writer.finish()
                // The per-day trend takes the new rows in the same transaction: the days they
                // fall on, and the trend forward from the earliest (or, for a large import,
                // the whole table rebuilt).
                try DailyTable.resumeNotes(from: firstNewID, in: db)
                try DailyTable.catchUp(zone: .local, in: db)
                let lastID = try DailyTable.lastEntryIDGiven(in: db)
                if lastID >= firstNewID { step.didAddEntries(firstNewID...lastID) }
                try step.finish()
                try OperationLog.record(
                    draft.id.operation, feature: .weights, kind: "import", target: nil, detail: String(counts.added),
                    in: db)
                return .imported(counts)
            }
        } catch {
            if let fileProblem { throw .importFile(fileProblem) }
            if let nothingNew { return .nothingNew(nothingNew) }
            throw .storage(error)
        }
    }

    /// The rows that start on `line` of file `index`, as the file holds them, to check a fix
    /// against.
    public func rows(startingOn line: Int, file index: Int, of draft: ImportDraft) throws(TrendError) -> RowsOnLine {
        let scan = try scan(draft)
        do {
            let found = try scan.rows(file: index, line: line)
            return RowsOnLine(rows: found.rows, reader: found.reader)
        } catch {
            throw .importFile(error)
        }
    }

    /// Settles the fixes an earlier trendsh kept by line alone: each is kept for the row of its
    /// line when the line holds exactly one row, and dropped otherwise (no row, several rows,
    /// or a file that cannot be read to tell), since it could change a row it was not meant for.
    public func settleLineFixes(of draft: inout ImportDraft) -> [DroppedLineFix] {
        guard !draft.lineFixes.isEmpty else { return [] }
        var dropped: [DroppedLineFix] = []
        // Counting the rows on a line reads no kind's values.
        let scan = scan(draft, kinds: MeasurementKind.builtIn)
        for file in Set(draft.lineFixes.keys.map(\.file)).sorted() {
            let keys = draft.lineFixes.keys.filter { $0.file == file }.sorted()
            let counts: [Int: Int]
            do {
                counts = try scan.rowCounts(file: file, lines: Set(keys.map(\.line)))
            } catch {
                for key in keys {
                    if let fix = draft.lineFixes[key] {
                        dropped.append(DroppedLineFix(line: key, fix: fix, reason: .unreadable(error)))
                    }
                }
                continue
            }
            for key in keys {
                guard let fix = draft.lineFixes[key] else { continue }
                switch counts[key.line] ?? 0 {
                case 0: dropped.append(DroppedLineFix(line: key, fix: fix, reason: .noRow))
                case 1:
                    // A fix kept by row (which no earlier trendsh wrote) wins over one by line.
                    let row = RowKey(file: key.file, line: key.line)
                    if draft.fixes[row] == nil { draft.fixes[row] = fix }
                case let count: dropped.append(DroppedLineFix(line: key, fix: fix, reason: .severalRows(count)))
                }
            }
        }
        draft.lineFixes = [:]
        return dropped
    }

    /// The unit an import's file `index` is read in, as its layout and the draft settle it.
    public func unit(of draft: ImportDraft, file index: Int) throws(TrendError) -> WeightUnit? {
        do {
            let source = try ImportReader.open(
                path: draft.files[index].path, options: draft.spreadsheet, chunkSize: chunkSize)
            return source.statedUnit.resolved(given: draft.givenUnit, setting: settings.unit.numberUnit).unit
        } catch {
            throw .importFile(ImportFileProblem(file: draft.files[index].name, error: error))
        }
    }

    /// How many entries the import with this id added, if the store has committed it.
    public func savedImport(_ id: DraftID) throws(TrendError) -> Int? {
        do {
            return try store.read(.weights) { db throws(StorageError) in try ImportSQL.importedCount(id, in: db) }
        } catch {
            throw .storage(error)
        }
    }

    private func changed(_ file: ImportedFile) -> TrendError {
        .importFile(ImportFileProblem(file: file.name, error: .changedSincePreview))
    }

    /// The size and time of the file at `path` now.
    static func stamp(of path: String) throws(ImportFileError) -> FileFingerprint {
        try ByteStream(path: path, chunkSize: 16).stamp
    }

    /// What the draft file's import records restore into; an import the store already holds
    /// is closed instead.
    public func draftRestorer() -> DraftRestorer {
        DraftRestorer(kind: .import) { [self] record in
            guard let draft = ImportDraft(record: record) else { return .unreadable }
            do {
                if let added = try savedImport(draft.id) {
                    return .alreadySaved(label: "an import that added \(added) \(added == 1 ? "entry" : "entries")")
                }
            } catch {
                // The store cannot say: keep the draft; its save recognises its own import.
            }
            var settled = draft
            let dropped = settleLineFixes(of: &settled)
            return .restored(ImportEditor(importer: self, draft: settled, droppedLineFixes: dropped))
        }
    }
}
