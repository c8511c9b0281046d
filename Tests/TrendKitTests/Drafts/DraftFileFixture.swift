import TrendKit

/// A draft file's place in a temporary directory of its own, as the draft-file tests use it.
enum DraftFileFixture {
    /// A draft as trendsh 0.1 wrote it: one JSON object, no unit.
    static let draft01 = #"{"draft":{"id":"x","date":123.0,"value":"75","note":""}}"#

    /// A new temporary directory, `trend.sqlite.draft` in it (holding `draft01` when
    /// `writing01Draft`, else nothing yet) and a `DraftFile` over it. The test removes the
    /// directory.
    static func made(writing01Draft: Bool = false) throws -> (
        directory: TemporaryDirectory, path: String, file: DraftFile
    ) {
        let directory = try TemporaryDirectory()
        let name = "trend.sqlite.draft"
        let path = writing01Draft ? try directory.write(Array(draft01.utf8), to: name) : directory.file(name)
        return (directory, path, DraftFile(path: path))
    }
}
