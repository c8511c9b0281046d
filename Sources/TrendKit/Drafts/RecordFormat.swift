/// How a `LockedRecordFile` keeps what it holds: the file's first line, which says what the
/// file is, and the contents as one `DraftRecord` and back.
struct RecordFormat<Contents: Sendable>: Sendable {
    /// The file's first line: `DraftFile.magic` for the draft file.
    let firstLine: [UInt8]
    /// What a file holding no record holds.
    let empty: Contents
    /// The record kept for `contents`; nil to keep none.
    let record: @Sendable (Contents) -> DraftRecord?
    /// What `record` holds; nil when it is not a record of this format.
    let contents: @Sendable (DraftRecord) -> Contents?
}
