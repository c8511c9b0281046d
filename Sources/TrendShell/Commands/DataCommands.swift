import TrendKit

/// Data in and out: `import` (a draft of other apps' exports), `fix` (a row of it), and
/// `export` (every entry, or every habit, as CSV or JSON, to a file or standard output).
enum DataCommands {
    static let all: [CommandDeclaration] = [importFiles, fix, export]

    /// `import FILE... [--unit kg|lb] [--dates …] [--column …]...`, parsed.
    struct ImportRequest: Hashable, Sendable {
        var files: [String]
        var unit: WeightUnit?
        var spreadsheet = SpreadsheetOptions()
    }

    static let importFiles = CommandDeclaration.command(
        "import", group: .data, usage: "import FILE... " + ImportOption.usage,
        summary: "Preview an import of exported weights as a draft; \"save\" adds them.",
        example: "import weight-2026-10.json weight-2026-11.json --unit lb",
        details: Messages.layoutsReadLines + [
            "A file that names no unit (Fitbit, TrendWeight) is read in the unit setting; --unit kg|lb",
            "reads such files in that unit (so does kg or lb as the last word, as before). A name with",
            "spaces goes in double quotes; a zip must be unzipped first. A row with the time and weight",
            "of a stored entry (or of an earlier row) is a duplicate and is left out.",
        ] + Messages.spreadsheetLines,
        answers: AnswerForms(json: ["import FILE..."]),
        parse: { arguments throws(ParseError) in try ImportOption.parse(arguments) },
        complete: { request in ImportOption.complete(after: request.previousWords.last) },
        run: { session, request in
            if let open = session.drafts.open, open.hasUnsavedChanges {
                return session.fail(Messages.draftIsOpen(session.presentedDraft?.summary ?? ""))
            }
            let draft = ImportDraft(
                files: request.files.map(ImportedFile.named), givenUnit: request.unit, spreadsheet: request.spreadsheet)
            let editor = ImportEditor(importer: session.exchange.importer, draft: draft)
            switch editor.refreshPreview() {
            case .failure(let error):
                return session.fail(Messages.importRefused(error, units: session.units))
            case .success(let preview):
                guard session.open(editor) else { return .failed }
                session.answer { DraftResults.preview(preview, draft: editor.draft) }
                for line in Messages.previewLines(preview, draft: editor.draft, units: session.units) {
                    session.say(line)
                }
                return .succeeded
            }
        })

    /// `fix [FILE:]LINE[.K] weight|date|note|KIND TEXT`, `fix [FILE:]LINE[.K] skip|reset`, parsed.
    struct FixRequest: Hashable, Sendable {
        enum Action: Hashable, Sendable {
            case set(ImportFix.Field, String)
            /// A kind other than weight, by the word typed (the session's kinds say which).
            case setKind(String, String)
            case skip
            case reset
        }
        var file: String?
        var line: Int
        /// `K` of `LINE.K`: which of the rows starting on the line; nil for `LINE` alone.
        var ordinal: Int? = nil
        var action: Action
    }

    static let fix = CommandDeclaration.command(
        "fix", group: .data, usage: "fix [FILE:]LINE[.K] weight|date|note|KIND TEXT | fix [FILE:]LINE[.K] skip|reset",
        summary: "Correct one row of the open import; the file itself is not changed.",
        example: "fix 4 weight 70.2",
        details: [
            "A row is named by its address, as the preview prints it: LINE, the line it starts on, or",
            "LINE.K, the K-th of several rows that start on one line (an Apple Health or JSON export",
            "may hold them all on one): \"fix 1.2 weight 80.4\". With several files, FILE:LINE or",
            "FILE:LINE.K, FILE as the import names it. A fix that could mean several rows is refused.",
            "A weight is read in the file's unit unless it names its own (\"fix 4 weight 154 lb\"); a",
            "date is typed as for \"date\"; a note is the rest of the line. Any other kind by its word,",
            "in its stored unit unless TEXT names one (\"fix 4 fat 21.5\", \"fix 4 waist 32 in\"); an empty",
            "TEXT leaves that value out. \"skip\" leaves the row out, \"reset\" undoes its fixes.",
        ],
        readsStore: false,
        keywords: ["weight", "date", "note", "skip", "reset"],
        parse: parseFix,
        complete: { request in request.previousWords.count == 1 ? ["weight", "date", "note", "skip", "reset"] : [] },
        run: { session, request in applyFix(request, in: session) })

    static func parseFix(_ arguments: Arguments) throws(ParseError) -> FixRequest {
        var rest = Substring(arguments.rest)
        func word() -> Substring {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let taken = rest.prefix { $0 != " " && $0 != "\t" }
            rest = rest.dropFirst(taken.count)
            return taken
        }
        let row = word()
        let action = word().lowercased()
        let text = String(rest.drop { $0 == " " || $0 == "\t" })
        guard !row.isEmpty, !action.isEmpty else { throw arguments.problem(.needs("a line and what to fix")) }
        guard let address = rowAddress(row) else {
            throw arguments.problem(
                .notOneOf(
                    word: String(row), what: "a row's address",
                    choices: ["LINE", "LINE.K", "FILE:LINE", "FILE:LINE.K"]))
        }
        let request = { (action: FixRequest.Action) in
            FixRequest(file: address.file, line: address.line, ordinal: address.ordinal, action: action)
        }
        switch action {
        case "skip", "reset":
            guard text.isEmpty else { throw arguments.problem(.tooManyWords(max: 2)) }
            return request(action == "skip" ? .skip : .reset)
        default:
            guard let field = ImportFix.Field(rawValue: action) else {
                // Another kind's word: which kinds there are is the session's to say.
                guard action.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "_" }) else {
                    throw arguments.problem(
                        .notOneOf(
                            word: action, what: "a field",
                            choices: ["weight", "date", "note", "KIND", "skip", "reset"]))
                }
                return request(.setKind(action, text))
            }
            guard field == .note || !text.isEmpty else { throw arguments.problem(.needs("a \(field.rawValue)")) }
            return request(.set(field, text))
        }
    }

    /// `[FILE:]LINE[.K]`: the file is everything before the last colon, so a name may hold
    /// colons and dots (`a:b.v2.csv:3.1`); LINE and K are whole numbers from 1, in digits.
    static func rowAddress(_ word: Substring) -> (file: String?, line: Int, ordinal: Int?)? {
        var file: String?
        var numbers = word
        if let colon = word.lastIndex(of: ":") {
            file = String(word[..<colon])
            numbers = word[word.index(after: colon)...]
        }
        let parts = numbers.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        func number(_ text: Substring) -> Int? {
            guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), value > 0 else { return nil }
            return value
        }
        guard let first = parts.first, let line = number(first) else { return nil }
        guard parts.count == 2 else { return (file, line, nil) }
        guard let ordinal = number(parts[1]) else { return nil }
        return (file, line, ordinal)
    }

    @MainActor
    private static func applyFix(_ request: FixRequest, in session: Session) -> Session.Outcome {
        guard let editor = session.drafts.open as? ImportEditor else { return session.fail(Messages.noImportOpen) }
        let draft = editor.draft
        let lineTyped = request.ordinal.map { "\(request.line).\($0)" } ?? "\(request.line)"
        let index: Int
        if let name = request.file {
            // The name as typed at `import` names its file; otherwise the end of a path must
            // name exactly one file.
            let exact = draft.files.indices.filter { draft.files[$0].name == name }
            let found =
                exact.isEmpty ? draft.files.indices.filter { draft.files[$0].path.hasSuffix("/" + name) } : exact
            guard let first = found.first else { return session.fail(Messages.noSuchImportFile(name, draft: draft)) }
            guard found.count == 1 else {
                return session.fail(
                    Messages.ambiguousImportFile(
                        name, candidates: found.map { draft.files[$0].name }, address: lineTyped))
            }
            index = first
        } else {
            guard draft.files.count == 1 else { return session.fail(Messages.fixNeedsFile) }
            index = 0
        }
        let rows: RowsOnLine
        do throws(TrendError) {
            rows = try session.exchange.importer.rows(startingOn: request.line, file: index, of: draft)
        } catch {
            return session.fail(Messages.reason(error, units: session.units))
        }
        let fileName = draft.files[index].name
        guard rows.count > 0 else { return session.fail(Messages.noRowOnLine(fileName, line: request.line)) }
        let sharesLine = rows.count > 1
        let addresses = (1...rows.count).map {
            Messages.rowAddress(RowKey(file: index, line: request.line, ordinal: $0), sharesLine: sharesLine, in: draft)
        }
        let ordinal: Int
        switch request.ordinal {
        case nil where sharesLine:
            return session.fail(
                Messages.severalRowsOnLine(fileName, line: request.line, typed: lineTyped, addresses: addresses))
        case nil:
            ordinal = 1
        case let typed? where typed > rows.count:
            return session.fail(
                Messages.noSuchRowOnLine(fileName, line: request.line, typed: lineTyped, addresses: addresses))
        case let typed?:
            ordinal = typed
        }
        let key = RowKey(file: index, line: request.line, ordinal: ordinal)
        var fix = draft.fixes[key] ?? ImportFix()
        switch request.action {
        case .reset:
            fix = ImportFix()
        case .skip:
            fix.skipped = true
        case .set(.date, let text):
            do throws(DateTextError) {
                let parsed = try EntryDateParser.date(from: text, now: session.weights.latestPermittedEntryDate)
                fix.fields[.date] = StoredTime.text(parsed.date)
            } catch {
                return session.fail(Messages.reason(error) + " The row is unchanged.")
            }
            fix.skipped = false
        case .set(.weight, let text):
            var weight = text
            if WeightText(text).unit == nil {
                // A bare number is read in the file's unit, settled now so its meaning stays.
                do throws(TrendError) {
                    let unit = try session.exchange.importer.unit(of: draft, file: index) ?? session.unit.numberUnit
                    weight += " " + unit.symbol
                } catch {
                    return session.fail(Messages.reason(error, units: session.units))
                }
            }
            fix.fields[.weight] = weight
            fix.skipped = false
        case .set(.note, let text):
            fix.fields[.note] = text
            fix.skipped = false
        case .setKind(let word, let text):
            guard let kind = session.weights.kinds.kind(named: word), kind.id != .weight else {
                return session.fail(Messages.notAFixField(word, kinds: session.weights.kinds.all))
            }
            // An empty text leaves the kind's value out of the row.
            fix.measures[kind.id] = text
            fix.skipped = false
        }
        guard let check = rows.check(ordinal, fix: fix) else {
            return session.fail(Messages.noRowOnLine(fileName, line: request.line))
        }
        let before = rows.check(ordinal, fix: draft.fixes[key])
        editor.setFix(fix, for: key)
        return session.say(
            Messages.fixed(
                check, before: before,
                row: Messages.rowName(key, sharesLine: sharesLine, in: draft, startingASentence: true),
                address: Messages.rowAddress(key, sharesLine: sharesLine, in: draft), units: session.units))
    }

    /// `export [habits] csv|json [FILE]`, parsed.
    struct ExportRequest: Hashable, Sendable {
        var habits: Bool
        var format: ExportFormat
        var path: String?
    }

    static let export = CommandDeclaration.command(
        "export", group: .data, usage: "export [habits] csv|json [FILE]",
        summary: "Write every entry (or every habit) as CSV or JSON, to FILE or to standard output.",
        example: "export csv weights.csv",
        details: [
            "Entries: the date in ISO 8601 with its offset, kilograms exactly, the weight in the unit,",
            "and the note. CSV follows RFC 4180; a note a spreadsheet would run as a formula gets one '",
            "in front, which trendsh's import removes. FILE is replaced whole, with the usual mode for",
            "your umask; a symbolic link named is followed.",
        ],
        keywords: ["csv", "json", "habits"],
        parse: { arguments throws(ParseError) in
            var words = try arguments.words()[...]
            let habits = words.first?.lowercased() == "habits"
            if habits { words = words.dropFirst() }
            guard let formatWord = words.first else { throw arguments.problem(.needs("a format, csv or json")) }
            guard let format = ExportFormat(rawValue: formatWord.lowercased()) else {
                throw arguments.problem(
                    .notOneOf(word: formatWord, what: "a format", choices: ExportFormat.allCases.map(\.rawValue)))
            }
            words = words.dropFirst()
            guard words.count <= 1 else { throw arguments.problem(.atMostOne("file name")) }
            return ExportRequest(habits: habits, format: format, path: words.first)
        },
        complete: { request in
            switch request.previousWords.count {
            case 0: return ["csv", "json", "habits"]
            case 1 where request.previousWords[0].lowercased() == "habits": return ["csv", "json"]
            default: return []
            }
        },
        run: { session, request in export(request, in: session) })

    @MainActor
    private static func export(_ request: ExportRequest, in session: Session) -> Session.Outcome {
        let exporter = session.exchange.exporter
        func run(_ sink: any ExportSink) throws(ExportError) -> Int {
            request.habits
                ? try exporter.exportHabits(as: request.format, to: sink)
                : try exporter.exportEntries(
                    as: request.format, to: sink, asOf: session.weights.latestPermittedEntryDate)
        }
        guard let path = request.path else {
            // Standard output gets the export's own format, in JSON mode too: no answer object.
            session.wroteItsOwnFormat()
            do throws(ExportError) {
                _ = try run(ExportOutput(output: session.output))
                return .succeeded
            } catch {
                return session.fail(Messages.exportFailed(error))
            }
        }
        do throws(ExportError) {
            let file = try NamedFileSink(path: path, rules: session.namedFiles)
            let count: Int
            do throws(ExportError) {
                count = try run(file)
                try file.commit()
            } catch {
                file.abandon()
                throw error
            }
            return session.say(Messages.exported(count, habits: request.habits, to: path))
        } catch {
            return session.fail(Messages.exportFailed(error))
        }
    }
}
