/// Where an export's bytes go, one record at a time: a file a person named, or standard
/// output. A record is one CSV row or one line of JSON, its line end included, so a sink that
/// shows text to a person can escape it line by line.
@MainActor
public protocol ExportSink: AnyObject {
    func write(record: UnsafeBufferPointer<UInt8>) throws(ExportError)
}

/// Why an export stopped. A file is then left as it was; standard output has what was
/// written before the failure.
public enum ExportError: Error, Equatable, Sendable {
    /// The store could not be read.
    case storage(StorageError)
    /// The named file could not be written.
    case file(NamedFileError)
    /// Standard output could not be written (its errno).
    case output(errno: Int32)
}

/// The formats `export` writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// RFC 4180: a header, then one row per record, CRLF line ends.
    case csv
    /// One JSON document, one record per line.
    case json
}

/// An export into a file a person named: written to a temporary file beside it and renamed
/// into place once complete, so the old file or the whole new one is there.
@MainActor
public final class NamedFileSink: ExportSink {
    private let file: NamedFile

    public init(path: String, rules: NamedFileRules) throws(ExportError) {
        do {
            file = try NamedFile(path: path, rules: rules)
        } catch {
            throw .file(error)
        }
    }

    public func write(record: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        do {
            try file.write(record)
        } catch {
            file.abandon()
            throw .file(error)
        }
    }

    /// Puts the finished file in place.
    public func commit() throws(ExportError) {
        do {
            try file.commit()
        } catch {
            throw .file(error)
        }
    }

    /// Drops what was written; the named file is as it was.
    public func abandon() { file.abandon() }
}
