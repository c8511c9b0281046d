import Testing
import TrendKit
import TrendshTestSupport

/// The draft file is rebuilt, a whole new file renamed over the old, for a draft bigger than a
/// slot and for a file from trendsh 0.1. After a rebuild, as before it, every write goes into
/// the slot that does not hold the newest draft, so a write torn at any point leaves the draft
/// before it readable: first of all the rebuilt one.
@Suite struct DraftFileRebuildTests {
    static let record = DraftRecord(kind: "weight", fields: ["id": "draft-morning", "value": "75,5", "note": "after"])
    static let later = DraftRecord(kind: "weight", fields: ["id": "draft-morning", "value": "74", "note": "later"])
    static let huge = DraftRecord(
        kind: "weight", fields: ["id": "draft-morning", "value": "75", "note": String(repeating: "體", count: 20_000)])

    /// Where the slot holding the newest draft lies in the file's bytes, read as the format
    /// describes it (a header page whose first line is followed by the slot size, then two
    /// slots that start with `TDS2` and a sequence number); nil when no slot holds a draft.
    static func newestSlot(in bytes: [UInt8]) -> Range<Int>? {
        guard let lineEnd = bytes.firstIndex(of: 0x0A), bytes.count >= lineEnd + 5 else { return nil }
        let size = (0..<4).reduce(0) { $0 | Int(bytes[lineEnd + 1 + $1]) << (8 * $1) }
        var newest: (range: Range<Int>, sequence: UInt64)?
        for slot in 0..<2 {
            let start = 4096 + slot * size
            guard bytes.count >= start + 12, Array(bytes[start..<start + 4]) == Array("TDS2".utf8) else { continue }
            let sequence = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[start + 4 + $1]) << (8 * UInt64($1)) }
            if newest.map({ sequence > $0.sequence }) ?? true { newest = (start..<start + size, sequence) }
        }
        return newest?.range
    }

    /// Writes each record in turn through `file`. After a write in place it checks that no
    /// byte of the newest slot changed, and that the write torn halfway (the first half of
    /// the bytes it changed on disk, the rest as before) leaves the draft before it; after a
    /// rebuild, that the new file holds the new draft.
    static func writeChecking(
        _ records: [DraftRecord?], through file: DraftFile, at path: String, after first: DraftRecord?,
        in directory: TemporaryDirectory, rebuilds: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var previous = first
        var rebuilt = 0
        for record in records {
            let before = try #require(fileBytes(path), sourceLocation: sourceLocation)
            try file.write(record)
            let after = try #require(fileBytes(path), sourceLocation: sourceLocation)
            #expect(try DraftFile(path: path).load() == record, sourceLocation: sourceLocation)
            if after.count != before.count || before.first == UInt8(ascii: "{") {
                rebuilt += 1
            } else {
                let changed = before.indices.filter { before[$0] != after[$0] }
                if let newest = newestSlot(in: before) {
                    #expect(
                        changed.allSatisfy { !newest.contains($0) }, "a write landed in the newest draft's slot",
                        sourceLocation: sourceLocation)
                }
                var torn = after
                for index in changed[(changed.count / 2)...] { torn[index] = before[index] }
                try directory.write(torn, to: "trend.sqlite.draft")
                #expect(
                    try DraftFile(path: path).load() == previous, "a torn write lost the draft before it",
                    sourceLocation: sourceLocation)
                try directory.write(after, to: "trend.sqlite.draft")
            }
            previous = record
        }
        #expect(rebuilt == rebuilds, "the writes that rebuilt the file", sourceLocation: sourceLocation)
    }

    @Test func afterARebuildForADraftBiggerThanASlotNoWriteLandsInTheNewestSlotAndATornOneLosesNothing() throws {
        let (directory, path, file) = try DraftFileFixture.made()
        defer { directory.remove() }
        try file.write(Self.record)

        try Self.writeChecking(
            [Self.later, Self.huge, Self.record, Self.later, nil, Self.record, Self.huge, Self.later], through: file,
            at: path, after: Self.record, in: directory, rebuilds: 1)
    }

    @Test func afterA01DraftIsRebuiltNoWriteLandsInTheNewestSlotAndATornOneLosesNothing() throws {
        let (directory, path, file) = try DraftFileFixture.made(writing01Draft: true)
        defer { directory.remove() }
        let legacy = try #require(try file.load())
        try file.prepare()
        #expect(fileBytes(path) == Array(DraftFileFixture.draft01.utf8), "preparing leaves the 0.1 draft where it is")

        try Self.writeChecking(
            [Self.record, Self.later, nil, Self.record, Self.later], through: file, at: path, after: legacy,
            in: directory, rebuilds: 1)
    }

    @Test func a01DraftClosedAtItsFirstWriteLeavesAFileThatHoldsNoDraft() throws {
        let (directory, path, file) = try DraftFileFixture.made(writing01Draft: true)
        defer { directory.remove() }
        let legacy = try #require(try file.load())

        try Self.writeChecking(
            [nil, Self.record, nil], through: file, at: path, after: legacy, in: directory, rebuilds: 1)
    }
}
