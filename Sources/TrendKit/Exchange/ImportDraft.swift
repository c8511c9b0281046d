#if canImport(Glibc)
    import Glibc
#endif

/// An import being prepared: the files named, the unit given for them (if any), the fixes
/// typed for single rows, and what the last preview saw of each file. Nothing is written to
/// the store until it is saved; its identity is recorded with the save, so a retry writes
/// nothing twice.
public struct ImportDraft: Sendable, Equatable {
    public var id: DraftID
    public var files: [ImportedFile]
    /// `import FILE kg|lb`: the unit for files that name none.
    public var givenUnit: WeightUnit?
    /// `--dates` and `--column`: how a spreadsheet's dates and columns are read.
    public var spreadsheet: SpreadsheetOptions
    public var fixes: [RowKey: ImportFix]
    /// Fixes an earlier trendsh kept by line alone, until restoring settles them
    /// (`EntryImporter.settleLineFixes`); no pass applies them.
    public var lineFixes: [LineKey: ImportFix]

    public init(
        id: DraftID = .make(), files: [ImportedFile], givenUnit: WeightUnit? = nil,
        spreadsheet: SpreadsheetOptions = .init(), fixes: [RowKey: ImportFix] = [:],
        lineFixes: [LineKey: ImportFix] = [:]
    ) {
        self.id = id
        self.files = files
        self.givenUnit = givenUnit
        self.spreadsheet = spreadsheet
        self.fixes = fixes
        self.lineFixes = lineFixes
    }

    /// The draft as the draft file keeps it. A fix is kept as `fix.FILE.LINE.ORDINAL.FIELD` (a
    /// kind's value as `fix.FILE.LINE.ORDINAL.kind-KIND`); an
    /// earlier trendsh kept `fix.FILE.LINE.FIELD`, which names a line, and is read as one of
    /// `lineFixes` (and kept so until it is settled).
    public var record: DraftRecord {
        var fields = ["id": id.rawValue, "unit": givenUnit?.rawValue ?? "", "files": String(files.count)]
        for (index, file) in files.enumerated() {
            fields["file.\(index).name"] = file.name
            fields["file.\(index).path"] = file.path
            if let previewed = file.previewed { fields["file.\(index).previewed"] = previewed.text }
        }
        if let dates = spreadsheet.dates { fields["dates"] = dates.rawValue }
        if !spreadsheet.columns.isEmpty { fields["columns"] = String(spreadsheet.columns.count) }
        for (index, choice) in spreadsheet.columns.enumerated() {
            fields["column.\(index).of"] = choice.column
            fields["column.\(index).as"] = choice.role
        }
        func keep(_ fix: ImportFix, prefix: String) {
            for (field, text) in fix.fields { fields[prefix + field.rawValue] = text }
            for (kind, text) in fix.measures { fields[prefix + "kind-" + kind.rawValue] = text }
            if fix.skipped { fields[prefix + "skip"] = "1" }
        }
        for (key, fix) in fixes { keep(fix, prefix: "fix.\(key.file).\(key.line).\(key.ordinal).") }
        for (key, fix) in lineFixes { keep(fix, prefix: "fix.\(key.file).\(key.line).") }
        return DraftRecord(kind: DraftKind.import.rawValue, fields: fields)
    }

    /// Reads a record back; nil for anything else.
    public init?(record: DraftRecord) {
        guard record.kind == DraftKind.import.rawValue, let id = record["id"], let countText = record["files"],
            let count = Int(countText), count > 0, count <= 10_000
        else { return nil }
        var files: [ImportedFile] = []
        for index in 0..<count {
            guard let name = record["file.\(index).name"], let path = record["file.\(index).path"] else { return nil }
            var previewed: FileFingerprint?
            if let text = record["file.\(index).previewed"] {
                guard let fingerprint = FileFingerprint(text: text) else { return nil }
                previewed = fingerprint
            }
            files.append(ImportedFile(name: name, path: path, previewed: previewed))
        }
        var fixes: [RowKey: ImportFix] = [:]
        var lineFixes: [LineKey: ImportFix] = [:]
        func add(_ part: Substring, _ text: String, to fix: inout ImportFix) -> Bool {
            if part == "skip" {
                fix.skipped = true
            } else if let field = ImportFix.Field(rawValue: String(part)) {
                fix.fields[field] = text
            } else if part.hasPrefix("kind-"), part.count > 5 {
                fix.measures[KindID(String(part.dropFirst(5)))] = text
            } else {
                return false
            }
            return true
        }
        for (name, text) in record.fields where name.hasPrefix("fix.") {
            let parts = name.split(separator: ".")
            guard parts.count == 4 || parts.count == 5, let file = Int(parts[1]), let line = Int(parts[2]),
                files.indices.contains(file)
            else { return nil }
            if parts.count == 5 {
                guard let ordinal = Int(parts[3]), ordinal > 0 else { return nil }
                let key = RowKey(file: file, line: line, ordinal: ordinal)
                var fix = fixes[key] ?? ImportFix()
                guard add(parts[4], text, to: &fix) else { return nil }
                fixes[key] = fix
            } else {
                let key = LineKey(file: file, line: line)
                var fix = lineFixes[key] ?? ImportFix()
                guard add(parts[3], text, to: &fix) else { return nil }
                lineFixes[key] = fix
            }
        }
        let unitText = record["unit"] ?? ""
        var givenUnit: WeightUnit?
        if !unitText.isEmpty {
            guard let unit = WeightUnit(rawValue: unitText) else { return nil }
            givenUnit = unit
        }
        var spreadsheet = SpreadsheetOptions()
        if let text = record["dates"] {
            guard let dates = DateReading(rawValue: text) else { return nil }
            spreadsheet.dates = dates
        }
        if let text = record["columns"] {
            guard let count = Int(text), count > 0, count <= 10_000 else { return nil }
            for index in 0..<count {
                guard let column = record["column.\(index).of"], let role = record["column.\(index).as"] else {
                    return nil
                }
                spreadsheet.columns.append(ColumnChoice(column: column, role: role))
            }
        }
        self.init(
            id: DraftID(rawValue: id), files: files, givenUnit: givenUnit, spreadsheet: spreadsheet, fixes: fixes,
            lineFixes: lineFixes)
    }
}

/// One file named for import.
public struct ImportedFile: Sendable, Equatable {
    /// The file a person named, its path made absolute from the working folder.
    public static func named(_ name: String) -> ImportedFile {
        guard !name.hasPrefix("/") else { return ImportedFile(name: name, path: name) }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return ImportedFile(name: name, path: name) }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return ImportedFile(name: name, path: (folder == "/" ? "" : folder) + "/" + name)
    }

    /// The name as the person typed it, for messages.
    public var name: String
    /// The absolute path, so a draft restored in another folder still finds it.
    public var path: String
    /// What the last preview saw; `save` refuses a file that differs from it.
    public var previewed: FileFingerprint?

    public init(name: String, path: String, previewed: FileFingerprint? = nil) {
        self.name = name
        self.path = path
        self.previewed = previewed
    }
}

extension DraftKind {
    /// An import of other apps' exports (or trendsh's own).
    public static let `import` = DraftKind("import")
}
