import TrendKit

/// The structured answers about drafts: `show` (the open draft, with its text lines beside),
/// `status` (each feature, the draft, the pending changes), and an import's preview.
enum DraftResults {
    /// The open draft in a few fields; `null` with none open.
    @MainActor
    static func draft(_ open: (any PresentableDraft)?, session: Session) -> JSONValue {
        guard let open else { return .null }
        var fields = JSONFields()
        fields.add("kind", .string(type(of: open).draftKind.rawValue))
        fields.add("target", .string(open.target))
        fields.add("summary", .string(open.summary))
        fields.add("unsavedChanges", .bool(open.hasUnsavedChanges))
        fields.add("lastError", .string(open.lastError.map { Messages.reason($0, units: session.units) }))
        return fields.value
    }

    /// `show`: the draft, and the lines the text shows (kept as `lines`).
    @MainActor
    static func show(_ open: (any PresentableDraft)?, session: Session) -> CommandResult {
        var fields = JSONFields()
        fields.add("draft", draft(open, session: session))
        return CommandResult(fields, keepsLines: true)
    }

    /// How a spreadsheet was read: its separator, how its dates are written and what told
    /// trendsh so, and what each column was read as.
    static func spreadsheet(_ reading: SpreadsheetReading) -> JSONValue {
        var fields = JSONFields()
        let separator: String
        switch reading.delimiter {
        case 0x3B: separator = ";"
        case 0x09: separator = "\t"
        default: separator = ","
        }
        fields.add("separator", .string(separator))
        let order: String
        switch reading.dates {
        case .iso: order = "iso"
        case .dayFirst: order = "day-first"
        case .monthFirst: order = "month-first"
        }
        fields.add("dates", .string(order))
        switch reading.datesSource {
        case .file(let example, let line):
            fields.add("datesFrom", .string("file"))
            fields.add("datesExample", .string(example))
            fields.add("datesLine", .integer(line))
        case .given: fields.add("datesFrom", .string("option"))
        case .eitherWay: fields.add("datesFrom", .string("either-way"))
        }
        let columns: [JSONValue] = reading.columns.map { column in
            var row = JSONFields()
            row.add("number", .integer(column.number))
            row.add("header", .string(column.header))
            switch column.role {
            case .date: row.add("readAs", .string("date"))
            case .time: row.add("readAs", .string("time"))
            case .note: row.add("readAs", .string("note"))
            case .kind(let id, let unit):
                row.add("readAs", .string("kind"))
                row.add("kind", .string(id.rawValue))
                row.add("unit", .string(unit))
            }
            row.add("byHand", .bool(column.byHand))
            return row.value
        }
        fields.add("columns", .array(columns))
        return fields.value
    }

    /// An import's preview: each file as read, and how many rows of each kind it holds.
    static func preview(_ preview: ImportPreview, draft: ImportDraft, open: JSONValue? = nil) -> CommandResult {
        var fields = JSONFields()
        var files: [JSONValue] = []
        for (index, file) in preview.files.enumerated() {
            var row = JSONFields()
            row.add("name", .string(index < draft.files.count ? draft.files[index].name : nil))
            row.add("layout", .string(file.layout.rawValue))
            row.add("unit", .string(file.unit?.symbol))
            row.add("unitFrom", .string(file.unitSource.rawValue))
            row.add("rows", .integer(file.rows))
            row.add("kinds", .array(file.kinds.map { .string($0.word) }))
            if let reading = file.spreadsheet { row.add("spreadsheet", spreadsheet(reading)) }
            files.append(row.value)
        }
        fields.add("files", .array(files))
        fields.add("new", .integer(preview.newCount))
        fields.add("duplicates", .integer(preview.duplicateCount))
        fields.add("rejected", .integer(preview.rejectedCount))
        fields.add("skipped", .integer(preview.skippedCount))
        fields.add("addsToStored", .integer(preview.addsCount))
        fields.add("conflicts", .integer(preview.conflictCount))
        fields.add("droppedValues", .integer(preview.droppedCount))
        let time = { (milliseconds: Int64?) -> JSONValue? in
            milliseconds.map { .string(LocalTimeText.iso(milliseconds: $0)) }
        }
        fields.optional("earliest", time(preview.earliest), missing: .noNewRows)
        fields.optional("latest", time(preview.latest), missing: .noNewRows)
        var wrapped = JSONFields()
        if let open { wrapped.add("draft", open) }
        wrapped.add("preview", fields.value)
        return CommandResult(wrapped, keepsLines: true)
    }
}
