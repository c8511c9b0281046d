/// Why a file named for import cannot be imported at all. A file problem refuses the whole
/// import, and nothing is written; a row problem (`RowProblem`) only leaves out its row.
public enum ImportFileError: Error, Equatable, Sendable {
    /// The file could not be opened (its errno).
    case cannotOpen(errno: Int32)
    /// The path names a folder, a device or a pipe, which trendsh never reads as an export.
    case notARegularFile(FileKind)
    /// A zip archive (as Apple Health exports arrive): it must be unzipped first.
    case zipArchive
    /// The file is none of the layouts trendsh reads.
    case unknownLayout
    /// trendsh's own export of habits, which `import` does not read.
    case habitsExport
    /// Bytes that are not UTF-8, first met on this line.
    case invalidUTF8(line: Int)
    /// A quoted field opened on this line is never closed.
    case unterminatedQuote(line: Int)
    /// A field (or an XML tag, or a JSON string) longer than 1 MB, on this line.
    case fieldTooLong(line: Int)
    /// A row longer than 4 MB, or with more than 10,000 fields, on this line.
    case rowTooLong(line: Int)
    /// An XML entity declaration (`<!ENTITY`) or parameter entity, which trendsh never expands.
    case entityDeclaration(line: Int)
    /// A reference to an XML entity that is not one of XML's five (`&lt;` …) or a character.
    case undefinedEntity(line: Int, name: String)
    /// JSON or XML that breaks its grammar on this line.
    case malformed(line: Int)
    /// XML that ends, on this line, before every element it opened is closed (no
    /// `</HealthData>`): a file cut short.
    case endsEarly(line: Int)
    /// An XML tag, on this line, names one attribute twice, so which value is meant is unknown.
    case repeatedAttribute(line: Int, name: String)
    /// trendsh's own JSON export gives a version of its format that this trendsh does not
    /// read (as written): one newer than `EntryExporter.entriesVersion`, or no version at all.
    case unreadableVersion(String)
    /// trendsh's own JSON export declares a kind (in its `kinds`) that no kind can be: the
    /// kind's id as written, or empty.
    case unreadableKind(String)
    /// Reading failed part way (its errno).
    case readFailed(errno: Int32)
    /// The file differs from the one previewed (its size, time or content).
    case changedSincePreview
    /// A spreadsheet whose columns or dates cannot be told, or options that do not fit the file.
    case spreadsheet(SpreadsheetProblem)
}

/// A file problem, with the file's name as the person typed it.
public struct ImportFileProblem: Error, Equatable, Sendable {
    public var file: String
    public var error: ImportFileError

    public init(file: String, error: ImportFileError) {
        self.file = file
        self.error = error
    }
}
