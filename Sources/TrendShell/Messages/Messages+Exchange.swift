import FoundationEssentials
import TrendKit

/// The sentences of `import`, `fix` and `export`.
extension Messages {
    /// The layouts trendsh reads, as `help import` lists them: literal lines, so building
    /// the command table at start-up does no string work.
    public static let layoutsReadLines = [
        "trendsh tells the layouts apart itself: its own CSV and JSON exports, Libra (versions 5 and",
        "6), openScale (2.x and 3.x), Withings, Fitbit (weight-*.json), The Hacker's Diet Online,",
        "TrendWeight (raw CSV) and Apple Health (export.xml).",
    ]

    /// The same list, as the unknown-layout sentence names it.
    public static let layoutsRead: String = {
        let text = layoutsReadLines.joined(separator: " ")
        let list = text.drop { $0 != ":" }.dropFirst().dropLast()
        return String(list.drop { $0 == " " })
    }()

    public static func layoutName(_ layout: ImportLayout) -> String {
        switch layout {
        case .trendshCSV: return "trendsh CSV"
        case .trendshJSON: return "trendsh JSON"
        case .libra: return "Libra"
        case .openScale2: return "openScale 2.x"
        case .openScale3: return "openScale 3.x"
        case .withings: return "Withings"
        case .fitbit: return "Fitbit"
        case .hackersDiet: return "The Hacker's Diet Online"
        case .trendWeight: return "TrendWeight"
        case .appleHealth: return "Apple Health"
        case .spreadsheet: return "a spreadsheet"
        }
    }

    /// Why a file cannot be imported, in a sentence that names the file (and its line).
    public static func reason(_ problem: ImportFileProblem) -> String {
        let file = problem.file
        switch problem.error {
        case .cannotOpen(let number): return "\(file) could not be opened: \(systemMessage(number))."
        case .notARegularFile(let kind): return "\(file) is \(kind.rawValue), not a file to import."
        case .zipArchive:
            return
                "\(file) is a zip archive. Unzip it first (Apple Health's export.zip holds apple_health_export/export.xml), then import the file inside."
        case .unknownLayout:
            return
                "\(file) is not in a layout trendsh reads. trendsh reads \(layoutsRead), and a spreadsheet whose first line names a date column and a column of a kind."
        case .habitsExport: return "\(file) is trendsh's export of habits; import reads weights."
        case .invalidUTF8(let line):
            return "\(file) line \(line) is not UTF-8 text. Save the file as UTF-8, then import it again."
        case .unterminatedQuote(let line):
            return "\(file) line \(line) opens a quoted field that is never closed."
        case .fieldTooLong(let line): return "\(file) line \(line) has a field longer than 1 MB."
        case .rowTooLong(let line):
            return "\(file) line \(line) has a row longer than 4 MB, or with more than 10,000 fields."
        case .entityDeclaration(let line):
            return "\(file) line \(line) declares an XML entity, which trendsh never expands."
        case .undefinedEntity(let line, let name):
            return "\(file) line \(line) refers to the XML entity \"&\(name);\", which trendsh never expands."
        case .malformed(let line): return "\(file) is malformed at line \(line)."
        case .endsEarly(let line):
            return
                "\(file) ends at line \(line) before its last element is closed, so it may have been cut short. Export or unzip it again, then import the whole file."
        case .repeatedAttribute(let line, let name):
            let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
            return
                "\(file) line \(line) gives the attribute \"\(shown)\" twice in one tag, so which value is meant is unknown."
        case .unreadableVersion(let text):
            let newest = EntryExporter.entriesVersion
            let readable = newest == 1 ? "version 1" : "versions 1 to \(newest)"
            let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
            let isWhole = !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && text.first != "0"
            guard isWhole else {
                return
                    "\(file) gives its format's version as \"\(shown)\", which is no version of trendsh's export; this trendsh reads \(readable)."
            }
            return
                "\(file) is a trendsh export of version \(shown), newer than this trendsh reads (\(readable)). Import it with the trendsh that wrote it, or a newer one."
        case .unreadableKind(let id):
            let shown = id.isEmpty ? "a kind without an id" : "the kind \"\(id)\""
            return
                "\(file) declares \(shown), which no kind can be (a lower-case word, a quantity of mass, share or length, a unit of that quantity, a range from 0 and 0 to 3 decimals)."
        case .readFailed(let number): return "\(file) could not be read: \(systemMessage(number))."
        case .changedSincePreview:
            return "\(file) changed since the preview. Type \"show\" to preview the import again, then \"save\"."
        case .spreadsheet(let problem): return spreadsheetReason(problem, file: file)
        }
    }

    /// A file problem at `import`: nothing was opened or imported.
    public static func importRefused(_ error: TrendError, units: MeasureUnits) -> String {
        reason(error, units: units) + " Nothing was imported."
    }

    /// Why one row is left out.
    public static func reason(_ problem: RowProblem) -> String {
        switch problem {
        case .unreadableDate(let text):
            return text.isEmpty ? "it has no date." : "\"\(text)\" is not a date trendsh reads."
        case .dateInFuture(let date): return "\(LocalCalendar.minuteText(date)) is in the future."
        case .dayInFuture(let day): return "\(LocalCalendar.dayText(dayNumber: day)) is in the future."
        case .unreadableWeight(let text): return "\"\(text)\" is not a weight."
        case .missingWeight: return "it has no weight."
        case .noValidValue: return "it has no weight, and none of its other values can be read."
        case .weightOutOfRange(let value, let unit):
            let range = unit == .kilograms ? "20 and 500 kg" : "44.1 and 1102.3 lb"
            let shown = WeightText(value).unit == nil ? "\(value) \(unit.symbol)" : value
            return "\(shown) is not between \(range)."
        case .unknownUnit(let text): return "\"\(text)\" is not a unit trendsh reads (kg, lb, g or st)."
        case .noteTooLong(let length):
            return "its note has \(length) characters; a note can have at most \(WeightEntryDraft.maximumNoteLength)."
        }
    }

    /// `weights.csv` for one file, `3 files (a.csv, b.csv, c.csv)` for more.
    public static func importFiles(_ draft: ImportDraft) -> String {
        guard draft.files.count > 1 else { return draft.files.first?.name ?? "" }
        return "\(draft.files.count) files (\(draft.files.map(\.name).joined(separator: ", ")))"
    }

    /// A row's address as `fix` takes it: `5`, or `1.2` for the second of the rows that start
    /// on line 1; with several files, the file's name and a colon before it (`b.csv:5`).
    public static func rowAddress(_ key: RowKey, sharesLine: Bool, in draft: ImportDraft) -> String {
        let line = sharesLine ? "\(key.line).\(key.ordinal)" : "\(key.line)"
        guard draft.files.count > 1, draft.files.indices.contains(key.file) else { return line }
        return "\(draft.files[key.file].name):\(line)"
    }

    /// A row of the import, named for a person: `line 5` (`line 1.2` for the second of the
    /// rows on line 1), or `b.csv line 5` with several files. At the start of a sentence,
    /// `Line 5`; a file's name is never re-cased.
    public static func rowName(
        _ key: RowKey, sharesLine: Bool, in draft: ImportDraft, startingASentence: Bool = false
    ) -> String {
        let line = sharesLine ? "\(key.line).\(key.ordinal)" : "\(key.line)"
        guard draft.files.count > 1, draft.files.indices.contains(key.file) else {
            return (startingASentence ? "Line " : "line ") + line
        }
        return "\(draft.files[key.file].name) line \(line)"
    }

    /// `2026-11-20 07:30, 80.3 kg, fat 21.4 %, note "after run"`
    public static func importedEntry(_ entry: ImportedEntry, units: MeasureUnits) -> String {
        var parts = [LocalCalendar.minuteText(entry.date)]
        if let kilograms = entry.kilograms { parts.append(Renderer.weight(kilograms, in: units.weight)) }
        for id in entry.measurements.keys.sorted(by: { Renderer.order($0, units) < Renderer.order($1, units) }) {
            guard let value = entry.measurements[id] else { continue }
            parts.append("\(kindWord(id)) \(Renderer.measurement(value, of: id, units: units))")
        }
        if !entry.note.isEmpty { parts.append("note \"\(entry.note)\"") }
        return parts.joined(separator: ", ")
    }

    /// A kind's word, or its id for a kind the built-in ones are not (a person's own).
    static func kindWord(_ id: KindID) -> String { MeasurementKind.builtIn(named: id.rawValue)?.word ?? id.rawValue }

    /// A kind's name in sentences: `body fat`.
    static func kindName(_ id: KindID) -> String { MeasurementKind.builtIn(named: id.rawValue)?.name ?? id.rawValue }

    /// Why columns are left out, as the preview says it (for one column or several).
    static func leftOutReason(_ reason: LeftOutColumn.Reason) -> String {
        switch reason {
        case .leanMass: return "lean mass: derived from weight and body fat, never stored"
        case .bodyMassIndex: return "BMI: derived from weight and height, never stored"
        case .trend: return "computed from the values, never stored"
        case .shownWeight: return "the weight again, in a display unit"
        case .noKind: return "no kind of measurement; \"measure add\" makes one"
        case .person: return "whose log it was; the rows go to this session's log"
        }
    }

    /// `weight trend, body fat trend (computed from the values, never stored); Steps (no kind …)`:
    /// the columns left out, grouped by why, in the order the file first names each reason.
    static func leftOutList(_ columns: [LeftOutColumn]) -> String {
        var reasons: [LeftOutColumn.Reason] = []
        for column in columns where !reasons.contains(column.reason) { reasons.append(column.reason) }
        return reasons.map { reason in
            columns.filter { $0.reason == reason }.map(\.name).joined(separator: ", ") + " (\(leftOutReason(reason)))"
        }.joined(separator: "; ")
    }

    /// Why a value of another kind is left out of its row.
    static func valueProblem(_ value: DroppedValue, units: MeasureUnits) -> String {
        let kind = kindName(value.kind)
        let text = "\"\(value.text)\""
        switch value.problem {
        case .unreadable: return "\(kind) \(text) is not a number"
        case .outOfRange:
            guard let declared = MeasurementKind.builtIn(named: value.kind.rawValue) else {
                return "\(kind) \(text) is outside the kind's range"
            }
            let low = Renderer.measurement(declared.range.lowerBound, of: declared.id, units: units)
            let high = Renderer.measurement(declared.range.upperBound, of: declared.id, units: units)
            return "\(kind) \(text) is not between \(low) and \(high)"
        case .needsWeight: return "\(kind) \(text) is a share of the weight, and the row has none"
        case .wrongUnit: return "\(kind) \(text) is in a unit that does not measure \(kind)"
        }
    }

    /// One row as a preview lists it.
    public static func previewRow(_ row: ImportPreview.Row, draft: ImportDraft, units: MeasureUnits, labelled: Bool)
        -> String
    {
        let name = rowName(row.key, sharesLine: row.sharesLine, in: draft)
        let fixed = row.fixed ? " (fixed)" : ""
        switch row.verdict {
        case .new(let entry): return "\(name): \(labelled ? "new, " : "")\(importedEntry(entry, units: units))\(fixed)"
        case .duplicate(let entry):
            return "\(name): \(labelled ? "duplicate, " : "")\(importedEntry(entry, units: units))\(fixed)"
        case .adds(let entry, let id, let kinds):
            let names = listAll(kinds.map(kindName))
            return "\(name): adds \(names) to #\(id), \(importedEntry(entry, units: units))\(fixed)"
        case .rejected(let problem): return "\(name): \(labelled ? "rejected: " : "")\(reason(problem))\(fixed)"
        case .skipped: return "\(name): skipped by a fix"
        }
    }

    /// How a file's unit was settled.
    public static func unitLine(_ file: ImportPreview.File) -> String {
        let unit = file.unit?.symbol ?? ""
        switch file.unitSource {
        case .file: return "weights in \(unit), as the file says"
        case .layout: return "weights in \(unit), as \(layoutName(file.layout)) keeps them"
        case .given: return "weights in \(unit), as given"
        case .eachRecord: return "each record names its unit"
        case .setting:
            let other = file.unit == .pounds ? "kg" : "lb"
            return
                "weights in \(unit), the unit setting, since the file names none (\"import FILE --unit \(other)\" reads them as \(other))"
        }
    }

    static func rows(_ count: Int) -> String { count == 1 ? "1 row" : "\(count) rows" }
    static func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }

    /// What `import` and `show` print for an import draft.
    public static func previewLines(
        _ preview: ImportPreview, draft: ImportDraft, units: MeasureUnits, withSamples: Bool = true
    ) -> [String] {
        // A kind a file declares is shown in its unit before the import adds it to the store.
        let units = units.including(preview.files.flatMap(\.kinds))
        var lines = ["Import (\(importFiles(draft))), not saved yet"]
        for (index, file) in preview.files.enumerated() where draft.files.indices.contains(index) {
            lines.append(
                "  \(draft.files[index].name): \(layoutName(file.layout)), \(unitLine(file)), \(rows(file.rows))")
            if let reading = file.spreadsheet { lines.append(spreadsheetLine(reading)) }
            if !file.kinds.isEmpty {
                lines.append("    declares its own kinds: \(listAll(file.kinds.map(\.word)))")
            }
            if !file.leftOut.isEmpty {
                let limit = file.leftOut.count >= ImportPreview.leftOutLimit ? " (and any more)" : ""
                lines.append("    left out: " + leftOutList(file.leftOut) + limit)
            }
        }
        if !preview.valueCounts.isEmpty {
            let counts = preview.valueCounts.keys.sorted {
                Renderer.order($0, units) < Renderer.order($1, units)
            }.map { "\(kindName($0)) \(preview.valueCounts[$0] ?? 0)" }
            lines.append("  values read besides the weight: " + counts.joined(separator: ", "))
        }
        func samples(_ matching: (ImportPreview.Verdict) -> Bool) -> [String] {
            guard withSamples else { return [] }
            return preview.samples.filter { matching($0.verdict) }.map {
                "    " + previewRow($0, draft: draft, units: units, labelled: false)
            }
        }
        var range = ""
        if let earliest = preview.earliest, let latest = preview.latest {
            let first = LocalCalendar.minuteText(Date(timeIntervalSince1970: Double(earliest) / 1_000))
            let last = LocalCalendar.minuteText(Date(timeIntervalSince1970: Double(latest) / 1_000))
            range = first == last ? ", dated \(first)" : ", dated \(first) to \(last)"
        }
        lines.append("  new: \(rows(preview.newCount))\(range)")
        lines += samples { if case .new = $0 { return true } else { return false } }
        lines.append(
            "  duplicate: \(rows(preview.duplicateCount))"
                + (preview.duplicateCount > 0 ? " (the time and weight of a stored entry or of an earlier row)" : ""))
        lines += samples { if case .duplicate = $0 { return true } else { return false } }
        if preview.addsCount > 0 {
            lines.append(
                "  adds to stored entries: \(rows(preview.addsCount)) (the time and weight of an entry that lacks some of their values)"
            )
            lines += samples { if case .adds = $0 { return true } else { return false } }
        }
        lines.append("  rejected: \(rows(preview.rejectedCount))")
        lines += samples { if case .rejected = $0 { return true } else { return false } }
        if preview.droppedCount > 0 {
            let values = preview.droppedCount == 1 ? "1 value" : "\(preview.droppedCount) values"
            lines.append("  values left out: \(values) (each row is read without it)")
            if withSamples {
                for dropped in preview.dropped {
                    let name = rowName(dropped.key, sharesLine: dropped.sharesLine, in: draft)
                    lines.append("    \(name): \(valueProblem(dropped.value, units: units)).")
                }
            }
        }
        if preview.conflictCount > 0 {
            let values =
                preview.conflictCount == 1
                ? "1 value differs from its stored entry's"
                : "\(preview.conflictCount) values differ from their stored entries'"
            lines.append("  conflicts: \(values), not written")
            if withSamples {
                for conflict in preview.conflicts {
                    let name = rowName(conflict.key, sharesLine: conflict.sharesLine, in: draft)
                    let kind = conflict.values.kind
                    lines.append(
                        "    \(name): \(kindName(kind)) \(Renderer.measurement(conflict.values.file, of: kind, units: units)), "
                            + "but #\(conflict.entryID) holds \(Renderer.measurement(conflict.values.stored, of: kind, units: units))"
                    )
                }
            }
        }
        if preview.skippedCount > 0 {
            lines.append("  skipped: \(rows(preview.skippedCount))")
            lines += samples { $0 == .skipped }
        }
        let listed =
            min(preview.newCount, ImportPreview.sampleSize) + min(preview.duplicateCount, ImportPreview.sampleSize)
            + min(preview.rejectedCount, ImportPreview.sampleSize) + min(preview.skippedCount, ImportPreview.sampleSize)
            + min(preview.addsCount, ImportPreview.sampleSize)
        let total =
            preview.newCount + preview.duplicateCount + preview.rejectedCount + preview.skippedCount
            + preview.addsCount
        if withSamples && total > listed {
            lines.append("  (\(listed) of \(rows(total)) listed; \"show all\" lists every one)")
        }
        let fix =
            preview.droppedCount > 0
            ? ", \"fix LINE weight|date|note|KIND TEXT\" to correct a row,"
            : preview.rejectedCount > 0 ? ", \"fix LINE weight|date|note TEXT\" to correct a row," : ""
        let adds =
            preview.addsCount == 0
            ? ""
            : " and measurements to \(preview.addsCount == 1 ? "1 stored entry" : "\(preview.addsCount) stored entries")"
        if preview.newCount == 0 && preview.addsCount > 0 {
            lines.append(
                "Type \"save\" to add measurements to \(preview.addsCount == 1 ? "1 stored entry" : "\(preview.addsCount) stored entries")\(fix) or \"cancel\"."
            )
        } else if preview.newCount == 0 && fix.isEmpty {
            lines.append("No row is new, so \"save\" would add nothing. Type \"cancel\" to drop the import.")
        } else if preview.newCount == 0 {
            lines.append("No row is new, so \"save\" would add nothing. Type\(fix.dropFirst()) or \"cancel\".")
        } else {
            let rows = preview.newCount == 1 ? "the new row" : "the \(preview.newCount) new rows"
            lines.append("Type \"save\" to add \(rows)\(adds)\(fix) or \"cancel\".")
        }
        return lines
    }

    /// The import draft's summary, for messages about the draft.
    public static func importSummary(_ draft: ImportDraft) -> String { "import of \(importFiles(draft))" }

    public static func importSaved(_ outcome: ImportOutcome, draft: ImportDraft) -> String {
        switch outcome {
        case .imported(let counts):
            var extra = ""
            if counts.extended > 0 {
                extra +=
                    ", and measurements to \(counts.extended == 1 ? "1 stored entry" : "\(counts.extended) stored entries")"
            }
            if counts.kindsAdded > 0 {
                extra += ", with \(counts.kindsAdded == 1 ? "1 kind" : "\(counts.kindsAdded) kinds") the file declares"
            }
            return "Imported \(entries(counts.added))\(extra) from \(importFiles(draft))\(leftOut(counts))."
        case .nothingNew(let counts):
            return
                "Nothing was imported from \(importFiles(draft)): no row is new\(leftOut(counts)), so nothing was written."
        case .alreadySaved(let added):
            return
                "Imported \(entries(added)) from \(importFiles(draft)) (an earlier attempt had already saved them; nothing new was written)."
        }
    }

    /// ` (2 duplicates and 1 rejected left out)`; empty when nothing was.
    private static func leftOut(_ counts: ImportCounts) -> String {
        var left: [String] = []
        if counts.duplicates > 0 {
            left.append(counts.duplicates == 1 ? "1 duplicate" : "\(counts.duplicates) duplicates")
        }
        if counts.rejected > 0 { left.append("\(counts.rejected) rejected") }
        if counts.skipped > 0 { left.append("\(counts.skipped) skipped") }
        if counts.conflicts > 0 {
            left.append(counts.conflicts == 1 ? "1 conflicting value" : "\(counts.conflicts) conflicting values")
        }
        let joined = left.count > 1 ? left.dropLast().joined(separator: ", ") + " and " + (left.last ?? "") : left.first
        return joined.map { " (\($0) left out)" } ?? ""
    }

    public static func importSaveFailed(_ error: TrendError, units: MeasureUnits, retry: DraftRetry = .here) -> String {
        if case .importFile(let problem) = error {
            if problem.error == .changedSincePreview {
                return "\(problem.file) changed since the preview, so nothing was imported. "
                    + draftKept(retry, noun: "import", then: "type \"show\" to preview it again, then \"save\"")
            }
            return reason(problem) + " Nothing was imported. "
                + draftKept(retry, noun: "import", then: "type \"cancel\" to drop it")
        }
        return "Nothing was imported. " + reason(error, units: units) + " "
            + draftKept(retry, noun: "import", then: saveAgainHint(error))
    }

    public static func importDiscarded(_ draft: ImportDraft) -> String {
        "Discarded the import of \(importFiles(draft)); nothing was imported."
    }

    public static let noImportOpen = "No import is open. Start one with \"import FILE\"."

    /// What a fix did to its row (`name` as `rowName` gives it at a sentence's start, `address`
    /// as `rowAddress` gives it); `before` is how the row read until this fix.
    public static func fixed(
        _ check: RowCheck, before: RowCheck?, row name: String, address: String, units: MeasureUnits
    )
        -> String
    {
        switch check {
        case .readsAs(let entry):
            return
                "\(name) now reads \(importedEntry(entry, units: units)). Type \"show\" to preview the import again."
        case .rejected(let problem):
            let still: Bool
            if case .rejected = before { still = true } else { still = false }
            return "\(name) is \(still ? "still" : "now") rejected: \(reason(problem))"
        case .skipped:
            return "\(name) will be left out; \"fix \(address) reset\" brings it back."
        }
    }

    public static func noRowOnLine(_ file: String, line: Int) -> String {
        "No row of \(file) starts on line \(line), so nothing was changed. \"show all\" lists the rows by line."
    }

    /// `fix 1` where line 1 holds several rows (`typed` is the address as typed, `addresses`
    /// the rows' own).
    public static func severalRowsOnLine(_ file: String, line: Int, typed: String, addresses: [String]) -> String {
        "Line \(line) of \(file) holds \(addresses.count) rows, so \"\(typed)\" could mean \(list(addresses)); nothing was changed. Name the row by its address, as the preview prints it."
    }

    /// `fix 1.4` where line 1 holds fewer rows.
    public static func noSuchRowOnLine(_ file: String, line: Int, typed: String, addresses: [String]) -> String {
        let rows = addresses.count == 1 ? "one row" : "\(addresses.count) rows"
        return
            "Line \(line) of \(file) holds \(rows) (\(listAll(addresses))), and none is \"\(typed)\"; nothing was changed."
    }

    /// `a`, `a and b`, `a, b and c`.
    static func listAll(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// A fix as a person typed it, in a few words: `weight 80.4 kg`, `skip`.
    static func describe(_ fix: ImportFix) -> String {
        if fix.skipped { return "skip" }
        let fields: [String] = ImportFix.Field.allCases.compactMap { field in
            guard let text = fix.fields[field] else { return nil }
            switch field {
            case .weight: return "weight \(text)"
            case .date: return "date \(StoredTime.date(text).map(LocalCalendar.minuteText) ?? text)"
            case .note: return "note \"\(text)\""
            }
        }
        let kinds = fix.measures.keys.sorted().map { "\(kindWord($0)) \(fix.measures[$0] ?? "")" }
        return (fields + kinds).joined(separator: ", ")
    }

    /// A fix an earlier trendsh kept by line that restoring had to drop, and why.
    public static func droppedLineFix(_ dropped: DroppedLineFix, draft: ImportDraft) -> String {
        let line =
            draft.files.count > 1 && draft.files.indices.contains(dropped.line.file)
            ? "\(draft.files[dropped.line.file].name) line \(dropped.line.line)" : "line \(dropped.line.line)"
        let fix = "The import's fix of \(line) (\(describe(dropped.fix))) was dropped"
        switch dropped.reason {
        case .noRow:
            return fix + ": no row starts on that line now."
        case .severalRows(let count):
            let addresses = (1...max(count, 1)).map {
                rowAddress(
                    RowKey(file: dropped.line.file, line: dropped.line.line, ordinal: $0), sharesLine: true, in: draft)
            }
            return fix
                + ": \(count) rows start on that line, and a fix must now name one. Type it again with the row's address: \(list(addresses))."
        case .unreadable(let problem):
            return fix + ", since trendsh could not read the file to tell which row it meant. " + reason(problem)
        }
    }

    /// `w.csv` names more than one of the import's files (`candidates`, as typed at `import`).
    public static func ambiguousImportFile(_ name: String, candidates: [String], address: String) -> String {
        "\"\(name)\" names more than one of the import's files (\(listAll(candidates))), so nothing was changed. Type the file as the import names it, as in \"\(candidates.first ?? ""):\(address)\"."
    }

    public static func noSuchImportFile(_ name: String, draft: ImportDraft) -> String {
        "\"\(name)\" is not one of the import's files (\(draft.files.map(\.name).joined(separator: ", ")))."
    }

    public static func exportFailed(_ error: ExportError) -> String {
        switch error {
        case .storage(let storage): return "The export could not read the store. " + reason(storage)
        case .file(let file):
            switch file.reason {
            case .refused(let refusal): return namedFileRefused(file.path, refusal, for: .export)
            case .system(let number):
                return
                    "The export could not be written to \(file.path): \(systemMessage(number)). The file is as it was."
            }
        case .output(let number):
            return "The export could not be written to standard output: \(systemMessage(number))."
        }
    }
}

extension Messages {
    public static func exported(_ count: Int, habits: Bool, to path: String) -> String {
        let what = habits ? (count == 1 ? "1 habit" : "\(count) habits") : entries(count)
        return "Exported \(what) to \(path)."
    }

    /// `fix` named a word that is no field of a row and no kind of measurement.
    public static func notAFixField(_ word: String, kinds: [MeasurementKind]) -> String {
        let kindWords = kinds.filter { $0.id != .weight }.map(\.word)
        let choices = (["weight", "date", "note"] + kindWords + ["skip", "reset"]).joinedWords(separator: ", ")
        return "\"\(word)\" is not a field of an import's row; use \(choices)."
    }

    public static let fixNeedsFile =
        "The import has several files; name the row's file, as in \"fix FILE:LINE weight 75.4\"."
}
